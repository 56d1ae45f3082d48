// The breakdown counters of one link on one day, as the click writer builds them before they
// become rows of link_insights_daily: dimension → value → clicks. The cardinality bound is
// applied here (the rule is insight-bound.ts's): at most MAX_NAMED_VALUES named values per
// dimension, the rest in OTHER_VALUE, so a flood of made-up `utm_source` values cannot grow the
// table without limit, nor take the known sources' names.
//
// Maps, not plain objects: a value is whatever a visitor sent (`?utm_source=__proto__`).
import { type InsightDimension, OTHER_VALUE } from '../../shared/insights.js';
import { admitsNewValue, isReserved, unreservedBound } from './insight-bound.js';

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
  const named = namedCount(values);
  // Fewer named values than the unreserved may take: no need to count which are reserved.
  const admitted = value === OTHER_VALUE || named < unreservedBound(dimension) || admitsNewValue(dimension, value, named, unreservedCount(dimension, values));
  const key = admitted ? value : OTHER_VALUE;
  values.set(key, (values.get(key) ?? 0) + clicks);
}

/** The named values of a dimension (OTHER_VALUE aside). */
export function namedCount(values: ReadonlyMap<string, number> | ReadonlySet<string>): number {
  return values.size - (values.has(OTHER_VALUE) ? 1 : 0);
}

/** The named values of a dimension that are not reserved (insight-bound.ts). */
export function unreservedCount(dimension: InsightDimension, values: ReadonlyMap<string, number> | ReadonlySet<string>): number {
  let unreserved = 0;
  for (const value of values.keys()) if (value !== OTHER_VALUE && !isReserved(dimension, value)) unreserved++;
  return unreserved;
}

/** Clicks counted in one dimension (every dimension of a row adds up to the same number). */
export function dimensionTotal(counts: InsightCounts, dimension: InsightDimension): number {
  let total = 0;
  for (const clicks of counts.get(dimension)?.values() ?? []) total += clicks;
  return total;
}
