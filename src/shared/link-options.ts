// Link options (expiry, click limit, password, app-store targets): their limits and the check
// of a creation's values, shared by the server (authoritative) and the home form.
import { checkTargetUrl } from './url-rules.js';

/** An expiry must be at least this far ahead… */
export const EXPIRY_MIN_AHEAD_MS = 60_000;
/** …and at most this far (5 years of 365.25 days). */
export const EXPIRY_MAX_AHEAD_MS = Math.round(5 * 365.25 * 24 * 3600 * 1000);
export const MAX_CLICKS_LIMIT = 1_000_000_000;
export const PASSWORD_MIN_LENGTH = 4;
export const PASSWORD_MAX_LENGTH = 128;
/** The time zone the home form's 'Expira em' is read in (Brazil has kept UTC−3 all year since 2019). */
export const EXPIRY_TIME_ZONE = 'America/Sao_Paulo';

/** What a creation may ask for, as sent (any JSON value: each is checked here). */
export interface LinkOptionsInput {
  expiresAt?: unknown;
  maxClicks?: unknown;
  password?: unknown;
  iosUrl?: unknown;
  androidUrl?: unknown;
}

/** Options that passed the check; absent ones are null. */
export interface CheckedLinkOptions {
  /** ISO 8601, UTC. */
  expiresAt: string | null;
  maxClicks: number | null;
  password: string | null;
  iosUrl: string | null;
  androidUrl: string | null;
}

/** The codes of the options' rules (their texts: form-messages.ts). */
export type LinkOptionErrorCode = 'invalid_expires_at' | 'invalid_max_clicks' | 'invalid_password' | 'invalid_ios_url' | 'invalid_android_url';

/** A refusal; `malformed`: the value is not of the expected form at all (form-messages.ts has its text). */
export type LinkOptionsCheck = { ok: true; options: CheckedLinkOptions } | { ok: false; code: LinkOptionErrorCode; malformed?: true };

// An ISO 8601 / RFC 3339 instant with a date, a time and a zone (Z or ±hh:mm, or ±hhmm): 'T'
// or a space between date and time, 't' and 'z' too (RFC 3339 allows them). Date.parse alone
// also takes '2027-01-01' (read as UTC midnight) and locale strings; a time without a zone is
// refused, since whose clock it is cannot be known.
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)([Zz]|[+-]\d{2}:?\d{2})$/;

/** The instant an ISO_INSTANT names (ms), in the one form Date.parse reads everywhere; NaN otherwise. */
function parseInstant(raw: unknown): number {
  const match = typeof raw === 'string' ? ISO_INSTANT.exec(raw) : null;
  if (match === null) return Number.NaN;
  const [, date, time, zone = ''] = match;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const normalized = `${date}T${time}${offset}`;
  return isRealDateTime(normalized) ? Date.parse(normalized) : Number.NaN;
}

const present = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** Checks a creation's options at `now` (ms); the first bad value's code, field by field. */
export function checkLinkOptions(input: LinkOptionsInput, now: number, ownHost?: string): LinkOptionsCheck {
  let expiresAt: string | null = null;
  if (present(input.expiresAt)) {
    const at = parseInstant(input.expiresAt);
    // Not an instant at all (no zone, a date alone, a number): said as such, not as out of range.
    if (!Number.isFinite(at)) return { ok: false, code: 'invalid_expires_at', malformed: true };
    if (at < now + EXPIRY_MIN_AHEAD_MS || at > now + EXPIRY_MAX_AHEAD_MS) return { ok: false, code: 'invalid_expires_at' };
    expiresAt = new Date(at).toISOString();
  }
  let maxClicks: number | null = null;
  if (present(input.maxClicks)) {
    const raw = input.maxClicks;
    if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > MAX_CLICKS_LIMIT) return { ok: false, code: 'invalid_max_clicks' };
    maxClicks = raw;
  }
  let password: string | null = null;
  if (present(input.password)) {
    const raw = input.password;
    // Length in characters (code points), as a person counts them.
    if (typeof raw !== 'string' || [...raw].length < PASSWORD_MIN_LENGTH || [...raw].length > PASSWORD_MAX_LENGTH) return { ok: false, code: 'invalid_password' };
    password = raw;
  }
  const appUrl = (raw: unknown): string | null | undefined => {
    if (!present(raw)) return null;
    if (typeof raw !== 'string') return undefined;
    const checked = checkTargetUrl(raw, ownHost);
    return checked.ok ? checked.url.href : undefined;
  };
  const iosUrl = appUrl(input.iosUrl);
  if (iosUrl === undefined) return { ok: false, code: 'invalid_ios_url' };
  const androidUrl = appUrl(input.androidUrl);
  if (androidUrl === undefined) return { ok: false, code: 'invalid_android_url' };
  return { ok: true, options: { expiresAt, maxClicks, password, iosUrl, androidUrl } };
}

/** Whether a link has any option (the redirect checks options only for those). */
export function hasAnyOption(options: CheckedLinkOptions): boolean {
  return options.expiresAt !== null || options.maxClicks !== null || options.password !== null || options.iosUrl !== null || options.androidUrl !== null;
}

/**
 * The instant of a wall-clock date and time ('YYYY-MM-DDTHH:mm', as an <input type="datetime-local">
 * gives it; with ':ss' or ':ss.sss' when its seconds are not zero) in `timeZone`, as ISO 8601
 * UTC; undefined when it is not such a value.
 */
export function wallClockToInstant(local: string, timeZone: string = EXPIRY_TIME_ZONE): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(local);
  if (match === null) return undefined;
  if (!isRealDateTime(local)) return undefined;
  const [y, mo, d, h, mi, sec = 0] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number?];
  const ms = Number((match[7] ?? '').padEnd(3, '0'));
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, sec, ms);
  // The zone's offset at that moment, from Intl (twice: the first guess may sit across a change).
  let instant = asUtc;
  for (let i = 0; i < 2; i++) instant = asUtc - zoneOffsetMs(instant, timeZone);
  return new Date(instant).toISOString();
}

/**
 * Whether the date and time at the start of an ISO-shaped string exist ('2027-02-30' and '25:00'
 * do not): Date.parse and Date.UTC roll such values over into the next day or month.
 */
function isRealDateTime(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (match === null) return false;
  const [y, mo, d, h, mi, sec = 0] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number?];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d && h <= 23 && mi <= 59 && sec <= 59;
}

function zoneOffsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(at / 1000) * 1000;
}
