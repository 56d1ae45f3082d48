// The breakdown counters of one link on one day: dimension → value → clicks. They are stored as
// one row per (link, day) (migration 0005 says why), encoded here, and the cardinality bound
// lives here too: at most MAX_NAMED_VALUES named values per dimension, the rest in OTHER_VALUE,
// so a flood of made-up `utm_source` values cannot grow a row without limit.
//
// Maps, not plain objects: a value is whatever a visitor sent (`?utm_source=__proto__`).
import { INSIGHT_DIMENSIONS, type InsightDimension, MAX_NAMED_VALUES, OTHER_VALUE } from '../../shared/insights.js';

export type InsightCounts = Map<InsightDimension, Map<string, number>>;

/** Adds `clicks` to (dimension, value), or to OTHER_VALUE when the dimension holds its named values already. */
export function addInsight(counts: InsightCounts, dimension: InsightDimension, value: string, clicks: number): void {
  let values = counts.get(dimension);
  if (values === undefined) {
    values = new Map();
    counts.set(dimension, values);
  }
  const current = values.get(value);
  if (current !== undefined) {
    values.set(value, current + clicks);
    return;
  }
  const named = values.size - (values.has(OTHER_VALUE) ? 1 : 0);
  const key = value === OTHER_VALUE || named < MAX_NAMED_VALUES ? value : OTHER_VALUE;
  values.set(key, (values.get(key) ?? 0) + clicks);
}

/** Adds every counter of `from` into `into` (bounded as addInsight is). */
export function mergeInsights(into: InsightCounts, from: InsightCounts): InsightCounts {
  // Larger values first, so that when a dimension is full it is the small ones that go to OTHER.
  for (const [dimension, values] of from) {
    for (const [value, clicks] of [...values].sort((a, b) => b[1] - a[1])) addInsight(into, dimension, value, clicks);
  }
  return into;
}

/** Clicks counted in one dimension (every dimension of a row adds up to the same number). */
export function dimensionTotal(counts: InsightCounts, dimension: InsightDimension): number {
  let total = 0;
  for (const clicks of counts.get(dimension)?.values() ?? []) total += clicks;
  return total;
}

/**
 * The stored text: `{"sources":[["direct",3],["instagram",1]],"devices":[…],…}` (pairs, since
 * a value may be any string, even one that means something to a plain object).
 */
export function encodeInsights(counts: InsightCounts): string {
  const out: Record<string, [string, number][]> = {};
  for (const dimension of INSIGHT_DIMENSIONS) {
    const values = counts.get(dimension);
    if (values !== undefined && values.size > 0) out[dimension] = [...values];
  }
  return JSON.stringify(out);
}

const DIMENSIONS: ReadonlySet<string> = new Set(INSIGHT_DIMENSIONS);

/** The counters of a stored text; what is not well-formed is skipped (a damaged row never fails a flush or a read). */
export function decodeInsights(text: string | null | undefined): InsightCounts {
  const counts: InsightCounts = new Map();
  if (text === null || text === undefined || text === '') return counts;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return counts;
  }
  if (typeof parsed !== 'object' || parsed === null) return counts;
  for (const [dimension, pairs] of Object.entries(parsed)) {
    if (!DIMENSIONS.has(dimension) || !Array.isArray(pairs)) continue;
    for (const pair of pairs as unknown[]) {
      if (!Array.isArray(pair) || typeof pair[0] !== 'string' || !Number.isSafeInteger(pair[1]) || (pair[1] as number) <= 0) continue;
      addInsight(counts, dimension as InsightDimension, pair[0], pair[1] as number);
    }
  }
  return counts;
}
