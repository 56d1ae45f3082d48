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
} as const;

/** The path of one link's owner routes (ownerView, deleteLink). */
export function linkPath(alias: string): string {
  return API_ROUTES.ownerView.url.replace(':alias', () => encodeURIComponent(alias));
}

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

/** Body of POST /api/reports ('Denunciar link'): the alias or whole short URL, and why. */
export interface ReportLinkRequest {
  alias: string;
  /** REPORT_REASON_MIN to REPORT_REASON_MAX characters once whitespace is collapsed (report-rules.ts). */
  reason: string;
}

export interface ReportLinkResponse {
  /** The pt-BR thanks (reportTexts.received). */
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
}
