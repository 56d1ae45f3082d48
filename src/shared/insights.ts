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

export const DEVICE_VALUES = ['mobile', 'tablet', 'desktop', 'other'] as const;
export type DeviceValue = (typeof DEVICE_VALUES)[number];
export const SYSTEM_VALUES = ['android', 'ios', 'windows', 'macos', 'linux', 'chromeos', 'other'] as const;
export type SystemValue = (typeof SYSTEM_VALUES)[number];

/** The longest source kept from `utm_source` / `ref` (longer ones are cut). */
export const SOURCE_MAX_LENGTH = 32;
/** The query parameter the "copiar para WhatsApp" link carries. */
export const WHATSAPP_SOURCE_PARAM = 'utm_source=whatsapp';
