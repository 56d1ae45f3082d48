// The most-clicked lists of the console overview and `npm run admin -- top` (topLinks), on both
// dialects and both ways of reading (the walk over ranges of links that SQLite's store uses, the
// one statement PostgreSQL's uses): the answer equals the one computed here from the same
// counters, whichever range the winners are in; only the days asked for count; ties go to the
// older link; a deleted link is left out. On SQLite, each statement of the walk searches the
// counters' key and never scans the table (docs/performance.md, "Console overview").
import { describe, expect, it } from 'vitest';
import { linkIdBounds, topLinkCounts, topLinks } from '../../src/server/admin/admin-queries.js';
import { hostKeyOf } from '../../src/server/links/host-key.js';
import { queryPlan } from '../helpers/query-plan.js';
import { testDialect, useTestStore } from '../helpers/test-server.js';

const opened = useTestStore();

/** More links than three statements of the walk hold (500 each), so winners sit in different ones. */
const LINKS = 1_600;
const FROM = '2026-03-10';
const TO = '2026-03-16';

/** A link's counters: one day before the range, three inside it (both ends), one after. */
function countersOf(index: number): [day: string, clicks: number][] {
  return [
    ['2026-03-09', 1_000 + (index % 7)], // bigger than any sum inside: must not count
    [FROM, (index * 37) % 101],
    ['2026-03-13', (index * 13) % 29],
    [TO, index % 5],
    ['2026-03-17', 2_000],
  ];
}

describe(`topLinks (${testDialect})`, () => {
  it('walks every range of links and answers as one query over the days asked for does', async () => {
    const db = opened.store.db;
    const createdAt = new Date().toISOString();
    const aliases = Array.from({ length: LINKS }, (_, i) => `top-${i}`);
    for (let start = 0; start < LINKS; start += 400) {
      await db
        .insertInto('links')
        .values(aliases.slice(start, start + 400).map((alias) => ({ alias, url: `https://example.com/${alias}`, created_at: createdAt, manage_token_hash: `h-${alias}`, target_host: hostKeyOf(`https://example.com/${alias}`) })))
        .execute();
    }
    const links = await db.selectFrom('links').select(['id', 'alias']).where('alias', 'like', 'top-%').orderBy('id').execute();
    expect(links).toHaveLength(LINKS);
    // The heaviest links: the first, one at each end of a range, the last; two of them tie.
    const heavy = new Map([
      [0, 400],
      [499, 390],
      [500, 390],
      [1_234, 385],
      [LINKS - 1, 380],
    ]);
    // A heavy link's clicks in the range are all on its first day (the others at most 132 in all).
    const rows = links.flatMap((link, index) =>
      countersOf(index).map(([day, clicks]) => {
        const weight = heavy.get(index);
        const inRange = day >= FROM && day <= TO;
        return { link_id: link.id, day, clicks: weight === undefined || !inRange ? clicks : day === FROM ? weight : 0 };
      }),
    );
    for (let start = 0; start < rows.length; start += 1_000) await db.insertInto('link_clicks_daily').values(rows.slice(start, start + 1_000)).execute();
    // The link at index 1,000 is the heaviest of all, and deleted (its counters go with it).
    await db.insertInto('link_clicks_daily').values({ link_id: links[1_000]?.id ?? 0, day: '2026-03-14', clicks: 5_000 }).execute();
    await db.deleteFrom('links').where('alias', '=', 'top-1000').execute();

    const expected = links
      .filter((link) => link.alias !== 'top-1000')
      .map((link) => ({
        id: link.id,
        alias: link.alias,
        clicks: rows.filter((row) => row.link_id === link.id && row.day >= FROM && row.day <= TO).reduce((sum, row) => sum + row.clicks, 0),
      }))
      .sort((a, b) => b.clicks - a.clicks || a.id - b.id);
    for (const queriesHoldEventLoop of [true, false]) {
      const source = { db, queriesHoldEventLoop };
      const top = await topLinks(source, FROM, TO, 12);
      expect(top).toEqual(expected.slice(0, 12).map((link) => ({ alias: link.alias, url: `https://example.com/${link.alias}`, clicks: link.clicks })));
      expect(top.slice(0, 5).map((link) => link.alias)).toEqual(['top-0', 'top-499', 'top-500', 'top-1234', `top-${LINKS - 1}`]);

      // One day; a range with no clicks at all.
      const oneDay = await topLinks(source, TO, TO, 3);
      expect(oneDay.map((link) => link.clicks)).toEqual([4, 4, 4]);
      expect(oneDay.map((link) => link.alias)).toEqual(['top-4', 'top-9', 'top-14']);
      expect(await topLinks(source, '2025-01-01', '2025-01-31', 10)).toEqual([]);
    }
  });


  // The plan on SQLite, whose statements run on the main thread; PostgreSQL's planner picks by
  // the table's size, which a test table does not have (its answers are checked above).
  it.runIf(testDialect === 'sqlite')('each statement searches the counters\' key by link and day, never scans the table', async () => {
    const db = opened.store.db;
    const statement = await queryPlan(opened.store, topLinkCounts(db, FROM, TO, 10, { fromId: 1, toId: 501 }));
    expect(statement).toMatch(/SEARCH link_clicks_daily USING PRIMARY KEY \(link_id=\? AND day>\? AND day<\?\)/);
    expect(statement).not.toMatch(/SCAN link_clicks_daily/);
    const bounds = await queryPlan(opened.store, linkIdBounds(db));
    expect(bounds).toMatch(/SEARCH links/);
    expect(bounds).not.toMatch(/SCAN links/);
  });
});
