// The operator's console: its pages (/admin…) and the JSON API they call (/api/admin/…). Only
// signed-in operators get anything but the sign-in page and 401s. The server's routes and the
// browser's calls are both written from this module.
import { API_PREFIX, type AdminPageName } from './routes.js';

export { ADMIN_PAGE_PATHS, type AdminPageName, type AdminPagePath } from './routes.js';

export const ADMIN_API_PREFIX = `${API_PREFIX}/admin`;

/**
 * Every state-changing call (POST, DELETE) carries the session's CSRF token in this header, and
 * comes from a page of this site (its Origin is checked too).
 */
export const CSRF_HEADER = 'x-csrf-token';

/** The console's API. `:alias`, `:domain` and `:id` are path parameters. */
export const ADMIN_API_ROUTES = {
  /** → 200 AdminSession, or 401 not_signed_in. */
  session: { method: 'GET', url: `${ADMIN_API_PREFIX}/session` },
  /** SignInRequest → 200 AdminSession (sets the session cookie); 401 invalid_credentials; 429. No CSRF token yet: Origin only. */
  signIn: { method: 'POST', url: `${ADMIN_API_PREFIX}/session` },
  /** → 204 (the session is destroyed, the cookie cleared). */
  signOut: { method: 'DELETE', url: `${ADMIN_API_PREFIX}/session` },
  /** → 200 AdminOverview. */
  overview: { method: 'GET', url: `${ADMIN_API_PREFIX}/overview` },
  /** ?cursor= → 200 AdminReportQueue (open reports, grouped by alias, one page). */
  reports: { method: 'GET', url: `${ADMIN_API_PREFIX}/reports` },
  /** ReportActionRequest → 200 AdminActionResult: the alias's open reports (up to `upTo`) are marked resolved. */
  resolveReports: { method: 'POST', url: `${ADMIN_API_PREFIX}/reports/:alias/resolve` },
  /** ReportActionRequest → 200 AdminActionResult: the link is disabled and its reports (up to `upTo`) resolved. */
  disableReported: { method: 'POST', url: `${ADMIN_API_PREFIX}/reports/:alias/disable` },
  /** BlockReportedRequest → 200 AdminActionResult: the target's domain is blocked and the reports (up to `upTo`) resolved. */
  blockReported: { method: 'POST', url: `${ADMIN_API_PREFIX}/reports/:alias/block-domain` },
  /** ?q=&cursor= → 200 AdminLinkPage. */
  links: { method: 'GET', url: `${ADMIN_API_PREFIX}/links` },
  /** → 200 AdminActionResult. */
  disableLink: { method: 'POST', url: `${ADMIN_API_PREFIX}/links/:alias/disable` },
  /** → 200 AdminActionResult. */
  enableLink: { method: 'POST', url: `${ADMIN_API_PREFIX}/links/:alias/enable` },
  /** → 200 AdminActionResult. */
  deleteLink: { method: 'DELETE', url: `${ADMIN_API_PREFIX}/links/:alias` },
  /** → 200 AdminActionResult: a deleted link's retired alias may be created again. */
  releaseAlias: { method: 'POST', url: `${ADMIN_API_PREFIX}/retired-aliases/:alias/release` },
  /** ?q=&cursor= → 200 AdminBlocklistPage. */
  blocklist: { method: 'GET', url: `${ADMIN_API_PREFIX}/blocklist` },
  /** BlockDomainRequest → 200 AdminActionResult. */
  blockDomain: { method: 'POST', url: `${ADMIN_API_PREFIX}/blocklist` },
  /**
   * ?domain= → 200 AdminActionResult. In the query, not the path: a domain may be 253 characters
   * and the router refuses a path parameter past 100 (maxParamLength, kept for the redirects).
   */
  unblockDomain: { method: 'DELETE', url: `${ADMIN_API_PREFIX}/blocklist` },
  /**
   * ?domain= → 200 AdminBlockImpact: how many live links blocking the domain would make answer
   * 410 (counted up to BLOCK_IMPACT_COUNT_MAX), before the operator blocks it.
   */
  blockImpact: { method: 'GET', url: `${ADMIN_API_PREFIX}/blocklist/impact` },
  /** ImportBlocklistRequest → 200 AdminImportResult. */
  importBlocklist: { method: 'POST', url: `${ADMIN_API_PREFIX}/blocklist/import` },
  /** → 200 AdminKeyList. */
  keys: { method: 'GET', url: `${ADMIN_API_PREFIX}/keys` },
  /** CreateKeyRequest → 201 AdminIssuedKey (the key, shown this once). */
  createKey: { method: 'POST', url: `${ADMIN_API_PREFIX}/keys` },
  /** → 200 AdminActionResult. */
  revokeKey: { method: 'POST', url: `${ADMIN_API_PREFIX}/keys/:id/revoke` },
  /** ?cursor= → 200 AdminAuditPage, newest first. */
  audit: { method: 'GET', url: `${ADMIN_API_PREFIX}/audit` },
} as const;

export type AdminApiRouteName = keyof typeof ADMIN_API_ROUTES;

/** A route's URL with its path parameters filled in (each encoded). */
export function adminApiPath(name: AdminApiRouteName, params: Readonly<Record<string, string | number>> = {}): string {
  return ADMIN_API_ROUTES[name].url.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}

/** Operators' passwords: long enough to resist guessing (the sign-in limit slows the rest). */
export const OPERATOR_PASSWORD_MIN = 12;
export const OPERATOR_PASSWORD_MAX = 256;

export { ADMIN_REASON_MAX, API_KEY_NAME_MAX, API_KEY_PER_MINUTE_MAX } from './admin-limits.js';

/**
 * The most links the block dialog's count reads for one domain: past it the answer says "more
 * than" (AdminBlockImpact.more). Counting stops there, so asking about a domain with a million
 * links costs what asking about one with ten thousand does.
 */
export const BLOCK_IMPACT_COUNT_MAX = 10_000;

/** Rows per page of the console's lists (links, blocklist, audit log). */
export const ADMIN_PAGE_SIZE = 50;

/**
 * How far the console's link search counts the links it finds: past this, the count says "more
 * than". An exact count of a domain or of every link would read all their rows (100,000s) on
 * each search; counting at most this many keeps each search's cost bounded, as its page's is.
 */
export const ADMIN_LINK_COUNT_CAP = 1000;

/** The largest blocklist feed the console uploads (the same bound as the API's bodies). */
export const ADMIN_FEED_MAX_BYTES = 5 * 1024 * 1024;

export interface SignInRequest {
  email: string;
  password: string;
}

export interface AdminSession {
  operator: { email: string };
  /** Sent back in CSRF_HEADER with every POST and DELETE of this session. */
  csrfToken: string;
}

/** What the server rendered an /admin page with (PageContext.admin). */
export interface AdminPageContext {
  /** The page asked for (from the path). */
  page: AdminPageName;
  /** The signed-in operator with the session's CSRF token, or null: the page shows the sign-in form. */
  session: AdminSession | null;
}

export interface AdminDayPoint {
  /** YYYY-MM-DD in STATS_TIMEZONE. */
  day: string;
  linksCreated: number;
  clicks: number;
}

export interface AdminTopLink {
  alias: string;
  url: string;
  clicks: number;
}

export interface AdminOverview {
  /** Today in STATS_TIMEZONE. */
  today: string;
  /** 90 days, oldest first, ending today; days without activity are zeros. */
  daily: AdminDayPoint[];
  /** Reports not yet resolved, and how many links they name. */
  openReports: number;
  reportedLinks: number;
  /** The 10 most clicked links today, and over the last 7 days (today included). */
  topToday: AdminTopLink[];
  topWeek: AdminTopLink[];
  totals: { links: number; disabledLinks: number; blockedDomains: number; activeKeys: number };
}

/** A link's state for the operator. */
export type AdminLinkState = 'active' | 'disabled' | 'blocked' | 'missing';

/** Which of a link's targets: its URL, its iPhone and iPad URL, its Android URL. */
export type AdminTargetKind = 'main' | 'ios' | 'android';

/** One target of a reported link, as the report card shows it and the block dialog offers it. */
export interface AdminReportTarget {
  kind: AdminTargetKind;
  url: string;
  /** The URL's host as the blocklist writes it ('' when it has none). */
  host: string;
  /**
   * What may be blocked for it, narrowest first: the exact host, then its registrable domain
   * (golpe-banco.com for www.golpe-banco.com) when that differs. Empty when nothing may (an IPv6
   * address, a public suffix itself).
   */
  domains: string[];
  /** The host is an IP address: blocking it blocks that address only (an IP has no subdomains). */
  ip: boolean;
  /** The host (or a domain above it) is on the blocklist. */
  blocked: boolean;
}

export interface AdminReportGroup {
  alias: string;
  /**
   * The link's target; for a link deleted since, the target its reports recorded; null when
   * neither is known (reports older than the recording whose link was already gone).
   */
  url: string | null;
  /** The target's host, or null. */
  domain: string | null;
  /**
   * Every distinct target (the main URL, then the iPhone and Android ones where they differ from
   * those before): the live link's, or those its reports recorded when it is gone. Absent from a
   * server of an older release.
   */
  targets?: AdminReportTarget[];
  /** 'blocked': active, but its domain is on the blocklist; 'missing': deleted since (its reports stay open). */
  state: AdminLinkState;
  /** Whether the target's domain is on the blocklist, whatever the state says (a disabled link's may be too). */
  domainBlocked: boolean;
  /** Open reports for this alias. */
  reports: number;
  firstReportedAt: string;
  lastReportedAt: string;
  /** The latest reasons, newest first (at most 5). */
  reasons: string[];
  /** The highest id of its open reports: an action sends it as `upTo`, resolving only what was shown. */
  lastReportId: number;
}

export interface AdminReportQueue {
  /** One page (ADMIN_PAGE_SIZE) of the aliases with open reports, the most reported first, then the most recently. */
  groups: AdminReportGroup[];
  /** Open reports in all. */
  openReports: number;
  /** Ask `?cursor=` with it for the next page; null on the last. */
  nextCursor: string | null;
}

/** What an action on a reported link resolves. */
export interface ReportActionRequest {
  /**
   * The group's `lastReportId` as the operator saw it: reports filed after it stay open (the
   * answer says how many). Without it, every open report of the alias is resolved.
   */
  upTo?: number;
}

export interface BlockReportedRequest extends ReportActionRequest {
  /** Kept with the blocked domain; defaults to the reports' summary. */
  reason?: string;
  /**
   * Which domain to block: one of the targets' `domains`. Without it, the main target's host (as
   * before the choice existed; the terminal tool's `block` names its domain itself).
   */
  domain?: string;
}

/** What blocking a domain would do, asked before blocking it. */
export interface AdminBlockImpact {
  /** The domain as the blocklist would store it. */
  domain: string;
  /** Links not disabled with any target on the domain or under it, up to BLOCK_IMPACT_COUNT_MAX. */
  links: number;
  /** More links than `links` (the count stopped at BLOCK_IMPACT_COUNT_MAX). */
  more: boolean;
  /** An IP address: it has no subdomains. */
  ip: boolean;
  /** Already blocked, by itself or a domain above it. */
  blocked: boolean;
  /**
   * What may be blocked for the domain asked about, narrowest first: `domain` itself, then its
   * registrable domain (golpe.com.br for www.golpe.com.br) when that differs, as a report
   * target's `domains`. Absent from a server of an older release.
   */
  domains?: string[];
}

/**
 * How the search box was read: an alias (or its beginning), a domain (and its subdomains), a
 * whole URL (links to that address), or nothing typed (the newest links).
 */
export type AdminLinkSearchMode = 'alias' | 'domain' | 'url' | 'recent';

export interface AdminLink {
  alias: string;
  shortUrl: string;
  url: string;
  createdAt: string;
  totalClicks: number;
  state: AdminLinkState;
  /** When the operator disabled it. */
  disabledAt: string | null;
  /** Whether it has options (expiry, click limit, password, app targets). */
  hasOptions: boolean;
  /** Its iPhone and iPad target, and its Android one, or null; absent from a server of an older release. */
  iosUrl?: string | null;
  androidUrl?: string | null;
  /** The API key that made it, or null (anonymous). */
  apiKeyId: number | null;
}

/** An alias whose link was deleted: nobody may create it again until an operator releases it. */
export interface AdminRetiredAlias {
  alias: string;
  retiredAt: string;
}

export interface AdminLinkPage {
  mode: AdminLinkSearchMode;
  links: AdminLink[];
  /** The first page of a search for a whole alias whose link was deleted: that alias; else null. */
  retired: AdminRetiredAlias | null;
  /** Pass as ?cursor= for the next page; null on the last. */
  nextCursor: string | null;
  /**
   * How many links the search finds, on its first page (null on the next ones; absent from a
   * server of an older release): `count` exactly, or, with `more`, at least ADMIN_LINK_COUNT_CAP
   * and more than that.
   */
  matching?: AdminLinkCount | null;
  /** How long the search took on the server, in milliseconds. */
  tookMs: number;
}

export interface AdminLinkCount {
  count: number;
  /** The search finds more than `count` (ADMIN_LINK_COUNT_CAP) links; they were not counted further. */
  more: boolean;
}

export interface AdminBlockedDomain {
  domain: string;
  reason: string | null;
  createdAt: string;
  /** Links with any target (the main URL, the iPhone or the Android one) on this domain or one of its subdomains: the links it blocks. */
  links: number;
}

export interface AdminBlocklistPage {
  domains: AdminBlockedDomain[];
  /** Domains on the list in all. */
  total: number;
  /** Domains the filter matches (all of them without one); absent from a server of an older release. */
  matching?: number;
  nextCursor: string | null;
}

export interface BlockDomainRequest {
  /** A domain, or a URL whose host is taken. */
  domain: string;
  reason?: string;
}

export interface ImportBlocklistRequest {
  /** The feed file's text: a domain list, a hosts file or a CSV of URLs. */
  content: string;
  /** The file's name, to say where the domains came from. */
  fileName?: string;
  reason?: string;
}

export interface AdminImportResult {
  added: number;
  alreadyPresent: number;
  /** Bad lines, the first 20, in pt-BR ('linha 12: domínio inválido: "…"'). */
  errors: string[];
  /** Bad lines in all. */
  errorCount: number;
  /** The message to show. */
  message: string;
}

export interface AdminApiKey {
  id: number;
  name: string;
  /** `ebr_<public id>`: how the key starts, to recognise it. */
  prefix: string;
  /** The key's own limit, or null for the default. */
  perMinute: number | null;
  /** The limit that applies. */
  effectivePerMinute: number;
  createdAt: string;
  revokedAt: string | null;
  /** Links the key created. */
  links: number;
}

export interface AdminKeyList {
  keys: AdminApiKey[];
  defaultPerMinute: number;
}

export interface CreateKeyRequest {
  name: string;
  perMinute?: number;
}

export interface AdminIssuedKey {
  id: number;
  name: string;
  perMinute: number | null;
  /** The whole key: shown this once, never again. */
  key: string;
}

/** Every operator action the audit log records. */
export type AuditAction =
  | 'signin'
  | 'signout'
  | 'link.disable'
  | 'link.enable'
  | 'link.delete'
  | 'alias.release'
  | 'domain.block'
  | 'domain.unblock'
  | 'blocklist.import'
  | 'reports.resolve'
  | 'key.create'
  | 'key.revoke'
  | 'operator.add'
  | 'operator.remove';

export interface AuditEntry {
  id: number;
  /** ISO 8601 instant. */
  at: string;
  /** The operator's e-mail, or `cli:<system user>` for the terminal tool. */
  actor: string;
  /** 'console' or 'cli'. */
  via: 'console' | 'cli';
  action: AuditAction;
  /** What it acted on: an alias, a domain, a key id, an e-mail; null for sign-in/out. */
  target: string | null;
  /** A short pt-BR detail (a reason, how many lines were imported…), or null. */
  detail: string | null;
}

export interface AdminAuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}

/** What a state-changing call did, in pt-BR, ready to show in a toast. */
export interface AdminActionResult {
  /** 'changed' or 'unchanged' (nothing to do: already in that state). */
  outcome: 'changed' | 'unchanged';
  message: string;
}
