// The JSON contract between the server and the browser.
import type { ApiErrorCode } from './messages.js';

export interface CreateLinkRequest {
  url: string;
  alias?: string;
}

export interface CreateLinkResponse {
  alias: string;
  shortUrl: string;
  url: string;
  /** ISO 8601 instant. */
  createdAt: string;
  /** Secret that lets this browser see and delete the link; shown once, stored only as a hash. */
  manageToken: string;
}

/** The six fields of the spec's get_link_stats, all integers. */
export interface StatsResponse {
  links_today: number;
  clicks_today: number;
  links_last_7_days: number;
  clicks_last_7_days: number;
  links_last_30_days: number;
  clicks_last_30_days: number;
}

/** Statistics before anything was counted (and what the home shows when loading fails). */
export const EMPTY_STATS: Readonly<StatsResponse> = Object.freeze({
  links_today: 0,
  clicks_today: 0,
  links_last_7_days: 0,
  clicks_last_7_days: 0,
  links_last_30_days: 0,
  clicks_last_30_days: 0,
});

export interface DailyClicks {
  /** Calendar day in the server's STATS_TIMEZONE, YYYY-MM-DD. */
  day: string;
  clicks: number;
}

/** The owner's view of one link: GET /api/links/:alias with the manage token. */
export interface LinkOwnerView {
  alias: string;
  shortUrl: string;
  url: string;
  createdAt: string;
  totalClicks: number;
  /** The last 30 days, oldest first, today last; days without clicks have 0. */
  daily: DailyClicks[];
}

export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string };
}

/**
 * Site configuration the server injects into index.html as
 * <script id="site-config" type="application/json">, so the app needs no extra request.
 */
export interface SiteConfig {
  siteName: string;
  publicUrl: string;
  brandColor: string;
  contactEmail: string;
  whatsappNumber: string;
  address: string;
  developerCredit: string;
  ownerCredit: string;
  companyLine: string;
  adScriptSrc: string;
}
