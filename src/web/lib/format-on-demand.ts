// pt-BR formatting helpers only pages loaded on demand use (Meus links, a link's statistics,
// the console, privacy). Apart from format.ts because a bundle holds a module whole: in one
// module with the home's helpers they rode in the home's first download, which is at its size
// budget. Each Intl object is made on its first use, as in format.ts.
import { SITE_DEFAULTS } from '../../shared/site';
import { onFirstUse } from './format';

const percentFormat = onFirstUse(() => new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 0 }));

/** A share 0–1 as a whole percentage, "40%" (a share under 0.5% but above 0 is "<1%"). */
export function formatPercent(share: number): string {
  return share > 0 && share < 0.005 ? `<${percentFormat().format(0.01)}` : percentFormat().format(share);
}

const decimalFormat = onFirstUse(() => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }));

/** A number with at most one decimal, pt-BR style: 4.25 → "4,3". */
export function formatDecimal(value: number): string {
  return decimalFormat().format(value);
}

/** A calendar day "2025-11-21" as pt-BR writes it, "21/11/2025" (no time zone involved). */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/**
 * The zone formatDateTime shows instants in. The site's (STATS_TIMEZONE), not the browser's: the
 * same instant must read the same for every operator and match the server's "hoje" and charts,
 * and the server-rendered HTML must equal the hydrated page. The console sets it once it knows
 * the site configuration (setDateTimeZone); until then the default STATS_TIMEZONE.
 */
let dateTimeZone = SITE_DEFAULTS.statsTimeZone;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** Day, month, year and a 24-hour time in `timeZone`, read back part by part by formatDateTime. */
function numericDateTime(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
}

/** Shows formatDateTime's instants in `timeZone` (an IANA name); an unknown name leaves the zone as it was. */
export function setDateTimeZone(timeZone: string): void {
  if (timeZone === dateTimeZone) return;
  try {
    dateTimeFormat = numericDateTime(timeZone);
    dateTimeZone = timeZone;
  } catch {
    // A RangeError: a zone this browser's Intl does not know. Better the previous zone than no console.
  }
}

/**
 * An ISO instant as the rest of the site writes one, in the site's zone: "21/11/2025 14:30"
 * (the form of "Criado em" in Meus links and of a link's expiry); the input as is if it is not
 * a date. Built from the parts, since Intl puts a comma between date and time.
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateTimeFormat ??= numericDateTime(dateTimeZone);
  const parts = dateTimeFormat.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

/** A calendar day "2025-11-21" as "21/11" (no time zone involved). */
export function formatDayMonth(day: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[2]}/${match[1]}` : day;
}
