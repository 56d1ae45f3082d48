// SQLite's own code on the redirect's hot path: the click writer thread's SQL must count exactly
// like the dialect-free repository, the statements the adapter really runs must use the indexes
// they were written for (EXPLAIN of their own SQL), and a lookup never sees an uncommitted link.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { withAlias } from '../../src/server/db/link-statements.js';
import { openSqliteStore, sqliteLinkLookups } from '../../src/server/db/sqlite-store.js';
import type { Store } from '../../src/server/db/store.js';
import { createLinkRepository } from '../../src/server/links/link-repository.js';
import { type LinkDayClicks, packClicks } from '../../src/server/stats/click-batch.js';
import { createCounterRepository } from '../../src/server/stats/counter-repository.js';
import { ADD_TO_LINK_SQL, openSqliteClickSink } from '../../src/server/stats/sqlite-click-sink.js';
import { testDialect } from '../helpers/test-server.js';

describe.runIf(testDialect === 'sqlite')('SQLite hot path', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shortener-hot-path-'));
  const stores: Store[] = [];
  const newStore = async (name: string): Promise<Store & { file: string }> => {
    const file = path.join(dir, `${name}.db`);
    const store = openSqliteStore(file, 2000);
    stores.push(store);
    await migrateToLatest(store.db, store.dialect);
    return { ...store, file };
  };
  afterAll(async () => {
    for (const store of stores) await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** 40 links on two days, one of them deleted after its clicks were buffered, duplicates included. */
  async function seed(store: Store): Promise<{ rows: LinkDayClicks[]; kept: number[]; deleted: number }> {
    const links = createLinkRepository(store);
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      ids.push(await links.insertLink({ alias: `quente-${i}`, url: `https://example.com/${i}`, createdAt: new Date().toISOString(), manageTokenHash: 'c'.repeat(64), day: '2026-03-01' }));
    }
    const deleted = ids[7] as number;
    await links.deleteLink({ id: deleted, alias: 'quente-7' });
    const rows: LinkDayClicks[] = [];
    for (const [i, id] of ids.entries()) {
      rows.push({ linkId: id, day: '2026-03-01', clicks: 1 + (i % 3) });
      if (i % 4 === 0) rows.push({ linkId: id, day: '2026-03-02', clicks: 2 });
    }
    rows.push({ linkId: ids[0] as number, day: '2026-03-01', clicks: 10 });
    return { rows: rows.reverse(), kept: ids.filter((id) => id !== deleted), deleted };
  }

  const contents = async (store: Store) => ({
    perLink: (await sql<{ link_id: number; day: string; clicks: number }>`select link_id, day, clicks from link_clicks_daily order by link_id, day`.execute(store.db)).rows,
    perDay: (await sql<{ day: string; clicks: number }>`select day, clicks from daily_totals where clicks > 0 order by day`.execute(store.db)).rows,
  });

  it('the writer thread’s SQL stores what the repository stores, twice over', async () => {
    const viaRepository = await newStore('repository');
    const viaSink = await newStore('sink');
    const a = await seed(viaRepository);
    const b = await seed(viaSink);
    expect(b.rows).toEqual(a.rows);

    const counters = createCounterRepository(viaRepository.db);
    await counters.addClicks(packClicks(a.rows));
    await counters.addClicks(packClicks(a.rows));
    const sink = openSqliteClickSink(viaSink.file, 2000);
    try {
      sink.write(packClicks(b.rows));
      sink.write(packClicks(b.rows));
    } finally {
      sink.close();
    }

    const expected = await contents(viaRepository);
    expect(await contents(viaSink)).toEqual(expected);
    // And what that is: no row for the deleted link, whose clicks still count site-wide.
    expect(expected.perLink.some((row) => row.link_id === a.deleted)).toBe(false);
    const all = 2 * a.rows.reduce((sum, row) => sum + row.clicks, 0);
    expect(expected.perDay.reduce((sum, row) => sum + row.clicks, 0)).toBe(all);
    expect(expected.perLink.find((row) => row.link_id === a.kept[0] && row.day === '2026-03-01')?.clicks).toBe(2 * (1 + 10));
  });

  it('packs clicks of several days into typed arrays without losing any', () => {
    const rows = [
      { linkId: 9_007_199_254_740_991, day: '2026-03-01', clicks: 3 },
      { linkId: 2, day: '2026-03-02', clicks: 1 },
      { linkId: 3, day: '2026-03-01', clicks: 70_000 },
    ];
    const packed = packClicks(rows);
    const unpacked = [...packed.linkIds].map((linkId, i) => ({ linkId, day: packed.days[packed.dayIndex[i] ?? -1], clicks: packed.clicks[i] }));
    expect(unpacked).toEqual(rows);
    expect(packed.days).toEqual(['2026-03-01', '2026-03-02']);
  });

  /** SQLite's plan for a statement, as one line of text. */
  const planOf = async (store: Store, statement: string, parameters: readonly unknown[]) =>
    (await store.db.executeQuery(CompiledQuery.raw(`explain query plan ${statement}`, [...parameters]))).rows
      .map((row) => (row as { detail: string }).detail)
      .join(' | ');

  it('looks up redirects through the covering index, with the statement the adapter runs', async () => {
    const store = await newStore('plan');
    const lookups = sqliteLinkLookups(store.db);
    const redirect = withAlias(lookups.redirect, 'x');
    expect(await planOf(store, redirect.sql, redirect.parameters)).toMatch(/COVERING INDEX links_redirect_lookup/);
    // The preview's lookup reads the row (it needs the metadata columns) through the unique alias index.
    const preview = withAlias(lookups.preview, 'x');
    expect(await planOf(store, preview.sql, preview.parameters)).toMatch(/USING INDEX .*alias/i);
    const links = createLinkRepository(store);
    const id = await links.insertLink({ alias: 'coberto', url: 'https://example.com/coberto', createdAt: new Date().toISOString(), manageTokenHash: 'd'.repeat(64), day: '2026-03-01' });
    expect(await links.findRedirectTarget('coberto')).toEqual({ id, url: 'https://example.com/coberto', disabledAt: null, hasOptions: 0 });
    // A link with options is told apart by the same covering read (migration 0006).
    const optioned = await links.insertLink({
      alias: 'com-opcoes',
      url: 'https://example.com/opcoes',
      createdAt: new Date().toISOString(),
      manageTokenHash: 'e'.repeat(64),
      day: '2026-03-01',
      options: { expiresAt: null, maxClicks: 5, passwordHash: null, iosUrl: null, androidUrl: null },
    });
    expect(await links.findRedirectTarget('com-opcoes')).toEqual({ id: optioned, url: 'https://example.com/opcoes', disabledAt: null, hasOptions: 1 });
    await links.setDisabled('coberto', '2026-03-02T00:00:00.000Z');
    expect((await links.findRedirectTarget('coberto'))?.disabledAt).toBe('2026-03-02T00:00:00.000Z');
  });

  it('checks a click\'s link through the narrow id index, with the writer thread\'s own statement', async () => {
    const store = await newStore('click-check');
    expect(await planOf(store, ADD_TO_LINK_SQL, [1, '2026-03-01', 1, 1])).toMatch(/COVERING INDEX links_id_check/);
  });

  it('never answers a redirect from a link whose transaction is still open', async () => {
    const store = await newStore('uncommitted');
    const links = createLinkRepository(store);
    let lookup: unknown;
    const rolledBack = await store.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into links (alias, url, created_at, manage_token_hash) values ('fantasma', 'https://example.com/f', '2026-03-01T00:00:00.000Z', ${'e'.repeat(64)})`.execute(trx);
        // Asked while the insert is not committed: the answer must wait for the outcome.
        lookup = links.findRedirectTarget('fantasma');
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      })
      .catch((error: unknown) => error);
    expect(rolledBack).toBeInstanceOf(Error);
    // Not answered at once (as outside a transaction), but after the outcome: nothing.
    expect(lookup).toBeInstanceOf(Promise);
    expect(await lookup).toBeUndefined();
  });
});
