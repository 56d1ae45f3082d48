// pt-BR formatting helpers the home page uses too (format-on-demand.ts has the others).
//
// No Intl object is made while the app loads: a page's first Intl call costs tens of ms of the
// main thread (see shared/integer-format.ts), so each formatter is created on its first use,
// and whole numbers (every count the pages show while hydrating) need none.
import { formatInteger } from '../../shared/integer-format';

/** A formatter made on first use (format-on-demand.ts has more of them). */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** 1234 → "1.234" (see formatInteger: anything but a whole number goes through Intl). */
export const formatNumber = formatInteger;

/** "5548999990000" → "+55 (48) 99999-0000"; other numbers get a plain "+". */
export function formatWhatsapp(digits: string): string {
  const br = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  if (br) return `+55 (${br[1]}) ${br[2]}-${br[3]}`;
  return `+${digits}`;
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
