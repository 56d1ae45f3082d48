// The SQLite click writer's SQL, run straight through better-sqlite3 in the writer thread.
// It stores what CounterRepository.addClicks stores (a test holds the two to the same result),
// without Kysely: building and compiling a large VALUES statement per chunk cost more than
// SQLite's own work, while one prepared single-row upsert run in a loop inside one transaction
// is cheap (docs/performance.md).
import type SqliteDatabase from 'better-sqlite3';
import { openSqliteConnection } from '../db/sqlite-connection.js';
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

export function openSqliteClickSink(file: string, busyTimeoutMs: number) {
  const sqlite: SqliteDatabase.Database = openSqliteConnection(file, 'click-writer', busyTimeoutMs);
  const addToLink = sqlite.prepare(ADD_TO_LINK_SQL);
  const addToDay = sqlite.prepare(ADD_TO_DAY_SQL);

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

  return {
    write: (batch: ClickBatch) => write.immediate(batch),
    close: () => sqlite.close(),
  };
}
