// The store adapter's contract (src/server/db/store.ts), run once per dialect: whatever differs
// between SQLite and PostgreSQL must behave the same to its callers.
import { sql } from 'kysely';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../src/server/db/dialect.js';
import type { NewLink } from '../../src/server/db/link-statements.js';
import { packClicks } from '../../src/server/stats/click-batch.js';
import { testDialect, useTestStore } from '../helpers/test-server.js';

const silent = pino({ level: 'silent' });
const opened = useTestStore();

const newLink = (alias: string, day = '2026-05-01'): NewLink => ({
  alias,
  url: `https://example.com/${alias}`,
  createdAt: '2026-05-01T12:00:00.000Z',
  manageTokenHash: 'f'.repeat(64),
  day,
});
const createdOn = async (day: string) =>
  Number((await opened.store.db.selectFrom('daily_totals').select('links_created').where('day', '=', day).executeTakeFirst())?.links_created ?? 0);
const waitFor = async (condition: () => boolean, ms = 3000) => {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
};

describe(`opened.store adapter on ${testDialect}`, () => {
  it('inserts a link and counts it, all or nothing; a taken alias fails as a unique violation', async () => {
    const id = await opened.store.insertCountedLink(newLink('adaptador', '2026-05-02'));
    expect(id).toBeGreaterThan(0);
    expect(await createdOn('2026-05-02')).toBe(1);
    const error = await opened.store.insertCountedLink(newLink('adaptador', '2026-05-02')).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error)).toBe(true);
    expect(await createdOn('2026-05-02')).toBe(1);
  });

  it('counts concurrent creations exactly', async () => {
    const ids = await Promise.all(Array.from({ length: 25 }, (_, i) => opened.store.insertCountedLink(newLink(`simultaneo-${i}`, '2026-05-03'))));
    expect(new Set(ids).size).toBe(25);
    expect(await createdOn('2026-05-03')).toBe(25);
  });

  it('finds redirect and preview targets by alias, and nothing for an unknown one', async () => {
    const id = await opened.store.insertCountedLink(newLink('alvo'));
    await sql`update links set title = ${'Título'}, disabled_at = ${'2026-05-04T00:00:00.000Z'} where id = ${id}`.execute(opened.store.db);
    const redirect = await opened.store.findRedirectTarget('alvo');
    expect(redirect).toMatchObject({ id, url: 'https://example.com/alvo' });
    expect(redirect?.disabledAt).not.toBeNull();
    expect(await opened.store.findPreviewTarget('alvo')).toMatchObject({ id, title: 'Título', description: null, metadataFetchedAt: null });
    expect(await opened.store.findRedirectTarget('nao-existe')).toBeUndefined();
    expect(await opened.store.findPreviewTarget('nao-existe')).toBeUndefined();
  });

  it('writes a click batch to the per-link and site-wide counters, skipping deleted links', async () => {
    const kept = await opened.store.insertCountedLink(newLink('clicado'));
    const gone = await opened.store.insertCountedLink(newLink('apagado'));
    await opened.store.db.deleteFrom('links').where('id', '=', gone).execute();
    const writer = opened.store.createClickWriter();
    try {
      await writer.write(packClicks([
        { linkId: kept, day: '2026-05-05', clicks: 3 },
        { linkId: gone, day: '2026-05-05', clicks: 4 },
        { linkId: kept, day: '2026-05-06', clicks: 2 },
      ]));
      await writer.write(packClicks([{ linkId: kept, day: '2026-05-05', clicks: 1 }]));
    } finally {
      await writer.close();
    }
    const perLink = await opened.store.db.selectFrom('link_clicks_daily').select(['link_id', 'day', 'clicks']).where('link_id', 'in', [kept, gone]).orderBy('day').execute();
    expect(perLink.map((row) => [row.link_id, row.day, Number(row.clicks)])).toEqual([
      [kept, '2026-05-05', 4],
      [kept, '2026-05-06', 2],
    ]);
    const perDay = await opened.store.db.selectFrom('daily_totals').select(['day', 'clicks']).where('day', 'in', ['2026-05-05', '2026-05-06']).orderBy('day').execute();
    expect(perDay.map((row) => Number(row.clicks))).toEqual([8, 2]);
  });

  it('an invalidation published on one instance is heard by every instance (one instance on SQLite)', async () => {
    const heardHere: string[] = [];
    const here = opened.store.createInvalidation({ forget: (alias) => heardHere.push(alias), forgetAll: () => undefined }, silent);
    const otherStore = opened.openAnother();
    const heardThere: string[] = [];
    const there = otherStore.createInvalidation({ forget: (alias) => heardThere.push(alias), forgetAll: () => undefined }, silent);
    await here.start();
    await there.start();
    try {
      expect(here.cacheTrusted()).toBe(true);
      await here.publish('esquecido');
      expect(heardHere).toContain('esquecido');
      if (testDialect === 'postgres') {
        // Another process on the same database hears it too (a second opened.store plays that process).
        expect(await waitFor(() => heardThere.includes('esquecido'))).toBe(true);
        await otherStore.notifyChanged('pelo-admin');
        expect(await waitFor(() => heardHere.includes('pelo-admin'))).toBe(true);
      } else {
        // One process: nothing crosses stores; the admin tool's change is picked up by polling.
        await otherStore.notifyChanged('pelo-admin');
        expect(heardThere).toEqual([]);
      }
    } finally {
      await here.stop();
      await there.stop();
    }
  });

  it('deletes a link with its counters and, on PostgreSQL, tells every other instance when it commits', async () => {
    const id = await opened.store.insertCountedLink(newLink('excluido'));
    await opened.store.db.insertInto('link_clicks_daily').values({ link_id: id, day: '2026-05-01', clicks: 3 }).execute();
    const otherStore = opened.openAnother();
    const heardThere: string[] = [];
    const there = otherStore.createInvalidation({ forget: (alias) => heardThere.push(alias), forgetAll: () => undefined }, silent);
    await there.start();
    try {
      expect(await opened.store.deleteLink({ id, alias: 'excluido' })).toBe(true);
      expect(await opened.store.findRedirectTarget('excluido')).toBeUndefined();
      expect(await opened.store.db.selectFrom('link_clicks_daily').select('clicks').where('link_id', '=', id).execute()).toEqual([]);
      // One SQLite process: its caller forgets the alias; nothing crosses stores.
      if (testDialect === 'postgres') expect(await waitFor(() => heardThere.includes('excluido'))).toBe(true);
      else expect(heardThere).toEqual([]);
      expect(await opened.store.deleteLink({ id, alias: 'excluido' })).toBe(false);
    } finally {
      await there.stop();
    }
  });

  it('keeps rate-limit counters where every instance sees them (in memory with one SQLite process)', async () => {
    const clock = () => 1_000_000;
    const Ctor = opened.store.rateLimitStore(clock);
    if (testDialect === 'sqlite') {
      expect(Ctor).toBeUndefined();
      return;
    }
    if (Ctor === undefined) throw new Error('PostgreSQL keeps no shared rate-limit store');
    const OtherCtor = opened.openAnother().rateLimitStore(clock);
    if (OtherCtor === undefined) throw new Error('PostgreSQL keeps no shared rate-limit store');
    const incr = (ctor: typeof Ctor) =>
      new Promise<number>((resolve, reject) => {
        // The plugin's constructor takes its options; the key and window are what is counted.
        new ctor({}).incr('teste:1.2.3.4', (error, result) => (error ? reject(error) : resolve(result?.current ?? -1)), 60_000, 10);
      });
    expect(await incr(Ctor)).toBe(1);
    expect(await incr(OtherCtor)).toBe(2);
  });

  it('says truly whether a statement holds the event loop (long reads are then cut into steps)', async () => {
    // A 1 ms timer ticks while the statement runs only if the event loop is free meanwhile.
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 1);
    try {
      const started = performance.now();
      await sql`with recursive c(n) as (select 1 union all select n + 1 from c where n < 1000000) select count(*) from c`.execute(opened.store.db);
      const ms = performance.now() - started;
      expect(ms).toBeGreaterThan(30);
      expect(ticks > 5).toBe(!opened.store.queriesHoldEventLoop);
      expect(opened.store.queriesHoldEventLoop).toBe(testDialect === 'sqlite');
    } finally {
      clearInterval(ticker);
    }
  });
});
