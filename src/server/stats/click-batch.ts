// One flush of buffered clicks, as both click writers take it: typed arrays, one row per
// (link, day), so it crosses to the SQLite writer thread as a copy of a few buffers instead of
// one cloned object per row. The click buffer (redirect/click-counts.ts) already merges clicks
// of one (link, day), so no writer merges again.

export interface ClickBatch {
  days: string[];
  /** Index into `days`, per row. */
  dayIndex: Uint16Array<ArrayBuffer>;
  linkIds: Float64Array<ArrayBuffer>;
  clicks: Float64Array<ArrayBuffer>;
}

export interface LinkDayClicks {
  linkId: number;
  day: string;
  clicks: number;
}

/** Rows into a batch, clicks of the same (link, day) added up (tests build batches this way; the click buffer packs its own). */
export function packClicks(rows: readonly LinkDayClicks[]): ClickBatch {
  const merged = new Map<string, LinkDayClicks>();
  for (const row of rows) {
    const key = `${row.linkId}|${row.day}`;
    const existing = merged.get(key);
    if (existing === undefined) merged.set(key, { ...row });
    else existing.clicks += row.clicks;
  }
  const unique = [...merged.values()];
  const days: string[] = [];
  const dayIndex = new Uint16Array(unique.length);
  const linkIds = new Float64Array(unique.length);
  const clicks = new Float64Array(unique.length);
  unique.forEach((row, i) => {
    let d = days.indexOf(row.day);
    if (d === -1) d = days.push(row.day) - 1;
    dayIndex[i] = d;
    linkIds[i] = row.linkId;
    clicks[i] = row.clicks;
  });
  return { days, dayIndex, linkIds, clicks };
}

/** The rows of a batch, in batch order. */
export function unpackClicks(batch: ClickBatch): LinkDayClicks[] {
  return Array.from(batch.linkIds, (linkId, i) => ({ linkId, day: dayOfRow(batch, i), clicks: batch.clicks[i] ?? 0 }));
}

export function dayOfRow(batch: ClickBatch, row: number): string {
  return batch.days[batch.dayIndex[row] ?? 0] ?? '';
}

/**
 * Row indexes by ascending link id, then day: neighbouring rows share B-tree pages, and two
 * flushes writing in the same order cannot deadlock each other (PostgreSQL, several instances).
 */
export function rowsInLinkOrder(batch: ClickBatch): number[] {
  return Array.from(batch.linkIds.keys()).sort(
    (a, b) => (batch.linkIds[a] ?? 0) - (batch.linkIds[b] ?? 0) || (dayOfRow(batch, a) < dayOfRow(batch, b) ? -1 : 1),
  );
}

/** Clicks per day over the whole batch (the site-wide counters). */
export function clicksPerDay(batch: ClickBatch): Map<string, number> {
  const totals = new Map<string, number>();
  for (let i = 0; i < batch.linkIds.length; i++) {
    const day = dayOfRow(batch, i);
    totals.set(day, (totals.get(day) ?? 0) + (batch.clicks[i] ?? 0));
  }
  return totals;
}
