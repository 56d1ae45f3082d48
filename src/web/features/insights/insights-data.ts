// The API's answer read defensively (a server of another version, a proxy's page must not
// break the page), and the few figures the page derives from it.
import type { DailyClicks, InsightCount, LinkInsights } from '../../../shared/api';

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

function counts(value: unknown): InsightCount[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((entry): entry is { key: string; clicks: unknown } => typeof entry === 'object' && entry !== null && typeof (entry as { key?: unknown }).key === 'string')
    .map((entry) => ({ key: entry.key, clicks: count(entry.clicks) }))
    .filter((entry) => entry.clicks > 0)
    .sort((a, b) => b.clicks - a.clicks);
}

function days(value: unknown): DailyClicks[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((entry): entry is { day: string; clicks: unknown } => typeof entry === 'object' && entry !== null && typeof (entry as { day?: unknown }).day === 'string')
    .map((entry) => ({ day: entry.day, clicks: count(entry.clicks) }));
}

/** The answer as LinkInsights, or undefined when it is not one (no daily clicks, wrong range). */
export function toLinkInsights(body: unknown, alias: string, range: number): LinkInsights | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const source = body as Record<string, unknown>;
  const daily = days(source.daily);
  if (daily.length === 0) return undefined;
  const hours = Array.from({ length: 24 }, (_, hour) => count(Array.isArray(source.hours) ? (source.hours as unknown[])[hour] : 0));
  const first = daily[0]?.day ?? '';
  const last = daily[daily.length - 1]?.day ?? '';
  return {
    alias: typeof source.alias === 'string' ? source.alias : alias,
    days: typeof source.days === 'number' ? source.days : range,
    from: typeof source.from === 'string' ? source.from : first,
    to: typeof source.to === 'string' ? source.to : last,
    totalClicks: typeof source.totalClicks === 'number' ? count(source.totalClicks) : daily.reduce((sum, entry) => sum + entry.clicks, 0),
    daily,
    hours,
    sources: counts(source.sources),
    devices: counts(source.devices),
    systems: counts(source.systems),
    browsers: counts(source.browsers),
    countries: counts(source.countries),
    regions: counts(source.regions),
    breakdowns: source.breakdowns !== false,
    // A server from before the flag looked states up whenever it could: keep its wording.
    regionLookup: source.regionLookup !== false,
  };
}

/** The day with the most clicks (the latest on a tie), or undefined when none had any. */
export function bestDay(daily: readonly DailyClicks[]): DailyClicks | undefined {
  let best: DailyClicks | undefined;
  for (const entry of daily) if (entry.clicks > 0 && (best === undefined || entry.clicks >= best.clicks)) best = entry;
  return best;
}

/** The hour with the most clicks (the earliest on a tie), or undefined when none had any. */
export function bestHour(hours: readonly number[]): { hour: number; clicks: number } | undefined {
  let best: { hour: number; clicks: number } | undefined;
  hours.forEach((clicks, hour) => {
    if (clicks > 0 && (best === undefined || clicks > best.clicks)) best = { hour, clicks };
  });
  return best;
}

/**
 * The day a link was created (YYYY-MM-DD, the API's days) in `timeZone` (STATS_TIMEZONE, the
 * days' own calendar); undefined when `createdAt` cannot be read.
 */
export function creationDay(createdAt: string | undefined, timeZone: string): string | undefined {
  const created = createdAt === undefined ? NaN : Date.parse(createdAt);
  if (Number.isNaN(created)) return undefined;
  try {
    // en-CA writes YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(created);
  } catch {
    return new Date(created).toISOString().slice(0, 10);
  }
}

/**
 * The days of `daily` the link existed on: those from the day it was created. All of them when
 * the creation cannot be read, or falls after the last day (a clock set ahead): never none.
 */
export function dailySinceCreation(daily: readonly DailyClicks[], createdAt: string | undefined, timeZone: string): readonly DailyClicks[] {
  const firstDay = creationDay(createdAt, timeZone);
  if (firstDay === undefined) return daily;
  const existed = daily.filter((entry) => entry.day >= firstDay);
  return existed.length === 0 ? daily : existed;
}

/**
 * How many days of `daily` the link existed on, at least 1. A link created today has one day in
 * any range, and its average per day is its total.
 */
export function daysSinceCreation(daily: readonly DailyClicks[], createdAt: string | undefined, timeZone: string): number {
  const firstDay = creationDay(createdAt, timeZone);
  return Math.max(1, firstDay === undefined ? daily.length : daily.filter((entry) => entry.day >= firstDay).length);
}

export function sumClicks(entries: readonly { clicks: number }[]): number {
  return entries.reduce((sum, entry) => sum + entry.clicks, 0);
}

/**
 * Whole percentages of `values` that add up to exactly 100 (or all 0 when every value is), by
 * largest remainder: each share rounded down, the points left to the largest fractions (on a
 * tie, to the smaller value, so 199 and 1 read 99% and 1%, then to the first). Rounding each share on its own made a table read 101% or 102%.
 */
export function wholePercents(values: readonly number[]): number[] {
  const total = values.reduce((sum, value) => sum + value, 0);
  if (total <= 0) return values.map(() => 0);
  const exact = values.map((value) => (value * 100) / total);
  const percents = exact.map(Math.floor);
  let left = 100 - percents.reduce((sum, value) => sum + value, 0);
  const byFraction = exact.map((value, index) => ({ index, fraction: value - Math.floor(value) })).sort((a, b) => b.fraction - a.fraction || (values[a.index] ?? 0) - (values[b.index] ?? 0) || a.index - b.index);
  for (const { index } of byFraction) {
    if (left <= 0) break;
    percents[index] = (percents[index] ?? 0) + 1;
    left--;
  }
  return percents;
}
