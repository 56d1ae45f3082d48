// Starts the real app on a loopback port with a fresh SQLite file, for API and browser tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, inject } from 'vitest';
import { type App, type AppDeps, buildApp } from '../../src/server/app.js';
import type { Clock } from '../../src/server/calendar.js';
import { type Config, loadConfig } from '../../src/server/config.js';
import { openStore, type Store } from '../../src/server/db/store.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import type { PasswordCosts, ScryptCost } from '../../src/server/password-hash.js';
import { createThrowawayDatabase } from './postgres.js';

export interface TestServer {
  /** http://127.0.0.1:PORT — also the PUBLIC_URL of this server. */
  url: string;
  app: App;
  store: Store;
  config: Readonly<Config>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Extra environment, as the real process would read it. */
  env?: Record<string, string>;
  clock?: Clock;
  /** Serve the built web app from dist/web (needs `npm run build:web`). */
  withWeb?: boolean;
  /** Fastify logger options (default: silent). */
  logger?: AppDeps['logger'];
  /** An existing database to start on (migrated at the start, as `npm start` does); the caller drops it. */
  databaseUrl?: string;
  /** Password hash costs: FAST_PASSWORD_COSTS unless given; `{}` for the real ones. */
  passwordCosts?: PasswordCosts;
}

/**
 * scrypt at N = 2^10 (1 MB, ~4 ms a hash here), for the passwords test servers hash and check:
 * the same code and the same stored format as the real costs (2^16 for operators, ~0.5 s a
 * check here; 2^15 for links, ~0.15 s), which made the console's and the link options' tests
 * spend minutes of CPU on hashing. Tests of the real costs, and of floods that need checks slow
 * enough to queue, start their server with `passwordCosts: {}`.
 */
export const FAST_SCRYPT: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };
export const FAST_PASSWORD_COSTS: PasswordCosts = { operators: FAST_SCRYPT, links: FAST_SCRYPT };

/** The dialect of this test project: the same suites run once on SQLite and once on PostgreSQL. */
export const testDialect: 'sqlite' | 'postgres' = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shortener-test-'));
  const postgres =
    testDialect === 'postgres' && options.databaseUrl === undefined ? await createThrowawayDatabase(inject('postgresAdminUrl')) : undefined;
  // The port is only known after listen, so PUBLIC_URL is fixed up by reserving one first.
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: options.databaseUrl ?? postgres?.url ?? `sqlite:${path.join(dir, 'links.db')}`,
    LOG_LEVEL: 'silent',
    // Links in tests point at https://example.com/…: never fetch them. Tests of previews
    // turn this on with loopback fixture targets.
    METADATA_FETCH: 'false',
    // Tests create many links from 127.0.0.1, some pointing at loopback fixture pages; the
    // tests of rate limits and target rules turn these back.
    RATE_LIMIT_DISABLED: 'true',
    UNSAFE_ALLOW_LOOPBACK_TARGETS: 'true',
    WEB_DIST_DIR: options.withWeb === true ? 'dist/web' : path.join(dir, 'no-web'),
    ...options.env,
  });
  const store = openStore(config.database);
  await migrateToLatest(store.db, store.dialect);
  const app = await buildApp({
    config,
    store,
    passwordCosts: options.passwordCosts ?? FAST_PASSWORD_COSTS,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await app.server.listen({ port, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    store,
    config,
    async close() {
      await app.server.close();
      await store.close();
      await postgres?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Servers of the built web app for one test file, all closed after it: `const start =
 * webServersForFile();` at the top, then `await start(env)` in a hook or a test.
 */
export function webServersForFile(): (env?: Record<string, string>) => Promise<TestServer> {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const started of servers.splice(0)) await started.close();
  });
  return async (env = {}) => {
    const server = await startTestServer({ withWeb: true, env });
    servers.push(server);
    return server;
  };
}

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface TestStore {
  store: Store;
  /** Opens a second store on the same database (another instance, as far as the store can tell). */
  openAnother(): Store;
  close(): Promise<void>;
}

/** A migrated store of this test project's dialect, on a fresh SQLite file or PostgreSQL database. */
export async function openTestStore(): Promise<TestStore> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shortener-store-'));
  const postgres = testDialect === 'postgres' ? await createThrowawayDatabase(inject('postgresAdminUrl')) : undefined;
  const database: Config['database'] =
    postgres === undefined ? { kind: 'sqlite', file: path.join(dir, 'links.db'), busyTimeoutMs: 2000 } : { kind: 'postgres', url: postgres.url, poolSize: 4 };
  const store = openStore(database);
  await migrateToLatest(store.db, store.dialect);
  const others: Store[] = [];
  return {
    store,
    openAnother() {
      const other = openStore(database);
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.close();
      await store.close();
      await postgres?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A store for the tests of the enclosing describe block (or file): opened before them, closed
 * after. Read `.store` and `.openAnother()` inside tests only.
 */
export function useTestStore(): TestStore {
  let opened: TestStore | undefined;
  beforeAll(async () => {
    opened = await openTestStore();
  });
  afterAll(async () => {
    await opened?.close();
  });
  const current = (): TestStore => {
    if (opened === undefined) throw new Error('the test store opens in beforeAll: use it inside tests');
    return opened;
  };
  return {
    get store() {
      return current().store;
    },
    openAnother: () => current().openAnother(),
    close: async () => undefined,
  };
}
