// SQL for reading and expiring the click insight counters (link_insights_daily). Dialect-free.
// The writers that fill the table live with the click writer (stats/).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { toNumber } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

/** Clicks of one (dimension, value) summed over a range of days. */
export interface InsightTotal {
  /** One of INSIGHT_DIMENSIONS (the table may hold others: readers skip what they do not know). */
  dimension: string;
  value: string;
  clicks: number;
  /** Counter rows summed into it (one per day it had clicks): what the read cost. */
  rows?: number;
}

/**
 * Links whose old counters one statement of the retention deletes. On SQLite the statement runs
 * on the main thread: deleting a day of 100 links (~300 rows) held it 6–17 ms in
 * test/bench/retention.ts, 200 links 17–21 ms.
 */
const LINKS_PER_DELETE = 100;

/**
 * One statement of the retention: the counters before `day` of the links with ids in
 * [fromId, toId). The links are named one by one (`in (select id from links …)`), so each is a
 * search of the key (link_id = ?, day < ?) that reads only its old rows; a range of link ids
 * alone bounds only the key's first column, and the statement read every day of every link in
 * it (a 2,000-link range of 200-day links: 150–220 ms of SQLite's main thread even with nothing
 * to delete, against ~4 ms; docs/performance.md). Counters always have their link (the foreign
 * key cascades). Exported for the plan test.
 */
export function retentionDelete(db: Kysely<Database>, fromId: number, toId: number, day: string) {
  return db
    .deleteFrom('link_insights_daily')
    .where('link_id', 'in', (eb) => eb.selectFrom('links').select('links.id').where('links.id', '>=', fromId).where('links.id', '<', toId))
    .where('day', '<', day);
}

/**
 * The lowest and highest link id with counters, as two scalar subqueries, each one end of the
 * key: SQLite answers a lone min() or max() from the index, but read the whole table for both in
 * one select (~0.5 s at six million rows, on the main thread). Exported for the plan test.
 */
export function retentionBounds(db: Kysely<Database>) {
  return db.selectNoFrom((eb) => [
    eb.selectFrom('link_insights_daily').select((e) => e.fn.min<number | string | null>('link_id').as('low')).as('low'),
    eb.selectFrom('link_insights_daily').select((e) => e.fn.max<number | string | null>('link_id').as('high')).as('high'),
  ]);
}

export function createInsightsRepository(db: Kysely<Database>) {
  return {
    /**
     * Every (dimension, value) of a link with its clicks summed over fromDay..toDay (inclusive),
     * in one grouped query: the primary key (link_id, day, …) bounds the scan to the link's days.
     * The grouping is most of its cost (SQLite sorts the rows in a temporary B-tree: a 90-day
     * range of ~21,000 rows took 10.6 ms, reading them alone 2 ms); reading the rows and adding
     * them up in JavaScript took twice as long, and an index on (link_id, dimension, value, day)
     * was no faster and would double each counter write, so the answers are kept instead
     * (insights-cache.ts).
     */
    async breakdownsBetween(linkId: number, fromDay: string, toDay: string): Promise<InsightTotal[]> {
      const rows = await db
        .selectFrom('link_insights_daily')
        .select((eb) => ['dimension', 'value', eb.fn.sum<number | string | bigint>('clicks').as('clicks'), eb.fn.countAll<number | string | bigint>().as('rows')])
        .where('link_id', '=', linkId)
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .groupBy(['dimension', 'value'])
        .execute();
      // PostgreSQL answers sum() of integers as a bigint string.
      return rows.map((r) => ({ dimension: r.dimension, value: r.value, clicks: toNumber(r.clicks), rows: toNumber(r.rows) }));
    },

    /**
     * Deletes the counters of every day before `day` and says how many rows went. The table has
     * no index on `day` (migration 0005 says why), so this walks the links in ranges of
     * LINKS_PER_DELETE, one short statement each (retentionDelete), and lets the event loop
     * run between them: a single statement would hold SQLite's only writer (and the event loop)
     * for the whole table. The retention runs it once a day.
     */
    async deleteBefore(day: string): Promise<number> {
      const bounds = await retentionBounds(db).executeTakeFirst();
      if (bounds?.low === null || bounds?.low === undefined || bounds.high === null) return 0;
      const high = toNumber(bounds.high);
      let deleted = 0;
      for (let from = toNumber(bounds.low); from <= high; from += LINKS_PER_DELETE) {
        const result = await retentionDelete(db, from, from + LINKS_PER_DELETE, day).executeTakeFirst();
        deleted += Number(result.numDeletedRows);
        // Requests waiting on the event loop go before the next statement.
        await nextTurn();
      }
      return deleted;
    },
  };
}

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
