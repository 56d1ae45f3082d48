// What the console reads: the overview, the report queue, the link search, the blocklist with
// the links each domain affects, the audit log. Reads only; every change is an operator action
// (operator-actions.ts). Searches go through an index (alias prefix, target host range, ids),
// so they stay fast at a million links.
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type ExpressionBuilder, type Kysely, type RawBuilder, sql } from 'kysely';
import {
  ADMIN_LINK_COUNT_CAP,
  ADMIN_PAGE_SIZE,
  type AdminAuditPage,
  type AdminBlockImpact,
  type AdminBlocklistPage,
  type AdminLink,
  type AdminLinkCount,
  type AdminLinkPage,
  type AdminLinkSearchMode,
  type AdminLinkState,
  type AdminOverview,
  type AdminReportQueue,
  type AdminReportTarget,
  type AdminRetiredAlias,
  type AdminTargetKind,
  type AdminTopLink,
  BLOCK_IMPACT_COUNT_MAX,
} from '../../shared/admin-api.js';
import { normalizeAlias } from '../../shared/alias-rules.js';
import { anyTargetBlocked, blockChoicesFor, hostOfUrl, isIpAddress, normalizeDomain } from '../abuse/blocklist.js';
import type { OpenGroupPosition, ReportRepository } from '../abuse/report-repository.js';
import { addDays, type Calendar, type Clock } from '../calendar.js';
import { toIsoString, toNumber } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import type { Store } from '../db/store.js';
import { AppError } from '../errors.js';
import { domainKeyRange, hostKeyOf } from '../links/host-key.js';
import { decodeListCursor, encodeListCursor } from '../links/list-cursor.js';
import type { AuditLog } from './audit-log.js';

const REASONS_SHOWN = 5;
const TOP_LINKS_SHOWN = 10;
const OVERVIEW_DAYS = 90;

/**
 * Links whose clicks one statement of the walk (topLinks on SQLite) adds up. Each statement runs
 * on the main thread, so every request waits while it runs: 500 links held it 2-5 ms at 90 days
 * of counters (4-8 ms on a busy machine, where 4,000 links held it up to 34 ms), and 100,000
 * links took ~250 ms in all (test/bench/console-overview.ts).
 */
const LINKS_PER_TOP_STATEMENT = 500;

interface LinkClicks {
  id: number;
  clicks: number;
}

const asLinkClicks = (row: { link_id: number; clicks: number | string }): LinkClicks => ({ id: row.link_id, clicks: toNumber(row.clicks) });

/** The counters' side of a store: its query builder, and whether a statement holds the event loop. */
export type TopLinksSource = Pick<Store, 'db' | 'queriesHoldEventLoop'>;

/** Link ids from `fromId` (included) to `toId` (excluded). */
interface LinkIdRange {
  fromId: number;
  toId: number;
}

/**
 * The `limit` most clicked link ids over days `from`..`to`, in one statement.
 *
 * Without `ids`, the whole table: a filter on `day`, which has no index (it would be written on
 * every click flush), so it reads every day ever counted. PostgreSQL does that in parallel in its
 * own processes, 0.6-0.9 s for "today" or 7 days at 100,000 links × 90 days, faster than the
 * walk (1-6 s there in 200 round trips); SQLite held its main thread 0.4-0.7 s.
 *
 * With `ids`, one statement of the walk: the links are named one by one (`in (select id from
 * links …)`), so each is a search of the counters' key (link_id = ?, day between) that reads
 * only the days asked for. Exported for the plan test.
 */
export function topLinkCounts(db: Kysely<Database>, from: string, to: string, limit: number, ids?: LinkIdRange) {
  let counts = db
    .selectFrom('link_clicks_daily')
    .select(['link_id', (eb) => eb.fn.sum<number | string>('clicks').as('clicks')])
    .where('day', '>=', from)
    .where('day', '<=', to);
  if (ids !== undefined) {
    counts = counts.where('link_id', 'in', (eb) => eb.selectFrom('links').select('links.id').where('links.id', '>=', ids.fromId).where('links.id', '<', ids.toId));
  }
  return counts.groupBy('link_id').orderBy('clicks', 'desc').orderBy('link_id').limit(limit);
}

/**
 * The lowest and highest link id, as two scalar subqueries: each is one end of the primary key,
 * where a min() and a max() in one select read the whole table on SQLite. Exported for the plan test.
 */
export function linkIdBounds(db: Kysely<Database>) {
  return db.selectNoFrom((eb) => [
    eb.selectFrom('links').select((e) => e.fn.min<number | string | null>('id').as('low')).as('low'),
    eb.selectFrom('links').select((e) => e.fn.max<number | string | null>('id').as('high')).as('high'),
  ]);
}

/**
 * Walks the links in ranges of LINKS_PER_TOP_STATEMENT, keeps the best `limit` of all the
 * ranges' answers, and lets the event loop run between statements: the cost follows the number
 * of links and the days asked for, not the table's history, and no request waits on more than
 * one short statement.
 */
async function topLinksInSteps(db: Kysely<Database>, from: string, to: string, limit: number): Promise<LinkClicks[]> {
  const bounds = await linkIdBounds(db).executeTakeFirst();
  if (bounds?.low === null || bounds?.low === undefined || bounds.high === null) return [];
  const high = toNumber(bounds.high);
  let top: LinkClicks[] = [];
  for (let low = toNumber(bounds.low); low <= high; low += LINKS_PER_TOP_STATEMENT) {
    const rows = await topLinkCounts(db, from, to, limit, { fromId: low, toId: low + LINKS_PER_TOP_STATEMENT }).execute();
    if (rows.length > 0) {
      top = [...top, ...rows.map(asLinkClicks)]
        .sort((a, b) => b.clicks - a.clicks || a.id - b.id)
        .slice(0, limit);
    }
    // Requests waiting on the event loop go before the next statement.
    await nextTurn();
  }
  return top;
}

/**
 * The most clicked links from `from` to `to` (days, inclusive); ties go to the older link. Shared
 * with `npm run admin -- top`. The counters are added up per link id first, and only the winners
 * are joined to their links: grouping by alias over the join cost three times as much.
 */
export async function topLinks(source: TopLinksSource, from: string, to: string, limit: number): Promise<AdminTopLink[]> {
  const { db } = source;
  const top = source.queriesHoldEventLoop
    ? await topLinksInSteps(db, from, to, limit)
    : (await topLinkCounts(db, from, to, limit).execute()).map(asLinkClicks);
  if (top.length === 0) return [];
  const links = await db.selectFrom('links').select(['id', 'alias', 'url']).where('id', 'in', top.map((row) => row.id)).execute();
  const byId = new Map(links.map((link) => [link.id, link]));
  // A link deleted since its clicks were added up has no row: it is left out.
  return top.flatMap((row) => {
    const link = byId.get(row.id);
    return link === undefined ? [] : [{ alias: link.alias, url: link.url, clicks: row.clicks }];
  });
}

/** How the search box is read (see AdminLinkSearchMode). */
export type LinkSearch =
  | { mode: 'recent' }
  | { mode: 'alias'; prefix: string }
  | { mode: 'domain'; domain: string }
  | { mode: 'url'; url: string };

/**
 * Reads the search box: empty → the newest links; a short link of this site or a word of alias
 * characters → aliases starting with it; a URL → links to it (and below it); anything with a dot
 * → that domain and its subdomains. Undefined when it is none of these.
 */
export function parseLinkSearch(raw: string, publicUrl: string): LinkSearch | undefined {
  const text = raw.trim();
  if (text === '') return { mode: 'recent' };
  if (text.toLowerCase().startsWith(`${publicUrl.toLowerCase()}/`)) {
    const alias = normalizeAlias(text.slice(publicUrl.length + 1).split(/[/?#]/)[0] ?? '');
    return /^[a-z0-9_-]{1,64}$/.test(alias) ? { mode: 'alias', prefix: alias } : undefined;
  }
  if (/^https?:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      return url.hostname === '' ? undefined : { mode: 'url', url: url.href };
    } catch {
      return undefined;
    }
  }
  // A domain has a dot; an IPv6 address (a link's host, '[2606:4700::1111]') has colons.
  if (text.includes('.') || text.includes(':')) {
    const domain = normalizeDomain(text);
    return domain === undefined ? undefined : { mode: 'domain', domain };
  }
  const alias = normalizeAlias(text);
  return /^[a-z0-9_-]{1,64}$/.test(alias) ? { mode: 'alias', prefix: alias } : undefined;
}

/** An alias-ordered page's cursor: the last alias shown. */
function encodeAliasCursor(alias: string): string {
  return Buffer.from(`alias:${alias}`, 'utf8').toString('base64url');
}

function decodeAliasCursor(cursor: string): string {
  const decoded = /^[A-Za-z0-9_-]{1,120}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^alias:([a-z0-9_-]{1,64})$/.exec(decoded);
  if (match?.[1] === undefined) throw new AppError('invalid_cursor', 400);
  return match[1];
}

/** The report queue's cursor: the last group shown (its count, latest report and alias). */
function encodeReportCursor(group: OpenGroupPosition): string {
  return Buffer.from(`report:${group.reports}|${group.lastReportedAt}|${group.alias}`, 'utf8').toString('base64url');
}

function decodeReportCursor(cursor: string): OpenGroupPosition {
  const decoded = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^report:([1-9]\d{0,9})\|(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([a-z0-9_-]{1,64})$/.exec(decoded);
  if (match?.[1] === undefined || match[2] === undefined || match[3] === undefined || Number.isNaN(Date.parse(match[2]))) throw new AppError('invalid_cursor', 400);
  return { reports: Number(match[1]), lastReportedAt: match[2], alias: match[3] };
}

/** A domain-ordered page's cursor (the blocklist): the last domain shown. */
function encodeDomainCursor(domain: string): string {
  return Buffer.from(`domain:${domain}`, 'utf8').toString('base64url');
}

function decodeDomainCursor(cursor: string): string {
  const decoded = /^[A-Za-z0-9_-]{1,400}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^domain:([a-z0-9.-]{1,253})$/.exec(decoded);
  if (match?.[1] === undefined) throw new AppError('invalid_cursor', 400);
  return match[1];
}

export interface AdminQueryDeps {
  db: Kysely<Database>;
  /** The alias column in byte order (Store.aliasBytes): a prefix is one range of its index. */
  aliasBytes: RawBuilder<string>;
  /** See Store: the console's most-clicked lists are read in short statements where true. */
  queriesHoldEventLoop: boolean;
  calendar: Calendar;
  reports: ReportRepository;
  audit: AuditLog;
  isBlockedUrl(url: string): boolean;
  shortUrlFor(alias: string): string;
  publicUrl: string;
  /** Now, for what depends on it (a link's expiry in the block impact). */
  clock: Clock;
}

/**
 * The ids of one page of a domain's links (any target on the domain or its subdomains, onDomain),
 * newest first: a range of each target-host index, read alone (index-only where the database
 * can), the page's ids picked by a top-N sort. Ordered by `id + 0` so that no planner walks the primary key backwards,
 * filtering each link by host, in the hope of meeting the domain soon: PostgreSQL chose that at a
 * million links and, for a domain whose links are old, read 990,000 rows (190 ms, against 2.5 ms
 * this way). The cost is bounded by the domain's links instead of the table's.
 */
export function domainLinkIds(db: Kysely<Database>, domain: string, beforeId: number | undefined, limit: number) {
  let ids = db.selectFrom('links').select('id').where(onDomain(domain));
  if (beforeId !== undefined) ids = ids.where('id', '<', beforeId);
  return ids.orderBy(sql`id + 0`, 'desc').limit(limit);
}

/**
 * Links with any target (the main URL, the iPhone or the Android one) on the domain or one of
 * its subdomains: one range of each target's host-key index (target_host's, and the app
 * targets' partial ones, migration 0009). The redirect answers 410 for any of them
 * (anyTargetBlocked, abuse/blocklist.ts), so the console finds and counts them all.
 */
function onDomain(domain: string) {
  const { from, to } = domainKeyRange(domain);
  return (eb: ExpressionBuilder<Database, 'links'>) =>
    eb.or((['target_host', 'ios_target_host', 'android_target_host'] as const).map((column) => eb.and([eb(column, '>=', from), eb(column, '<', to)])));
}

/**
 * How many links blocking a domain would make answer 410 at `now` (ISO): those not disabled,
 * expired or out of visits (each answers 410 already) with any target on it or under it
 * (onDomain), each once, read up to `max` + 1 rows. The same index ranges as
 * domainAffectedLinks, but the count stops at the bound, so a domain with a million links costs
 * what one with `max` does (the block dialog asks this of every choice it offers, each time it
 * opens).
 */
export function domainLiveLinksUpTo(db: Kysely<Database>, domain: string, max: number, now: string) {
  const hits = db
    .selectFrom('links')
    .select('id')
    .where(onDomain(domain))
    .where('disabled_at', 'is', null)
    // Expired, or out of visits (its click limit reached), a link answers 410 already.
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .where((eb) => eb.or([eb('clicks_left', 'is', null), eb('clicks_left', '>', 0)]))
    .limit(max + 1);
  return db.selectFrom(hits.as('hits')).select((eb) => eb.fn.countAll<number | string>().as('n'));
}

/** A link's distinct targets, main first: an app target equal to one before it is not shown again. */
export function distinctTargets(url: string, iosUrl: string | null, androidUrl: string | null): { kind: AdminTargetKind; url: string }[] {
  const targets: { kind: AdminTargetKind; url: string }[] = [{ kind: 'main', url }];
  for (const [kind, target] of [['ios', iosUrl], ['android', androidUrl]] as const) {
    if (target !== null && !targets.some((seen) => seen.url === target)) targets.push({ kind, url: target });
  }
  return targets;
}

/** How many links a blocked domain affects (onDomain), each counted once. */
export function domainAffectedLinks(db: Kysely<Database>, domain: string) {
  return db
    .selectFrom('links')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(onDomain(domain));
}

/**
 * The ids of the first `limit` links a search finds, in the order of its pages: what its count
 * reads. The same index ranges as the pages' (the alias's, the target hosts', target_host for a
 * URL, the primary key for the newest), ordered as they are so that the planner walks them: with
 * no order, PostgreSQL chose a scan of the table for a prefix or a domain it thinks common,
 * stopping at the limit's match, which reads the whole table when the matches are its newest rows.
 */
export function searchedLinkIds(db: Kysely<Database>, aliasBytes: RawBuilder<string>, search: LinkSearch, limit: number) {
  const ids = db.selectFrom('links').select('id');
  switch (search.mode) {
    case 'alias':
      return ids.where(aliasBytes, '>=', search.prefix).where(aliasBytes, '<', `${search.prefix}{`).orderBy(aliasBytes).limit(limit);
    case 'domain':
      return domainLinkIds(db, search.domain, undefined, limit);
    case 'url':
      return ids.where('target_host', '=', hostKeyOf(search.url)).where(sql<string>`substr(url, 1, ${search.url.length})`, '=', search.url).orderBy('id', 'desc').limit(limit);
    case 'recent':
      return ids.orderBy('id', 'desc').limit(limit);
  }
}

export function createAdminQueries(deps: AdminQueryDeps) {
  const { db } = deps;
  const { aliasBytes } = deps;

  // 'blocked' when any target is on the blocklist: the redirect answers 410 for the iPhone and
  // Android targets' domains too.
  const stateOf = (url: string, disabledAt: unknown, appUrls: readonly (string | null)[] = []): AdminLinkState =>
    disabledAt !== null && disabledAt !== undefined ? 'disabled' : anyTargetBlocked(deps.isBlockedUrl, [url, ...appUrls]) ? 'blocked' : 'active';

  function linksQuery() {
    return db
      .selectFrom('links')
      .select(['id', 'alias', 'url', 'created_at', 'disabled_at', 'has_options', 'api_key_id', 'ios_url', 'android_url'])
      .select((eb) =>
        eb.selectFrom('link_clicks_daily').select((inner) => inner.fn.sum<number | string | null>('clicks').as('total')).whereRef('link_clicks_daily.link_id', '=', 'links.id').as('total_clicks'),
      );
  }
  type LinkRow = Awaited<ReturnType<ReturnType<typeof linksQuery>['execute']>>[number];
  const toAdminLink = (row: LinkRow): AdminLink => ({
    alias: row.alias,
    shortUrl: deps.shortUrlFor(row.alias),
    url: row.url,
    createdAt: toIsoString(row.created_at),
    totalClicks: toNumber(row.total_clicks),
    state: stateOf(row.url, row.disabled_at, [row.ios_url, row.android_url]),
    disabledAt: row.disabled_at === null ? null : toIsoString(row.disabled_at),
    hasOptions: Number(row.has_options) === 1,
    apiKeyId: row.api_key_id,
    iosUrl: row.ios_url,
    androidUrl: row.android_url,
  });

  const reportTarget = ({ kind, url }: { kind: AdminTargetKind; url: string }): AdminReportTarget => {
    const host = hostOfUrl(url);
    const domains = blockChoicesFor(host);
    return { kind, url, host: normalizeDomain(host) ?? host, domains, ip: domains.length > 0 && isIpAddress(domains[0] ?? ''), blocked: deps.isBlockedUrl(url) };
  };

  /** Links with any target on the domain or one of its subdomains (domainAffectedLinks). */
  async function linksAffectedBy(domain: string): Promise<number> {
    const row = await domainAffectedLinks(db, domain).executeTakeFirst();
    return toNumber(row?.n);
  }

  /**
   * How many links a search finds, counted up to ADMIN_LINK_COUNT_CAP (a "more than" past it):
   * an exact count of a big domain, or of every link for an empty search, would read all their
   * rows on every search, and the operator needs the order of magnitude, not 84,213 against 84,214.
   */
  async function countLinks(search: LinkSearch): Promise<AdminLinkCount> {
    const row = await db
      .selectFrom(searchedLinkIds(db, aliasBytes, search, ADMIN_LINK_COUNT_CAP + 1).as('found'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    const n = toNumber(row?.n);
    return n > ADMIN_LINK_COUNT_CAP ? { count: ADMIN_LINK_COUNT_CAP, more: true } : { count: n, more: false };
  }

  return {
    linksAffectedBy,

    async overview(): Promise<AdminOverview> {
      const today = deps.calendar.today();
      const from = addDays(today, -(OVERVIEW_DAYS - 1));
      const [totalsRows, openCounts, topToday, topWeek, links, disabledLinks, blockedDomains, activeKeys] = await Promise.all([
        db.selectFrom('daily_totals').select(['day', 'links_created', 'clicks']).where('day', '>=', from).where('day', '<=', today).execute(),
        deps.reports.openCounts(),
        topLinks(deps, today, today, TOP_LINKS_SHOWN),
        topLinks(deps, addDays(today, -6), today, TOP_LINKS_SHOWN),
        db.selectFrom('links').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
        db.selectFrom('links').select((eb) => eb.fn.countAll<number | string>().as('n')).where('disabled_at', 'is not', null).executeTakeFirst(),
        db.selectFrom('blocked_domains').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
        db.selectFrom('api_keys').select((eb) => eb.fn.countAll<number | string>().as('n')).where('revoked_at', 'is', null).executeTakeFirst(),
      ]);
      const byDay = new Map(totalsRows.map((row) => [row.day, row]));
      const daily = Array.from({ length: OVERVIEW_DAYS }, (_, i) => {
        const day = addDays(from, i);
        const row = byDay.get(day);
        return { day, linksCreated: toNumber(row?.links_created), clicks: toNumber(row?.clicks) };
      });
      return {
        today,
        daily,
        openReports: openCounts.reports,
        reportedLinks: openCounts.aliases,
        topToday,
        topWeek,
        totals: { links: toNumber(links?.n), disabledLinks: toNumber(disabledLinks?.n), blockedDomains: toNumber(blockedDomains?.n), activeKeys: toNumber(activeKeys?.n) },
      };
    },

    /** One page of the open reports' groups, the most reported first; `cursor` is the last page's nextCursor. */
    async reportQueue(cursor: string | undefined): Promise<AdminReportQueue> {
      const after = cursor === undefined ? undefined : decodeReportCursor(cursor);
      const [rows, counts] = await Promise.all([deps.reports.openGroups(ADMIN_PAGE_SIZE + 1, after), deps.reports.openCounts()]);
      const groups = rows.slice(0, ADMIN_PAGE_SIZE);
      const lastGroup = groups.at(-1);
      const aliases = groups.map((group) => group.alias);
      const [reasons, links] = await Promise.all([
        deps.reports.openReasons(aliases, REASONS_SHOWN),
        aliases.length === 0 ? [] : db.selectFrom('links').select(['alias', 'url', 'disabled_at', 'ios_url', 'android_url']).where('alias', 'in', aliases).execute(),
      ]);
      const linkOf = new Map(links.map((link) => [link.alias, link]));
      // A deleted link's reports stay open: where it led is what they recorded (migration 0012).
      const reported = await deps.reports.openTargets(aliases.filter((alias) => !linkOf.has(alias)));
      return {
        openReports: counts.reports,
        nextCursor: rows.length > ADMIN_PAGE_SIZE && lastGroup !== undefined ? encodeReportCursor(lastGroup) : null,
        groups: groups.map((group) => {
          const link = linkOf.get(group.alias);
          const recorded = reported.get(group.alias);
          const url = link?.url ?? recorded?.url ?? null;
          const targets =
            link !== undefined
              ? distinctTargets(link.url, link.ios_url, link.android_url)
              : recorded !== undefined
                ? distinctTargets(recorded.url, recorded.iosUrl, recorded.androidUrl)
                : [];
          return {
            ...group,
            url,
            targets: targets.map(reportTarget),
            domain: url === null ? null : hostOfUrl(url) || null,
            state: link === undefined ? 'missing' : stateOf(link.url, link.disabled_at, [link.ios_url, link.android_url]),
            domainBlocked: url !== null && deps.isBlockedUrl(url),
            reasons: reasons.get(group.alias) ?? [],
          };
        }),
      };
    },

    /** One page of the links the search box names; 400 invalid_search when it names nothing. */
    async searchLinks(raw: string, cursor: string | undefined): Promise<AdminLinkPage> {
      const search = parseLinkSearch(raw, deps.publicUrl);
      if (search === undefined) throw new AppError('invalid_search', 400);
      const started = performance.now();
      const limit = ADMIN_PAGE_SIZE + 1;
      let rows: LinkRow[];
      let retired: AdminRetiredAlias | null = null;
      if (search.mode === 'alias') {
        // A prefix is one range of the alias index: every alias character sorts below '{'.
        let query = linksQuery().where(aliasBytes, '>=', search.prefix).where(aliasBytes, '<', `${search.prefix}{`);
        if (cursor !== undefined) query = query.where(aliasBytes, '>', decodeAliasCursor(cursor));
        // The whole text may be the alias of a deleted link, which no search of links finds: the
        // operator asked about it for a reason (someone wants it back), so the page says so.
        const [found, retiredRow] = await Promise.all([
          query.orderBy(aliasBytes).limit(limit).execute(),
          cursor !== undefined
            ? undefined
            : db.selectFrom('retired_aliases').select(['alias', 'retired_at']).where('alias', '=', search.prefix).executeTakeFirst(),
        ]);
        rows = found;
        if (retiredRow !== undefined) retired = { alias: retiredRow.alias, retiredAt: toIsoString(retiredRow.retired_at) };
      } else {
        const beforeId = cursor === undefined ? undefined : decodeListCursor(cursor);
        let query = linksQuery();
        if (search.mode === 'domain') {
          query = query.where('id', 'in', domainLinkIds(db, search.domain, beforeId, limit));
        } else if (search.mode === 'url') {
          // The host's own links through the index, then those whose URL starts with the one given.
          query = query.where('target_host', '=', hostKeyOf(search.url)).where(sql<string>`substr(url, 1, ${search.url.length})`, '=', search.url);
        }
        if (beforeId !== undefined) query = query.where('id', '<', beforeId);
        rows = await query.orderBy('id', 'desc').limit(limit).execute();
      }
      const page = rows.slice(0, ADMIN_PAGE_SIZE);
      const last = page.at(-1);
      const more = rows.length > ADMIN_PAGE_SIZE && last !== undefined;
      const mode: AdminLinkSearchMode = search.mode;
      return {
        mode,
        links: page.map(toAdminLink),
        retired,
        nextCursor: !more ? null : mode === 'alias' ? encodeAliasCursor(last.alias) : encodeListCursor(last.id),
        matching: cursor !== undefined ? null : more ? await countLinks(search) : { count: page.length, more: false },
        tookMs: Math.round((performance.now() - started) * 10) / 10,
      };
    },

    /**
     * The blocklist in domain order, filtered by a piece of the domain, each with the links it
     * affects. The filter goes through the block form's normalisation (a URL gives its host,
     * café gives xn--caf-dma, capitals fold), since the list holds domains as URLs carry them.
     */
    async blocklistPage(filter: string, cursor: string | undefined): Promise<AdminBlocklistPage> {
      const trimmed = filter.trim();
      const piece = trimmed === '' ? '' : (normalizeDomain(trimmed) ?? trimmed.toLowerCase());
      let query = db.selectFrom('blocked_domains').selectAll();
      let matching = db.selectFrom('blocked_domains').select((eb) => eb.fn.countAll<number | string>().as('n'));
      // A scan of the list (100,000s of rows at most), only when a filter is typed.
      const pattern = `%${piece.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      if (piece !== '') {
        const matches = sql<boolean>`domain like ${pattern} escape '\\'`;
        query = query.where(matches);
        matching = matching.where(matches);
      }
      if (cursor !== undefined) query = query.where('domain', '>', decodeDomainCursor(cursor));
      const [rows, total, matched] = await Promise.all([
        query.orderBy('domain').limit(ADMIN_PAGE_SIZE + 1).execute(),
        db.selectFrom('blocked_domains').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
        piece === '' ? undefined : matching.executeTakeFirst(),
      ]);
      const page = rows.slice(0, ADMIN_PAGE_SIZE);
      const counts = await Promise.all(page.map((row) => linksAffectedBy(row.domain)));
      const last = page.at(-1);
      return {
        total: toNumber(total?.n),
        matching: piece === '' ? toNumber(total?.n) : toNumber(matched?.n),
        domains: page.map((row, i) => ({ domain: row.domain, reason: row.reason, createdAt: toIsoString(row.created_at), links: counts[i] ?? 0 })),
        nextCursor: rows.length > ADMIN_PAGE_SIZE && last !== undefined ? encodeDomainCursor(last.domain) : null,
      };
    },

    /** What blocking `domain` (normalised, not too broad) would do: see AdminBlockImpact. */
    async blockImpact(domain: string): Promise<AdminBlockImpact> {
      const row = await domainLiveLinksUpTo(db, domain, BLOCK_IMPACT_COUNT_MAX, new Date(deps.clock()).toISOString()).executeTakeFirst();
      const n = toNumber(row?.n);
      return {
        domain,
        links: Math.min(n, BLOCK_IMPACT_COUNT_MAX),
        more: n > BLOCK_IMPACT_COUNT_MAX,
        ip: isIpAddress(domain),
        blocked: deps.isBlockedUrl(`http://${domain}/`),
        domains: blockChoicesFor(domain),
      };
    },

    async auditPage(cursor: string | undefined): Promise<AdminAuditPage> {
      const entries = await deps.audit.page(cursor === undefined ? null : decodeListCursor(cursor), ADMIN_PAGE_SIZE + 1);
      const page = entries.slice(0, ADMIN_PAGE_SIZE);
      const last = page.at(-1);
      return { entries: page, nextCursor: entries.length > ADMIN_PAGE_SIZE && last !== undefined ? encodeListCursor(last.id) : null };
    },
  };
}

export type AdminQueries = ReturnType<typeof createAdminQueries>;
