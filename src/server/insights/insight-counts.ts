// The breakdown counters of one link on one day, as the click writer builds them before they
// become rows of link_insights_daily: dimension → value → clicks. The cardinality bound lives
// here: at most MAX_NAMED_VALUES named values per dimension, the rest in OTHER_VALUE, so a
// flood of made-up `utm_source` values cannot grow the table without limit.
//
// Maps, not plain objects: a value is whatever a visitor sent (`?utm_source=__proto__`).
import { type InsightDimension, MAX_NAMED_VALUES, OTHER_VALUE } from '../../shared/insights.js';

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

/** Clicks counted in one dimension (every dimension of a row adds up to the same number). */
export function dimensionTotal(counts: InsightCounts, dimension: InsightDimension): number {
  let total = 0;
  for (const clicks of counts.get(dimension)?.values() ?? []) total += clicks;
  return total;
}
