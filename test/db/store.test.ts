import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { addDays } from '../../src/server/calendar.js';
import { packClicks } from '../../src/server/stats/click-batch.js';
import { createCounterRepository } from '../../src/server/stats/counter-repository.js';
import { createLinkRepository } from '../../src/server/links/link-repository.js';
import { isUniqueViolation } from '../../src/server/db/dialect.js';
import { startTestServer, testDialect, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe(`store on ${testDialect}`, () => {
  it('really runs on the dialect this project is for', async () => {
    expect(server.store.dialect).toBe(testDialect);
    const probe =
      testDialect === 'postgres'
        ? await sql<{ v: string }>`select version() as v`.execute(server.store.db)
        : await sql<{ v: string }>`select sqlite_version() as v`.execute(server.store.db);
    expect(probe.rows[0]?.v).toMatch(testDialect === 'postgres' ? /^PostgreSQL/ : /^3\./);
  });

  it('migrations are idempotent: running them again changes nothing', async () => {
    await migrateToLatest(server.store.db, server.store.dialect);
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(server.store.db);
    expect(applied.rows.map((r) => r.name)).toEqual(['0001-initial', '0002-abuse-controls', '0003-sqlite-hot-path', '0004-sqlite-click-link-check', '0005-click-insights', '0006-link-options', '0007-api-keys', '0008-operator-console', '0009-app-target-hosts', '0010-host-key-catch-up', '0011-retired-aliases', '0012-report-targets']);
  });

  it('reports a duplicate alias as a unique violation', async () => {
    const links = createLinkRepository(server.store);
    const link = { alias: 'unico', url: 'https://example.com/', createdAt: new Date().toISOString(), manageTokenHash: 'a'.repeat(64), day: '2026-01-01' };
    await links.insertLink(link);
    const error = await links.insertLink(link).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error)).toBe(true);
    // The failed insert's transaction did not count a second link created that day.
    const totals = await createCounterRepository(server.store.db).totalsBetween('2026-01-01', '2026-01-01');
    expect(totals).toEqual([{ day: '2026-01-01', linksCreated: 1, clicks: 0 }]);
  });

  it("takes a limited link's visits exactly, many at once (on SQLite in one turn's shared commit), each committed when it resolves", async () => {
    const links = createLinkRepository(server.store);
    const id = await links.insertLink({ alias: 'limitado', url: 'https://example.com/', createdAt: new Date().toISOString(), manageTokenHash: 'c'.repeat(64), day: '2026-01-02', options: { expiresAt: null, maxClicks: 25, passwordHash: null, iosUrl: null, androidUrl: null } });
    const taken = await Promise.all(Array.from({ length: 40 }, () => links.takeVisit(id)));
    expect(taken.filter(Boolean)).toHaveLength(25);
    // Read back: committed, not merely answered.
    expect(await links.visitsLeft(id)).toBe(0);
    expect(await links.takeVisit(id)).toBe(false);
    // A link without a limit has no visit to take.
    const plain = await links.insertLink({ alias: 'sem-limite', url: 'https://example.com/', createdAt: new Date().toISOString(), manageTokenHash: 'd'.repeat(64), day: '2026-01-02' });
    expect(await links.takeVisit(plain)).toBe(false);
  });

  it('adds clicks in large batches, skipping links deleted meanwhile but counting them site-wide', async () => {
    const links = createLinkRepository(server.store);
    const counters = createCounterRepository(server.store.db);
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      ids.push(await links.insertLink({ alias: `lote-${i}`, url: 'https://example.com/', createdAt: new Date().toISOString(), manageTokenHash: 'b'.repeat(64), day: '2026-02-01' }));
    }
    const deleted = ids.pop() as number;
    await links.deleteLink({ id: deleted, alias: 'lote-29' });
    // 2,520 rows, one per (link, day): more than one statement's worth (1,000 rows each).
    const rows = [];
    for (let d = 0; d < 84; d++) {
      const day = addDays('2026-02-01', d);
      for (const id of [...ids, deleted]) rows.push({ linkId: id, day, clicks: 1 });
    }
    await counters.addClicks(packClicks(rows));
    await counters.addClicks(packClicks([{ linkId: ids[0] as number, day: '2026-02-01', clicks: 5 }]));
    expect(await counters.linkTotalClicks(ids[0] as number)).toBe(84 + 5);
    expect(await counters.linkTotalClicks(deleted)).toBe(0);
    const totals = await counters.totalsBetween('2026-02-01', '2026-04-30');
    expect(totals.reduce((sum, t) => sum + t.clicks, 0)).toBe(rows.length + 5);
  });

  // Another instance deletes a link while this one's flush is writing its clicks: the flush's
  // "link still exists" check saw it, the delete commits, and the row's foreign key check then
  // fails (23503). Seen with three instances; the flush failed and /readyz said writes failing.
  it.runIf(testDialect === 'postgres')('a link deleted by another connection in the middle of a flush: the flush is retried and stores the rest', async () => {
    const links = createLinkRepository(server.store);
    const counters = createCounterRepository(server.store.db);
    const kept = await links.insertLink({ alias: 'corrida-fica', url: 'https://example.com/', createdAt: new Date().toISOString(), manageTokenHash: 'c'.repeat(64), day: '2026-05-01' });
    const gone = await links.insertLink({ alias: 'corrida-sai', url: 'https://example.com/', createdAt: new Date().toISOString(), manageTokenHash: 'd'.repeat(64), day: '2026-05-01' });
    const config = server.config.database;
    if (config.kind !== 'postgres') throw new Error('postgres only');
    const other = new pg.Client({ connectionString: config.url });
    await other.connect();
    try {
      // The other connection deletes the link and holds its transaction open.
      await other.query('begin');
      await other.query('delete from links where id = $1', [gone]);
      const flush = counters.addClicks(packClicks([{ linkId: kept, day: '2026-05-01', clicks: 3 }, { linkId: gone, day: '2026-05-01', clicks: 2 }]));
      // The flush's insert now waits on the deleted row's lock; the delete commits under it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query('commit');
      await flush;
    } finally {
      await other.end();
    }
    expect(await counters.linkTotalClicks(kept)).toBe(3);
    expect(await counters.linkTotalClicks(gone)).toBe(0);
    expect((await counters.totalsBetween('2026-05-01', '2026-05-01'))[0]?.clicks).toBe(5);
  });
});
