// Breakdown counters written through Kysely (PostgreSQL, and SQLite in memory); the SQLite
// file's writer thread runs the same steps with its own statements (stats/sqlite-click-sink.ts).
// Either way: the values a (link, day) has stored are read first, so the cardinality bound
// (rowsToStore) holds across flushes, then the counters are added, in link order, for links
// that still exist.
import { type Kysely, sql, type Transaction } from 'kysely';
import { withTransactionRetry } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import { groupStored, type InsightRow, type InsightsBatch, type LinkDayInsights, linkDaysOf, rowsToStore } from './insights-accumulator.js';

// 1,000 rows × 5 parameters stays below both dialects' parameter limits; so do 500 link ids.
const ROWS_PER_STATEMENT = 1000;
const ENTRIES_PER_READ = 500;

export interface KyselyInsightWriterOptions {
  /**
   * Taken first in the transaction. On PostgreSQL several instances write: without it, two of
   * them could each add a new value to a full dimension (both read 49), and exceed the bound.
   */
  lock?: (trx: Transaction<Database>) => Promise<void>;
}

export function createKyselyInsightWriter(db: Kysely<Database>, options: KyselyInsightWriterOptions = {}) {
  return async function writeInsights(batch: InsightsBatch): Promise<void> {
    if (batch.linkIds.length === 0) return;
    await withTransactionRetry(() =>
      db.transaction().execute(async (trx) => {
        await options.lock?.(trx);
        // A (link, day)'s counters are built only as its chunk is written (a retry builds them again).
        const linkDays = linkDaysOf(batch);
        for (let chunk = takeChunk(linkDays); chunk.length > 0; chunk = takeChunk(linkDays)) {
          const stored = await trx
            .selectFrom('link_insights_daily')
            .select(['link_id', 'day', 'dimension', 'value'])
            .where('link_id', 'in', [...new Set(chunk.map((e) => e.linkId))])
            .where('day', 'in', [...new Set(chunk.map((e) => e.day))])
            .execute();
          const byLinkDay = new Map<string, { dimension: string; value: string }[]>();
          for (const row of stored) {
            const key = `${row.link_id}|${row.day}`;
            const list = byLinkDay.get(key);
            if (list === undefined) byLinkDay.set(key, [row]);
            else list.push(row);
          }
          const rows = chunk.flatMap((entry) => rowsToStore(entry, groupStored(byLinkDay.get(`${entry.linkId}|${entry.day}`) ?? [])));
          for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT) await addRows(trx, rows.slice(at, at + ROWS_PER_STATEMENT));
        }
      }),
    );
  };
}

function takeChunk(linkDays: Iterator<LinkDayInsights>): LinkDayInsights[] {
  const chunk: LinkDayInsights[] = [];
  for (let next = linkDays.next(); !next.done; next = linkDays.next()) {
    chunk.push(next.value);
    if (chunk.length === ENTRIES_PER_READ) break;
  }
  return chunk;
}

/** The advisory lock that serialises breakdown writes across PostgreSQL instances (any constant no other code uses). */
const INSIGHTS_WRITE_LOCK = 1_830_018;

/** PostgreSQL's `lock` for createKyselyInsightWriter: taken inside the transaction, released at its end. */
export async function postgresInsightsLock(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${INSIGHTS_WRITE_LOCK})`.execute(trx);
}

async function addRows(trx: Transaction<Database>, rows: readonly InsightRow[]): Promise<void> {
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(cast(${r.linkId} as integer), cast(${r.day} as char(10)), cast(${r.dimension} as varchar(16)), cast(${r.value} as varchar(64)), cast(${r.clicks} as integer))`,
    ),
  );
  // As in CounterRepository.addClicks: VALUES columns are column1.. on both dialects, and the
  // WHERE clause settles SQLite's INSERT … SELECT … ON CONFLICT parsing.
  await sql`
    insert into link_insights_daily (link_id, day, dimension, value, clicks)
    select v.column1, v.column2, v.column3, v.column4, v.column5 from (values ${values}) as v
    where exists (select 1 from links where links.id = v.column1)
    on conflict (link_id, day, dimension, value) do update set clicks = link_insights_daily.clicks + excluded.clicks
  `.execute(trx);
}

export type KyselyInsightWriter = ReturnType<typeof createKyselyInsightWriter>;
