// pt-BR formatting helpers.
//
// No Intl object is made while the app loads: a page's first Intl call costs tens of ms of the
// main thread (see shared/integer-format.ts), so each formatter is created on its first use,
// and whole numbers (every count the pages show while hydrating) need none.
import { formatInteger } from '../../shared/integer-format';

/** A formatter made on first use. */
function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** 1234 → "1.234" (see formatInteger: anything but a whole number goes through Intl). */
export const formatNumber = formatInteger;

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

/** "5548999990000" → "+55 (48) 99999-0000"; other numbers get a plain "+". */
export function formatWhatsapp(digits: string): string {
  const br = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  if (br) return `+55 (${br[1]}) ${br[2]}-${br[3]}`;
  return `+${digits}`;
}

const dateTimeFormat = onFirstUse(() => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium', timeStyle: 'short' }));

/** An ISO instant as pt-BR shows it, e.g. "21 de nov. de 2025, 14:30"; the input as is if it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat().format(date);
}

/** A calendar day "2025-11-21" as "21/11" (no time zone involved). */
export function formatDayMonth(day: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[2]}/${match[1]}` : day;
}

/** "https://encurta.br/promo" → "encurta.br/promo": how short links are shown. */
export function withoutScheme(url: string): string {
  return url.replace(/^https?:\/\//, '');
}

// Brasília time, as the home form's 'Expira em' is typed (EXPIRY_TIME_ZONE).
const brasiliaFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

/**
 * An ISO instant in Brasília time, "25/12/2026 18:00"; the input as is if it is not a date.
 * `seconds`: also its seconds when they are not zero ("18:00:50"), for an instant the minute
 * alone would misstate (a link that still opens for 50 s after "18:00").
 */
export function formatBrasiliaDateTime(iso: string, seconds = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = brasiliaFormat().formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  const second = seconds ? date.getUTCSeconds() : 0;
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}${second === 0 ? '' : `:${String(second).padStart(2, '0')}`}`;
}

/**
 * A stored URL as a person reads it: the server keeps targets percent-encoded (".../promo%C3%A7%C3%A3o"),
 * shown here with their letters (".../promoção"). Only for display: href and copies keep the URL.
 * Escapes of reserved characters stay (decodeURI leaves %2F, %3F, %23…), and so do those of
 * spaces, controls and invisible format characters (a right-to-left override could disguise
 * where a link goes); a malformed escape leaves the URL as stored.
 */
export function readableUrl(url: string): string {
  try {
    return decodeURI(url).replace(/[\p{Cc}\p{Cf}\p{Z}]/gu, (char) => encodeURIComponent(char));
  } catch {
    return url;
  }
}
