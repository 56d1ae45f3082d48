// The breakdowns' cardinality bound: a (link, day, dimension) keeps at most MAX_NAMED_VALUES
// values by name, and the clicks of any further value go to OTHER_VALUE. Names are given
// first come, first served, and a visitor chooses some values (`?utm_source=…`, a Referer, a
// user agent): 49 made-up tags early in the day would push that day's Instagram and Google
// clicks into "Outros". So the values the product names itself (the known sources, the common
// browsers, Brazil's states, 'unknown') are reserved a place: the others may take at most
// MAX_NAMED_VALUES minus the reserved ones' number of names, and whatever a visitor makes up,
// the reserved values still fit under the same bound. Both places that admit a new value (the
// window's counters, insight-counts.ts, and the rows merged with what is stored,
// insights-accumulator.ts) ask here.
import { COMMON_BROWSERS, type InsightDimension, KNOWN_SOURCES, MAX_NAMED_VALUES, UNKNOWN_VALUE } from '../../shared/insights.js';
import { BRAZIL_STATE_CODES } from './brazil-states.js';

const RESERVED = new Map<InsightDimension, ReadonlySet<string>>([
  ['sources', new Set<string>(KNOWN_SOURCES)],
  ['browsers', new Set<string>(COMMON_BROWSERS)],
  ['countries', new Set(['BR', UNKNOWN_VALUE])],
  ['regions', new Set([...BRAZIL_STATE_CODES, UNKNOWN_VALUE])],
]);
const NONE: ReadonlySet<string> = new Set();

/** Whether `value` is one of the dimension's reserved values. */
export function isReserved(dimension: InsightDimension, value: string): boolean {
  return (RESERVED.get(dimension) ?? NONE).has(value);
}

/** How many named values of the dimension may be values that are not reserved. */
export function unreservedBound(dimension: InsightDimension): number {
  return MAX_NAMED_VALUES - (RESERVED.get(dimension) ?? NONE).size;
}

/**
 * Whether a value new to a dimension gets a name, when the dimension holds `named` named values
 * (OTHER_VALUE aside), `unreserved` of them not reserved.
 */
export function admitsNewValue(dimension: InsightDimension, value: string, named: number, unreserved: number): boolean {
  if (named >= MAX_NAMED_VALUES) return false;
  return unreserved < unreservedBound(dimension) || isReserved(dimension, value);
}
