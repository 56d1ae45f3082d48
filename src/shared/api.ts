// The JSON contract between the server and the browser: every route of the API, and the
// bodies it takes and gives. Errors of every route answer ApiErrorBody.
import type { ApiErrorCode } from './messages.js';
import { API_PREFIX } from './routes.js';

/** The API's routes (test/contracts checks that the server registers each). */
export const API_ROUTES = {
  /** CreateLinkRequest → 201 CreateLinkResponse. */
  createLink: { method: 'POST', url: `${API_PREFIX}/links` },
  /** → 200 StatsResponse. */
  stats: { method: 'GET', url: `${API_PREFIX}/stats` },
  /** Authorization: Bearer <manage token> → 200 LinkOwnerView. */
  ownerView: { method: 'GET', url: `${API_PREFIX}/links/:alias` },
  /** Authorization: Bearer <manage token> → 204, no body. */
  deleteLink: { method: 'DELETE', url: `${API_PREFIX}/links/:alias` },
  /** ReportLinkRequest → 201 ReportLinkResponse. */
  report: { method: 'POST', url: `${API_PREFIX}/reports` },
  /** Authorization: Bearer <manage token>, ?days=1|7|30|90 → 200 LinkInsights. */
  insights: { method: 'GET', url: `${API_PREFIX}/links/:alias/insights` },
  /** Authorization: Bearer <API key>, ?limit=&cursor= → 200 LinkListResponse (the key's links). */
  listLinks: { method: 'GET', url: `${API_PREFIX}/links` },
  /** Authorization: Bearer <API key>, BulkCreateRequest → 200 BulkCreateResponse. */
  bulkCreate: { method: 'POST', url: `${API_PREFIX}/links/bulk` },
  /** → 200, the OpenAPI 3.1 document of this API. */
  openapi: { method: 'GET', url: `${API_PREFIX}/openapi.json` },
} as const;

/** The path of one link's owner routes (ownerView, deleteLink). */
export function linkPath(alias: string): string {
  return API_ROUTES.ownerView.url.replace(':alias', () => encodeURIComponent(alias));
}

/** The path of one link's insights, for a range of days (INSIGHT_RANGES). */
export function insightsPath(alias: string, days: number): string {
  return `${API_ROUTES.insights.url.replace(':alias', () => encodeURIComponent(alias))}?days=${days}`;
}

export interface CreateLinkRequest {
  url: string;
  alias?: string;
  /** ISO 8601 instant, 1 minute to 5 years ahead (src/shared/link-options.ts). */
  expiresAt?: string;
  /** 1–1,000,000,000 visits are sent on; then the link answers 410. */
  maxClicks?: number;
  /** 4–128 characters; stored only as a slow salted hash. */
  password?: string;
  /** Where iPhone/iPad visitors go instead of `url` (same URL rules). */
  iosUrl?: string;
  /** Where Android visitors go instead of `url`. */
  androidUrl?: string;
}

/** A link's options as the API answers them (never the password). */
export interface LinkOptionsView {
  /** ISO 8601 instant, or null (never expires). */
  expiresAt: string | null;
  maxClicks: number | null;
  /** Visits still to be sent on, when maxClicks is set. */
  clicksLeft: number | null;
  /** Whether a password is asked before the visit. */
  protected: boolean;
  iosUrl: string | null;
  androidUrl: string | null;
}

export interface CreateLinkResponse extends LinkOptionsView {
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
export interface LinkOwnerView extends LinkOptionsView {
  alias: string;
  shortUrl: string;
  url: string;
  createdAt: string;
  totalClicks: number;
  /** The last 30 days, oldest first, today last; days without clicks have 0. */
  daily: DailyClicks[];
  /** True when the operator disabled the link or blocked its domain (it answers 410). */
  disabled: boolean;
}

/** One link in an API key's listing: what it is, its options and its clicks so far. */
export interface LinkSummary extends LinkOptionsView {
  alias: string;
  shortUrl: string;
  url: string;
  createdAt: string;
  totalClicks: number;
  /** True when the operator disabled the link or blocked its domain (it answers 410). */
  disabled: boolean;
}

/** GET /api/links: one page of the key's links, newest first. */
export interface LinkListResponse {
  links: LinkSummary[];
  /** Pass as ?cursor= for the next page; null on the last page. */
  nextCursor: string | null;
}

/** POST /api/links/bulk: up to BULK_MAX_ITEMS links, each as POST /api/links takes it. */
export interface BulkCreateRequest {
  links: CreateLinkRequest[];
}

/** One item's outcome, in the order of the request. */
export type BulkCreateResult = { ok: true; link: CreateLinkResponse } | { ok: false; error: ApiErrorBody['error'] };

export interface BulkCreateResponse {
  results: BulkCreateResult[];
}

/** One value of a breakdown: a source, device, system, browser, country or region. */
export interface InsightCount {
  /** e.g. 'instagram', 'mobile', 'android', 'chrome', 'BR', 'BR-SC', 'unknown', 'other'. */
  key: string;
  clicks: number;
}

/**
 * Where a link's clicks came from over the last `days` days (src/shared/insights.ts names the
 * dimensions and their values): GET /api/links/:alias/insights?days=N with the manage token.
 * Every breakdown adds up to totalClicks for the days they were counted; each is sorted by
 * clicks, most first.
 */
export interface LinkInsights {
  alias: string;
  /** One of INSIGHT_RANGES. */
  days: number;
  /** First and last day of the range (YYYY-MM-DD in STATS_TIMEZONE), `to` is today. */
  from: string;
  to: string;
  /** Clicks in the range (the sum of `daily`). */
  totalClicks: number;
  /** `days` entries, oldest first, today last; days without clicks have 0. */
  daily: DailyClicks[];
  /** 24 numbers: clicks by hour of day in STATS_TIMEZONE, 0 h first. */
  hours: number[];
  sources: InsightCount[];
  devices: InsightCount[];
  systems: InsightCount[];
  browsers: InsightCount[];
  /** ISO 3166-1 alpha-2 codes, or 'unknown'. */
  countries: InsightCount[];
  /** ISO 3166-2 codes such as 'BR-SC', or 'unknown' (always, unless the operator set GEOIP_CITY_DB). */
  regions: InsightCount[];
  /**
   * Whether the server looks up states (the operator set GEOIP_CITY_DB). When false, new clicks
   * count as region 'unknown' and the page says why no state shows.
   */
  regionLookup: boolean;
  /** False when the operator turned breakdowns off (INSIGHTS=false): clicks are still counted, the breakdowns are empty. */
  breakdowns: boolean;
}

/** Body of POST /api/reports ('Denunciar link'): the alias or whole short URL, and why. */
export interface ReportLinkRequest {
  alias: string;
  /** REPORT_REASON_MIN to REPORT_REASON_MAX characters once whitespace is collapsed (report-rules.ts). */
  reason: string;
}

export interface ReportLinkResponse {
  /** The pt-BR thanks (reportTexts.received); reportTexts.alreadyUnderReview when the link had too many open reports to store another, reportTexts.alreadyReported when this client already reported it within 24 h (neither stored). */
  message: string;
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
  /**
   * False when the operator turned click insights' breakdowns off (INSIGHTS=false): the privacy
   * policy and the FAQ then say that clicks are only counted per day.
   */
  clickInsights: boolean;
  /** STATS_TIMEZONE: the IANA time zone of the statistics' days and hours, named on the statistics page. */
  statsTimeZone: string;
}
