// The SQLite click writer's SQL, run straight through better-sqlite3 in the writer thread.
// It stores what CounterRepository.addClicks stores (a test holds the two to the same result),
// without Kysely: building and compiling a large VALUES statement per chunk cost more than
// SQLite's own work, while one prepared single-row upsert run in a loop inside one transaction
// is cheap (docs/performance.md).
import type SqliteDatabase from 'better-sqlite3';
import { openSqliteConnection } from '../db/sqlite-connection.js';
import { groupStored, type InsightsBatch, linkDaysOf, rowsToStore } from '../insights/insights-accumulator.js';
import { type ClickBatch, dayOfRow, rowsInLinkOrder } from './click-batch.js';

/**
 * Adds one (link, day)'s clicks. No row is made for a link deleted since its clicks were
 * buffered (they still count site-wide). The WHERE clause also settles SQLite's INSERT …
 * SELECT … ON CONFLICT parsing; the check reads the narrow links_id_check index (migration 0004).
 */
export const ADD_TO_LINK_SQL = `
    insert into link_clicks_daily (link_id, day, clicks)
    select ?, ?, ? where exists (select 1 from links indexed by links_id_check where id = ?)
    on conflict (link_id, day) do update set clicks = clicks + excluded.clicks`;

export const ADD_TO_DAY_SQL = `
    insert into daily_totals (day, links_created, clicks) values (?, 0, ?)
    on conflict (day) do update set clicks = clicks + excluded.clicks`;

/** The breakdown values a (link, day) has stored already (the cardinality bound needs them). */
export const STORED_INSIGHTS_SQL = `select dimension, value from link_insights_daily where link_id = ? and day = ?`;

/** Whether a link still exists (its breakdowns are skipped otherwise, as ADD_TO_LINK_SQL skips its clicks). */
export const LINK_EXISTS_SQL = `select 1 from links indexed by links_id_check where id = ?`;

/**
 * Adds one breakdown counter. The link was checked once for all its rows, in the same
 * IMMEDIATE transaction (no deletion can come between): one index lookup per (link, day)
 * instead of one per row.
 */
export const ADD_INSIGHT_SQL = `
    insert into link_insights_daily (link_id, day, dimension, value, clicks) values (?, ?, ?, ?, ?)
    on conflict (link_id, day, dimension, value) do update set clicks = clicks + excluded.clicks`;

export function openSqliteClickSink(file: string, busyTimeoutMs: number) {
  const sqlite: SqliteDatabase.Database = openSqliteConnection(file, 'click-writer', busyTimeoutMs);
  const addToLink = sqlite.prepare(ADD_TO_LINK_SQL);
  const addToDay = sqlite.prepare(ADD_TO_DAY_SQL);
  const storedInsights = sqlite.prepare<[number, string], { dimension: string; value: string }>(STORED_INSIGHTS_SQL);
  const addInsight = sqlite.prepare(ADD_INSIGHT_SQL);
  const linkExists = sqlite.prepare<[number], number>(LINK_EXISTS_SQL).pluck();

  // IMMEDIATE takes the write lock at BEGIN, waiting out busy_timeout; a deferred
  // transaction could fail at its first write instead if the main connection wrote meanwhile.
  const write = sqlite.transaction((batch: ClickBatch) => {
    const perDay = new Float64Array(batch.days.length);
    for (const i of rowsInLinkOrder(batch)) {
      const d = batch.dayIndex[i] ?? 0;
      const clicks = batch.clicks[i] ?? 0;
      const linkId = batch.linkIds[i];
      addToLink.run(linkId, dayOfRow(batch, i), clicks, linkId);
      perDay[d] = (perDay[d] ?? 0) + clicks;
    }
    batch.days.forEach((day, d) => addToDay.run(day, perDay[d]));
  });

  // Breakdowns, in (link, day) order, in their own transaction (they are written less often).
  const writeInsights = sqlite.transaction((batch: InsightsBatch) => {
    let checkedLink = 0;
    let exists = false;
    for (const entry of linkDaysOf(batch)) {
      if (entry.linkId !== checkedLink) {
        checkedLink = entry.linkId;
        exists = linkExists.get(entry.linkId) !== undefined;
      }
      if (!exists) continue;
      for (const row of rowsToStore(entry, groupStored(storedInsights.all(entry.linkId, entry.day)))) {
        addInsight.run(row.linkId, row.day, row.dimension, row.value, row.clicks);
      }
    }
  });

  return {
    write: (batch: ClickBatch) => write.immediate(batch),
    writeInsights: (batch: InsightsBatch) => writeInsights.immediate(batch),
    close: () => sqlite.close(),
  };
}
