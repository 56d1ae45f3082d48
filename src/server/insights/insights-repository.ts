// SQL for reading and expiring the click insight counters (link_insights_daily). Dialect-free.
// The writers that fill the table live with the click writer (stats/).
import type { Kysely } from 'kysely';
import { toNumber } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

/** Clicks of one (dimension, value) summed over a range of days. */
export interface InsightTotal {
  /** One of INSIGHT_DIMENSIONS (the table may hold others: readers skip what they do not know). */
  dimension: string;
  value: string;
  clicks: number;
}

/** Links whose old counters one statement of the retention deletes. */
const LINKS_PER_DELETE = 2_000;

export function createInsightsRepository(db: Kysely<Database>) {
  return {
    /**
     * Every (dimension, value) of a link with its clicks summed over fromDay..toDay (inclusive),
     * in one grouped query: the primary key (link_id, day, …) bounds the scan to the link's days.
     */
    async breakdownsBetween(linkId: number, fromDay: string, toDay: string): Promise<InsightTotal[]> {
      const rows = await db
        .selectFrom('link_insights_daily')
        .select((eb) => ['dimension', 'value', eb.fn.sum<number | string | bigint>('clicks').as('clicks')])
        .where('link_id', '=', linkId)
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .groupBy(['dimension', 'value'])
        .execute();
      // PostgreSQL answers sum() of integers as a bigint string.
      return rows.map((r) => ({ dimension: r.dimension, value: r.value, clicks: toNumber(r.clicks) }));
    },

    /**
     * Deletes the counters of every day before `day` and says how many rows went. The table has
     * no index on `day` (migration 0005 says why), so this walks the key in ranges of
     * LINKS_PER_DELETE links, one short statement each: a single statement would hold SQLite's
     * only writer (and the event loop) for the whole table. The retention runs it once a day.
     */
    async deleteBefore(day: string): Promise<number> {
      const bounds = await db
        .selectFrom('link_insights_daily')
        .select((eb) => [eb.fn.min<number | string | null>('link_id').as('low'), eb.fn.max<number | string | null>('link_id').as('high')])
        .executeTakeFirst();
      if (bounds?.low === null || bounds?.low === undefined || bounds.high === null) return 0;
      const high = toNumber(bounds.high);
      let deleted = 0;
      for (let from = toNumber(bounds.low); from <= high; from += LINKS_PER_DELETE) {
        const result = await db
          .deleteFrom('link_insights_daily')
          .where('link_id', '>=', from)
          .where('link_id', '<', from + LINKS_PER_DELETE)
          .where('day', '<', day)
          .executeTakeFirst();
        deleted += Number(result.numDeletedRows);
      }
      return deleted;
    },
  };
}

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
