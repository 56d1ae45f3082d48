// Calendar days in the statistics time zone (America/Sao_Paulo by default). Days are
// YYYY-MM-DD strings, which sort and compare like the dates they name.

export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

export interface Calendar {
  /** The day "now" falls on. Cheap: recomputed at most once a minute. */
  today(): string;
  /** The hour of day (0–23) "now" falls on, in the same time zone; as cheap as today(). */
  hour(): number;
  dayOf(epochMs: number): string;
}

export function createCalendar(timeZone: string, clock: Clock): Calendar {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const hourFormat = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' });
  const dayOf = (epochMs: number): string => format.format(epochMs);
  let cachedDay = '';
  let cachedHour = 0;
  let validUntil = -Infinity;
  const refresh = (): void => {
    const now = clock();
    // Every time zone's midnight and hours fall on a whole minute, so neither can change
    // before the next minute starts (or if the clock went backwards).
    if (now >= validUntil || now < validUntil - 60_000) {
      cachedDay = dayOf(now);
      cachedHour = Number(hourFormat.format(now)) % 24;
      validUntil = Math.floor(now / 60_000) * 60_000 + 60_000;
    }
  };
  return {
    dayOf,
    today() {
      refresh();
      return cachedDay;
    },
    hour() {
      refresh();
      return cachedHour;
    },
  };
}

/** The day `delta` calendar days after `day` (negative goes back). */
export function addDays(day: string, delta: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + delta)).toISOString().slice(0, 10);
}
