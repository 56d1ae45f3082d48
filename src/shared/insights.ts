// Click insights: the ranges an owner can ask for and the dimensions a click is counted in.
// Shared by the server (what it counts and answers) and the app (what it shows).

/** The ranges of GET /api/links/:alias/insights?days=N, in days (1 is today). */
export const INSIGHT_RANGES = [1, 7, 30, 90] as const;
export type InsightRange = (typeof INSIGHT_RANGES)[number];
export const DEFAULT_INSIGHT_RANGE: InsightRange = 30;

export function isInsightRange(value: number): value is InsightRange {
  return (INSIGHT_RANGES as readonly number[]).includes(value);
}

/**
 * The breakdowns of a click, as named in the API's answer. `hours` is stored like the others
 * (values '00'–'23') but answered as 24 numbers.
 */
export const INSIGHT_DIMENSIONS = ['sources', 'devices', 'systems', 'browsers', 'countries', 'regions', 'hours'] as const;
export type InsightDimension = (typeof INSIGHT_DIMENSIONS)[number];

/** Where the short link was opened from, when nothing says: typed or pasted, or an app that sends no referrer (WhatsApp). */
export const DIRECT_SOURCE = 'direct';
/** A value no lookup could decide (no country for the address, no region database). */
export const UNKNOWN_VALUE = 'unknown';
/**
 * What the values past the first ones of a (link, day, dimension) are counted as: at most
 * MAX_NAMED_VALUES named values are kept, plus this one, so a flood of made-up sources
 * cannot grow the table.
 */
export const OTHER_VALUE = 'other';
export const MAX_NAMED_VALUES = 49;

/**
 * The sources the product names itself: what the server finds in a user agent or a Referer
 * (networks, apps, web mail), 'direct', and the tags people put on links most ('whatsapp',
 * 'sms', 'qr'). They are reserved a place under MAX_NAMED_VALUES (src/server/insights/insight-bound.ts).
 */
export const KNOWN_SOURCES = [
  DIRECT_SOURCE,
  'whatsapp',
  'instagram',
  'facebook',
  'google',
  'bing',
  'yahoo',
  'duckduckgo',
  'email',
  'x',
  'youtube',
  'tiktok',
  'kwai',
  'linkedin',
  'telegram',
  'pinterest',
  'reddit',
  'threads',
  'discord',
  'snapchat',
  'sms',
  'qr',
] as const;
export type KnownSource = (typeof KNOWN_SOURCES)[number];

/**
 * The browsers most clicks come with, as the server names them (ua-parser-js families, web
 * views, the apps' own browsers): reserved a place under MAX_NAMED_VALUES, as KNOWN_SOURCES are.
 */
export const COMMON_BROWSERS = [
  'chrome',
  'safari',
  'samsung internet',
  'firefox',
  'edge',
  'opera',
  'opera mini',
  'miui browser',
  'ucbrowser',
  'webview',
  'google',
  'instagram',
  'facebook',
  'threads',
  'tiktok',
  'linkedin',
  'telegram',
  'x',
  'snapchat',
  'pinterest',
  'kwai',
] as const;
export type CommonBrowser = (typeof COMMON_BROWSERS)[number];

export const DEVICE_VALUES = ['mobile', 'tablet', 'desktop', 'other'] as const;
export type DeviceValue = (typeof DEVICE_VALUES)[number];
export const SYSTEM_VALUES = ['android', 'ios', 'windows', 'macos', 'linux', 'chromeos', 'other'] as const;
export type SystemValue = (typeof SYSTEM_VALUES)[number];

/** The longest source kept from `utm_source` / `ref` (longer ones are cut). */
export const SOURCE_MAX_LENGTH = 32;
/** The query parameter the "copiar para WhatsApp" link carries. */
export const WHATSAPP_SOURCE_PARAM = 'utm_source=whatsapp';
