// Home-page statistics from the daily counters: at most 30 rows read, whatever the number
// of links or clicks. Cached for a few seconds since every home visit asks.
import { EMPTY_STATS, type StatsResponse } from '../../shared/api.js';
import { addDays, type Calendar, type Clock } from '../calendar.js';
import type { CounterRepository } from './counter-repository.js';

export interface StatsServiceDeps {
  counters: CounterRepository;
  calendar: Calendar;
  clock: Clock;
  cacheMs: number;
}

export function createStatsService(deps: StatsServiceDeps) {
  let cached: { value: StatsResponse; day: string; until: number } | undefined;
  let inFlight: Promise<StatsResponse> | undefined;

  async function compute(today: string): Promise<StatsResponse> {
    const from7 = addDays(today, -6);
    const from30 = addDays(today, -29);
    const rows = await deps.counters.totalsBetween(from30, today);
    const stats: StatsResponse = { ...EMPTY_STATS };
    for (const row of rows) {
      stats.links_last_30_days += row.linksCreated;
      stats.clicks_last_30_days += row.clicks;
      if (row.day >= from7) {
        stats.links_last_7_days += row.linksCreated;
        stats.clicks_last_7_days += row.clicks;
      }
      if (row.day === today) {
        stats.links_today += row.linksCreated;
        stats.clicks_today += row.clicks;
      }
    }
    return stats;
  }

  return {
    async getStats(): Promise<StatsResponse> {
      const now = deps.clock();
      const today = deps.calendar.today();
      if (cached !== undefined && cached.day === today && now < cached.until) return cached.value;
      // Concurrent requests share one query.
      inFlight ??= compute(today).finally(() => {
        inFlight = undefined;
      });
      const value = await inFlight;
      cached = { value, day: today, until: now + deps.cacheMs };
      return value;
    },
    invalidate() {
      cached = undefined;
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
