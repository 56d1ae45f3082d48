// A run of days with their clicks, oldest first, days without a counter row at 0: what the
// owner's view (30 days) and the insights (1–90 days) answer as `daily`.
import type { DailyClicks } from '../../shared/api.js';
import { addDays } from '../calendar.js';

export function dailySeries(rows: readonly DailyClicks[], from: string, days: number): DailyClicks[] {
  const byDay = new Map(rows.map((r) => [r.day, r.clicks]));
  return Array.from({ length: days }, (_, i) => {
    const day = addDays(from, i);
    return { day, clicks: byDay.get(day) ?? 0 };
  });
}
