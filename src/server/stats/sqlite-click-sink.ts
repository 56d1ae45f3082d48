// The SQLite click writer's SQL, run straight through better-sqlite3 in the writer thread.
// It does what CounterRepository.addClicks does (and a test holds the two to the same
// result), without Kysely: building and compiling a 1,000-row VALUES statement per chunk
// cost more than SQLite's own work (profile of the 100k-link benchmark), while one prepared
// single-row upsert, run in a loop inside one transaction, is ~2 µs per row on 1M links.
import SqliteDatabase from 'better-sqlite3';

/** Clicks of one flush, packed into typed arrays so they cross to the thread without a copy per row. */
export interface PackedClicks {
  days: string[];
  /** Index into `days`, per row. */
  dayIndex: Uint16Array<ArrayBuffer>;
  linkIds: Float64Array<ArrayBuffer>;
  clicks: Float64Array<ArrayBuffer>;
}

/** Rows into a packed batch, the inverse of unpackClicks (the recorder's table packs its own; tests build batches with this). */
export function packClicks(rows: readonly { linkId: number; day: string; clicks: number }[]): PackedClicks {
  const days: string[] = [];
  const dayIndex = new Uint16Array(rows.length);
  const linkIds = new Float64Array(rows.length);
  const clicks = new Float64Array(rows.length);
  rows.forEach((row, i) => {
    let d = days.indexOf(row.day);
    if (d === -1) d = days.push(row.day) - 1;
    dayIndex[i] = d;
    linkIds[i] = row.linkId;
    clicks[i] = row.clicks;
  });
  return { days, dayIndex, linkIds, clicks };
}

/** The rows of a packed batch (the in-process writer's repository takes rows). */
export function unpackClicks(batch: PackedClicks): { linkId: number; day: string; clicks: number }[] {
  return Array.from(batch.linkIds, (linkId, i) => ({ linkId, day: batch.days[batch.dayIndex[i] ?? 0] ?? '', clicks: batch.clicks[i] ?? 0 }));
}

export function openSqliteClickSink(file: string, busyTimeoutMs: number) {
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.trunc(busyTimeoutMs))}`);
  // The EXISTS below already checks the link; the foreign key would look it up a second time.
  // Deletions (and their cascade) run on the main connection, which enforces the keys.
  sqlite.pragma('foreign_keys = OFF');
  // 2 MB of page cache, not better-sqlite3's 16 MB: a batch of 50k clicks spread over 1M links
  // dirties pages all over the counters table, and filled the 16 MB (measured: ~13 MB more RSS,
  // no faster).
  sqlite.pragma('cache_size = -2048');
  // No per-link row for a link deleted since its clicks were buffered (they still count
  // site-wide). The WHERE clause also settles SQLite's INSERT … SELECT … ON CONFLICT parsing.
  // The check reads the narrow links_id_check index, not the table (migration 0004).
  const addToLink = sqlite.prepare(`
    insert into link_clicks_daily (link_id, day, clicks)
    select ?, ?, ? where exists (select 1 from links indexed by links_id_check where id = ?)
    on conflict (link_id, day) do update set clicks = clicks + excluded.clicks`);
  const addToDay = sqlite.prepare(`
    insert into daily_totals (day, links_created, clicks) values (?, 0, ?)
    on conflict (day) do update set clicks = clicks + excluded.clicks`);

  // IMMEDIATE takes the write lock at BEGIN, waiting out busy_timeout; a deferred
  // transaction could fail at its first write instead if the main connection wrote meanwhile.
  const write = sqlite.transaction((batch: PackedClicks) => {
    const perDay = new Float64Array(batch.days.length);
    // Ascending link ids: neighbouring rows share B-tree pages.
    const order = Array.from(batch.linkIds.keys()).sort((a, b) => (batch.linkIds[a] ?? 0) - (batch.linkIds[b] ?? 0));
    for (const i of order) {
      const d = batch.dayIndex[i] ?? 0;
      const clicks = batch.clicks[i] ?? 0;
      const linkId = batch.linkIds[i];
      addToLink.run(linkId, batch.days[d], clicks, linkId);
      perDay[d] = (perDay[d] ?? 0) + clicks;
    }
    batch.days.forEach((day, d) => addToDay.run(day, perDay[d]));
  });

  return {
    write: (batch: PackedClicks) => write.immediate(batch),
    close: () => sqlite.close(),
  };
}
