// Process entry: configuration → store → migrations → app → listen, and a graceful
// shutdown that stops accepting, flushes buffered clicks and closes the store.
import path from 'node:path';
import { buildApp } from './app.js';
import { assertTestSwitchesOff, ConfigError, loadConfig, trustProxyWarning } from './config.js';
import { openStore } from './db/store.js';
import { assertSchemaMatches, migrateToLatest } from './db/migrate.js';
import { assertStoreWritable, storeStartMessage } from './db/store-check.js';
import { holdServerLock, type ServerLock } from './db/sqlite-server-lock.js';
import { anchorTickObjectShape } from './ops/tick-shape-anchor.js';
import { brandContrastWarning } from './web/brand-palette.js';
import { checkGeoDatabases } from './insights/geoip.js';

/** The longest a graceful stop may take before the process exits anyway (exit 1). */
const STOP_DEADLINE_MS = 20_000;

/**
 * How long a stop waits for requests already under way before it closes their connections.
 * The buffered clicks are written only once the listener has closed, so one client that never
 * finishes its body (or a slow upload) held the stop until STOP_DEADLINE_MS, and the process
 * exited 1 with the clicks unwritten. Redirects and creations take milliseconds; this leaves
 * the writes time inside the deadline (and inside an orchestrator's usual 10 s grace).
 */
const DRAIN_MS = 5_000;

// Before anything allocates much (the link cache's warm-up above all): see the module.
anchorTickObjectShape();

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
    assertTestSwitchesOff(config);
    if (config.insights.enabled) checkGeoDatabases(config.insights);
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
    process.exit(1);
  }

  let store;
  // Held until the process ends (kept referenced: a collected connection would drop it).
  let serverLock: ServerLock | undefined;
  try {
    // Before anything touches the file: a second server on it is refused (see the module).
    if (config.database.kind === 'sqlite' && config.database.file !== ':memory:') serverLock = holdServerLock(config.database.file);
    store = openStore(config.database);
    if (config.migrateOnStart) await migrateToLatest(store.db, store.dialect);
    else await assertSchemaMatches(store.db, store.dialect);
    await assertStoreWritable(store.db, store.dialect);
  } catch (error) {
    console.error(`Failed to start: ${storeStartMessage(error, config.database)}`);
    process.exit(1);
  }
  const { server } = await buildApp({ config, store });
  if (config.metadata.allowPrivateAddresses || config.allowLoopbackTargets) {
    server.log.warn('test-only switches are on (forced): loopback addresses are open to link targets or previews');
  }
  const brandWarning = brandContrastWarning(config.site.brandColor);
  if (brandWarning !== undefined) server.log.warn(brandWarning);
  const proxyWarning = trustProxyWarning(config.trustProxy, config.host);
  if (proxyWarning !== undefined) server.log.warn(proxyWarning);

  let stopping = false;
  const cutRequestsUnderWay = (why: string) => {
    server.log.warn(`${why}: closing the connections of requests still under way`);
    server.server.closeAllConnections();
  };
  const stop = async (signal: string) => {
    // A second signal (Ctrl-C again) stops the wait for requests; the clicks are still written.
    if (stopping) return cutRequestsUnderWay(`second ${signal}`);
    stopping = true;
    server.log.info({ signal }, 'shutting down: closing server, flushing clicks');
    setTimeout(() => cutRequestsUnderWay(`shutdown waited ${DRAIN_MS} ms`), DRAIN_MS).unref();
    // Nothing may hold a stop forever (a store that hangs, a writer thread that does not close):
    // the clicks' own deadline (10 s, said in the log) comes first; this one ends the rest.
    setTimeout(() => {
      server.log.error({ afterMs: STOP_DEADLINE_MS }, 'shutdown did not finish in time: exiting');
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    try {
      await server.close();
      await store.close();
      serverLock?.release();
      process.exit(0);
    } catch (error) {
      server.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await server.listen({ port: config.port, host: config.host });
  } catch (error) {
    // The system's words alone ("listen EADDRNOTAVAIL", "getaddrinfo ENOTFOUND") named no variable.
    console.error(`Failed to start: cannot listen on HOST=${config.host} PORT=${config.port}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  // The SQLite file by name: a mistyped path opens a new, empty database, and this line shows which.
  const database = config.database.kind === 'sqlite' ? `sqlite ${path.resolve(config.database.file)}` : 'postgres';
  server.log.info(`${config.site.siteName} at ${config.publicUrl} (listening on ${config.host}:${config.port}, ${database})`);
}

main().catch((error: unknown) => {
  console.error(`Failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
