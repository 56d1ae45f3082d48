// Where a link's clicks came from, for its owner (manage token): the daily clicks of the range
// from the click counters, and the breakdowns summed from link_insights_daily.
import type { InsightCount, LinkInsights } from '../../shared/api.js';
import { INSIGHT_DIMENSIONS, type InsightDimension, type InsightRange } from '../../shared/insights.js';
import { addDays, type Calendar } from '../calendar.js';
import type { LinkRepository } from '../links/link-repository.js';
import { authoriseOwner, type OwnerCredential } from '../links/link-owner-service.js';
import type { CounterRepository } from '../stats/counter-repository.js';
import { dailySeries } from '../stats/daily-series.js';
import type { InsightsRepository, InsightTotal } from './insights-repository.js';

const HOURS_PER_DAY = 24;

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
}

export function createInsightsService(deps: InsightsServiceDeps) {
  return {
    /** Same refusals as the owner view: 401 without a token, 404 unknown alias, 403 wrong token. */
    async getInsights(alias: string, token: OwnerCredential, days: InsightRange): Promise<LinkInsights> {
      const link = await authoriseOwner(deps.links, alias, token);
      const to = deps.calendar.today();
      const from = addDays(to, -(days - 1));
      const [clicksByDay, totals] = await Promise.all([
        deps.counters.linkClicksBetween(link.id, from, to),
        deps.breakdowns ? deps.insights.breakdownsBetween(link.id, from, to) : Promise.resolve([]),
      ]);

      const daily = dailySeries(clicksByDay, from, days);
      return {
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
    },
  };
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
