// Where a link's clicks came from, for its owner (manage token): the daily clicks of the range
// from the click counters, and the breakdowns summed from link_insights_daily. With a cache the
// answer is kept until the link's counters are written again (insights-cache.ts), and the reads
// it does not keep spend a process-wide budget (insights-read-budget.ts); the token is checked
// on every request either way.
import type { InsightCount, LinkInsights } from '../../shared/api.js';
import { INSIGHT_DIMENSIONS, type InsightDimension, type InsightRange, MAX_NAMED_VALUES, DEVICE_VALUES, SYSTEM_VALUES } from '../../shared/insights.js';
import { siteInsightsBusyMessage } from '../../shared/messages.js';
import { addDays, type Calendar } from '../calendar.js';
import { AppError } from '../errors.js';
import type { LinkRepository } from '../links/link-repository.js';
import { authoriseOwner, type OwnerCredential } from '../links/link-owner-service.js';
import type { CounterRepository } from '../stats/counter-repository.js';
import { dailySeries } from '../stats/daily-series.js';
import type { InsightsCache } from './insights-cache.js';
import type { InsightsReadBudget } from './insights-read-budget.js';
import type { InsightsRepository, InsightTotal } from './insights-repository.js';

const HOURS_PER_DAY = 24;

/**
 * The most counter rows a (link, day) holds: four dimensions of up to 49 names and `other`, the
 * hours, devices and systems (a little more, for `unknown`s). A read reserves this per day of
 * its range from the budget, and gives back what it did not read.
 */
const MAX_ROWS_PER_DAY = 4 * (MAX_NAMED_VALUES + 1) + HOURS_PER_DAY + DEVICE_VALUES.length + SYSTEM_VALUES.length + 4;
/** What a read costs besides its counter rows (the daily clicks, the answer built), in rows. */
const READ_OVERHEAD_ROWS = 100;

/** The dimensions answered as sorted lists (hours is answered as 24 numbers). */
type ListDimension = Exclude<InsightDimension, 'hours'>;
const LIST_DIMENSIONS = INSIGHT_DIMENSIONS.filter((d): d is ListDimension => d !== 'hours');

export interface InsightsServiceDeps {
  links: Pick<LinkRepository, 'findByAlias'>;
  counters: Pick<CounterRepository, 'linkClicksBetween'>;
  insights: Pick<InsightsRepository, 'breakdownsBetween'>;
  calendar: Calendar;
  /** config.insights.enabled: when off, nothing is read from link_insights_daily. */
  breakdowns: boolean;
  /** A city-level GeoIP database is configured (GEOIP_CITY_DB): clicks get a region. */
  regionLookup: boolean;
  /** Answers kept until the link's counters are written (none: every read queries). */
  cache?: InsightsCache<LinkInsights>;
  /** Rows the reads not answered from `cache` may read (none: unbounded). */
  budget?: InsightsReadBudget;
  /** Told how each read was answered (the `shortener_insights_reads_total` metric). */
  observer?: { read(outcome: 'cached' | 'computed' | 'refused'): void };
}

export function createInsightsService(deps: InsightsServiceDeps) {
  /** The answer from the database, and the counter rows it read. */
  async function compute(link: { id: number; alias: string }, days: InsightRange, to: string): Promise<{ value: LinkInsights; rows: number }> {
    const from = addDays(to, -(days - 1));
    const [clicksByDay, totals] = await Promise.all([
      deps.counters.linkClicksBetween(link.id, from, to),
      deps.breakdowns ? deps.insights.breakdownsBetween(link.id, from, to) : Promise.resolve([]),
    ]);

    const daily = dailySeries(clicksByDay, from, days);
    const value: LinkInsights = {
      alias: link.alias,
      days,
      from,
      to,
      totalClicks: daily.reduce((sum, d) => sum + d.clicks, 0),
      daily,
      ...breakdownsOf(totals),
      breakdowns: deps.breakdowns,
      regionLookup: deps.breakdowns && deps.regionLookup,
    };
    return { value, rows: clicksByDay.length + totals.reduce((sum, t) => sum + (t.rows ?? 1), 0) };
  }

  /** compute() within the budget: refused (503, Retry-After) when it is spent. */
  async function computeWithinBudget(link: { id: number; alias: string }, days: InsightRange, to: string): Promise<{ value: LinkInsights; items: number }> {
    const reserve = READ_OVERHEAD_ROWS + days * (MAX_ROWS_PER_DAY + 1);
    const admission = deps.budget?.admit(reserve) ?? { admitted: true };
    if (!admission.admitted) {
      deps.observer?.read('refused');
      throw new AppError('unavailable', 503, { message: siteInsightsBusyMessage, headers: { 'retry-after': String(admission.retryAfterSeconds) } });
    }
    let used = reserve;
    try {
      const { value, rows } = await compute(link, days, to);
      used = READ_OVERHEAD_ROWS + rows;
      deps.observer?.read('computed');
      return { value, items: itemsOf(value) };
    } finally {
      deps.budget?.settle(reserve, used);
    }
  }

  return {
    /** Same refusals as the owner view: 401 without a token, 404 unknown alias, 403 wrong token; 503 past the read budget. */
    async getInsights(alias: string, token: OwnerCredential, days: InsightRange): Promise<LinkInsights> {
      const link = await authoriseOwner(deps.links, alias, token);
      const to = deps.calendar.today();
      if (deps.cache === undefined) return (await computeWithinBudget(link, days, to)).value;
      // A new day is a new key: yesterday's answers are not read again (and age out).
      const { value, cached } = await deps.cache.read(link.id, `${days}|${to}`, () => computeWithinBudget(link, days, to));
      if (cached) deps.observer?.read('cached');
      return value;
    },
  };
}

/** The answer's entries, what the cache counts its size in. */
function itemsOf(view: LinkInsights): number {
  return view.daily.length + view.hours.length + view.sources.length + view.devices.length + view.systems.length + view.browsers.length + view.countries.length + view.regions.length;
}

export type InsightsService = ReturnType<typeof createInsightsService>;

type Breakdowns = Pick<LinkInsights, 'hours' | ListDimension>;

/** The summed rows as the answer's lists: hours by index, every other dimension sorted. */
function breakdownsOf(totals: readonly InsightTotal[]): Breakdowns {
  const hours = new Array<number>(HOURS_PER_DAY).fill(0);
  const lists = new Map<string, InsightCount[]>(LIST_DIMENSIONS.map((d) => [d, []]));
  for (const { dimension, value, clicks } of totals) {
    if (dimension === 'hours') {
      // Stored as '00'–'23'; anything else cannot be placed on the clock and is left out.
      const hour = /^\d{2}$/.test(value) ? Number(value) : -1;
      if (hour >= 0 && hour < HOURS_PER_DAY) hours[hour] = (hours[hour] ?? 0) + clicks;
    } else {
      // A dimension this version does not answer (a newer writer's) is skipped.
      lists.get(dimension)?.push({ key: value, clicks });
    }
  }
  const sorted = (dimension: ListDimension): InsightCount[] => (lists.get(dimension) ?? []).sort(byClicksThenKey);
  return {
    hours,
    sources: sorted('sources'),
    devices: sorted('devices'),
    systems: sorted('systems'),
    browsers: sorted('browsers'),
    countries: sorted('countries'),
    regions: sorted('regions'),
  };
}

/** Most clicks first; ties by key in code-unit order, so the answer does not depend on the database's collation. */
function byClicksThenKey(a: InsightCount, b: InsightCount): number {
  if (a.clicks !== b.clicks) return b.clicks - a.clicks;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}
