// SQL for the click and creation counters. Dialect-free.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { toNumber, withTransactionRetry } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import { type ClickBatch, clicksPerDay, dayOfRow, rowsInLinkOrder } from './click-batch.js';

export interface DayTotals {
  day: string;
  linksCreated: number;
  clicks: number;
}

// 1,000 rows × 3 parameters stays far below SQLite's and PostgreSQL's parameter limits.
const ROWS_PER_STATEMENT = 1000;

export function createCounterRepository(db: Kysely<Database>) {
  return {
    /**
     * Adds a flush of clicks to the per-link and site-wide counters in one transaction, rows in
     * link order so concurrent flushes cannot deadlock. Clicks of a link deleted since they were
     * buffered still count site-wide, but no per-link row is made for a link that no longer exists.
     */
    async addClicks(batch: ClickBatch): Promise<void> {
      if (batch.linkIds.length === 0) return;
      const order = rowsInLinkOrder(batch);
      const totals = [...clicksPerDay(batch)].sort(([a], [b]) => (a < b ? -1 : 1));

      await withTransactionRetry(() => db.transaction().execute(async (trx) => {
        for (let start = 0; start < order.length; start += ROWS_PER_STATEMENT) {
          const values = sql.join(
            order.slice(start, start + ROWS_PER_STATEMENT).map(
              (i) => sql`(cast(${batch.linkIds[i]} as integer), cast(${dayOfRow(batch, i)} as char(10)), cast(${batch.clicks[i]} as integer))`,
            ),
          );
          // VALUES columns are named column1.. on both SQLite and PostgreSQL; the WHERE
          // clause also settles SQLite's INSERT … SELECT … ON CONFLICT parsing ambiguity.
          await sql`
            insert into link_clicks_daily (link_id, day, clicks)
            select v.column1, v.column2, v.column3 from (values ${values}) as v
            where exists (select 1 from links where links.id = v.column1)
            on conflict (link_id, day) do update set clicks = link_clicks_daily.clicks + excluded.clicks
          `.execute(trx);
        }
        for (const [day, clicks] of totals) {
          await trx
            .insertInto('daily_totals')
            .values({ day, links_created: 0, clicks })
            .onConflict((oc) => oc.column('day').doUpdateSet({ clicks: sql`daily_totals.clicks + ${clicks}` }))
            .execute();
        }
      }));
    },

    async totalsBetween(fromDay: string, toDay: string): Promise<DayTotals[]> {
      const rows = await db
        .selectFrom('daily_totals')
        .select(['day', 'links_created', 'clicks'])
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .execute();
      return rows.map((r) => ({ day: r.day, linksCreated: toNumber(r.links_created), clicks: toNumber(r.clicks) }));
    },

    async linkClicksBetween(linkId: number, fromDay: string, toDay: string): Promise<{ day: string; clicks: number }[]> {
      const rows = await db
        .selectFrom('link_clicks_daily')
        .select(['day', 'clicks'])
        .where('link_id', '=', linkId)
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .execute();
      return rows.map((r) => ({ day: r.day, clicks: toNumber(r.clicks) }));
    },

    async linkTotalClicks(linkId: number): Promise<number> {
      const row = await db
        .selectFrom('link_clicks_daily')
        .select((eb) => eb.fn.sum<number | string | null>('clicks').as('total'))
        .where('link_id', '=', linkId)
        .executeTakeFirst();
      return toNumber(row?.total ?? 0);
    },
  };
}

export type CounterRepository = ReturnType<typeof createCounterRepository>;
