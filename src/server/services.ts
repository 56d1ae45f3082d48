// Every service of the site, built from the configuration and the store. Nothing here knows
// HTTP: the feature plugins (api/, web/, redirect/, ops/) receive these and own the routes and
// the start/stop hooks. Nothing runs until a plugin starts it.
import type { FastifyBaseLogger } from 'fastify';
import type { LinkInsights } from '../shared/api.js';
import { createBlocklist } from './abuse/blocklist.js';
import type { PasswordCosts } from './password-hash.js';
import { createAdminQueries } from './admin/admin-queries.js';
import { createAuditLog } from './admin/audit-log.js';
import { createOperatorActions } from './admin/operator-actions.js';
import { createOperatorRepository } from './admin/operator-repository.js';
import { createOperatorService } from './admin/operator-service.js';
import { createReportRepository } from './abuse/report-repository.js';
import { createCalendar, type Clock, systemClock } from './calendar.js';
import type { Config } from './config.js';
import type { Store } from './db/store.js';
import { createInsightsCache } from './insights/insights-cache.js';
import { createInsightsReadBudget } from './insights/insights-read-budget.js';
import { createInsightsRepository } from './insights/insights-repository.js';
import { createInsightsRetention } from './insights/insights-retention.js';
import { createHostKeyCatchUp } from './links/host-key-catch-up.js';
import { createInsightsService } from './insights/insights-service.js';
import { createLinkOwnerService } from './links/link-owner-service.js';
import { createApiKeyRepository } from './keys/api-key-repository.js';
import { createApiKeyService } from './keys/api-key-service.js';
import { createLinkRepository } from './links/link-repository.js';
import { createLinkService } from './links/link-service.js';
import { createMetadataRepository } from './metadata/metadata-repository.js';
import { createMetadataService, fetchesPreview } from './metadata/metadata-service.js';
import { createErrorLogThrottle, errorKind } from './ops/error-log-throttle.js';
import { createMetrics } from './ops/metrics.js';
import { createWriteHealth } from './ops/write-health.js';
import { createAliasResolver } from './redirect/alias-resolver.js';
import { createClickRecorder } from './redirect/click-recorder.js';
import { createCrawlerDetector } from './redirect/crawler.js';
import { createLinkCache } from './redirect/link-cache.js';
import { createLinkCacheWarmer } from './redirect/link-cache-warmup.js';
import { createSourceDetector } from './insights/click-source.js';
import { createUserAgentProfiler } from './insights/user-agent-profile.js';
import { createVisitLog } from './insights/visit-log.js';
import { INSIGHTS_DROPPED, INSIGHTS_NOT_STORED_AT_STOP, INSIGHTS_WRITER_STOPPED } from './stats/click-writer.js';
import { createCounterRepository } from './stats/counter-repository.js';
import { createStatsService } from './stats/stats-service.js';
import { createPages } from './web/pages.js';

export interface ServiceDeps {
  config: Readonly<Config>;
  store: Store;
  clock?: Clock;
  log: FastifyBaseLogger;
  /** The real costs unless a test lowers them (password-hash.ts). */
  passwordCosts?: PasswordCosts | undefined;
}

/** A kind of server-side failure is logged at most once in this window (see error-log-throttle.ts). */
const ERROR_LOG_WINDOW_MS = 10_000;
/**
 * Clicks whose breakdowns wait for a flush at most (24 bytes each): a flush takes them every
 * second, so only a stalled writer fills it; past it clicks still count, without breakdowns.
 */
const VISIT_LOG_MAX = 1_000_000;
/**
 * Breakdown counters held between writes (16 bytes a slot, slots at most half full); the window
 * is written early at 40%. Smaller windows were measured and dropped: at 250,000 a paced write
 * fell behind scenario 8's traffic and visits lost their breakdowns; 500,000 saved S2 no peak
 * RSS within its noise (docs/performance.md, "Click insights").
 */
const INSIGHTS_WINDOW_MAX = 1_000_000;
/**
 * Entries (days, hours, list items) of the insights answers kept in memory, ~100 bytes each: a
 * busy link's 90 days is ~330, so a few hundred answers (insights-cache.ts).
 */
const INSIGHTS_CACHE_MAX_ITEMS = 100_000;

export function createServices({ config, store, clock = systemClock, log, passwordCosts }: ServiceDeps) {
  const calendar = createCalendar(config.statsTimeZone, clock);
  // Owners' insights answers, dropped when a flush writes their link's counters. Kept at most one
  // breakdown interval: counters other instances write (PostgreSQL) are not heard here.
  const insightsCache = createInsightsCache<LinkInsights>({ maxItems: INSIGHTS_CACHE_MAX_ITEMS, maxAgeMs: config.insights.flushIntervalMs, now: clock });
  const linkRepository = createLinkRepository(store);
  const counters = createCounterRepository(store.db);

  // The redirect's memory: the link cache, filled at start by the warmer, and the resolver in front.
  const linkCache = createLinkCache({ ...config.linkCache, now: clock });
  const warmer = createLinkCacheWarmer({
    links: linkRepository,
    cache: linkCache,
    onError: (error) => log.warn({ err: error }, 'link cache warm-up stopped; the cache fills on demand'),
  });
  const metrics = createMetrics({
    pendingClicks: () => clicks.pending(),
    linkCache: () => ({ ...linkCache.stats(), warming: warmer.running() }),
  });
  const resolver = createAliasResolver({
    links: linkRepository,
    cache: linkCache,
    cacheTrusted: () => invalidation.cacheTrusted(),
    observer: { hit: () => metrics.cacheHits.inc(), miss: () => metrics.cacheMisses.inc() },
  });
  const invalidation = store.createInvalidation({ forget: resolver.forget, forgetAll: resolver.forgetAll }, log);
  /** Forget an alias on every instance; a failure is logged, never thrown at the caller. */
  const forgetEverywhere = (alias: string): Promise<void> =>
    invalidation.publish(alias).catch((error: unknown) => log.error({ err: error }, 'cache invalidation failed'));

  const blocklist = createBlocklist(store.db, clock, resolver.forget);
  // One line per kind of failure every 10 s at most ("suppressed": how many were left out).
  const errorLog = createErrorLogThrottle(ERROR_LOG_WINDOW_MS, clock);
  // A connection PostgreSQL ended (a failover, a restart): the query on it fails on its own (a
  // 503, counted there), the pool opens another. A warning, at most one per kind in the window:
  // a restart ends every connection of the pool at once.
  store.onConnectionError((error) => {
    const { log: due, suppressed } = errorLog.take(`database-connection:${errorKind(error)}`);
    if (due) log.warn({ err: error, ...(suppressed > 0 ? { suppressed } : {}) }, 'database connection lost; the pool opens another');
  });
  // Whether the latest write was accepted: /readyz reports it (see ops-routes.ts).
  const writeHealth = createWriteHealth(clock);
  // Click insights: each click's profile and source are decided on the request (memoised), its
  // address kept packed until the flush; the writer resolves and adds them up (insights/).
  const visits = config.insights.enabled ? createVisitLog(VISIT_LOG_MAX) : undefined;
  const visitorInsights = config.insights.enabled
    ? { profileOf: createUserAgentProfiler(), sourceOf: createSourceDetector({ publicHost: config.publicHost }) }
    : undefined;
  const insightsWriting = config.insights.enabled
    ? {
        countryDb: config.insights.countryDb,
        cityDb: config.insights.cityDb,
        intervalMs: config.insights.flushIntervalMs,
        maxEntries: INSIGHTS_WINDOW_MAX,
        onWritten: (linkIds: Float64Array) => insightsCache.invalidate(linkIds),
        onError: (error: Error) => {
          const code = (error as { code?: unknown }).code;
          if (code === INSIGHTS_WRITER_STOPPED) {
            metrics.insightsWriteFailures.inc();
            errorLog.error(log, 'click-insights:writer-stopped', { err: error }, 'click writer thread stopped: the breakdowns added up since its last write are lost; a new thread takes over');
            return;
          }
          if (code === INSIGHTS_NOT_STORED_AT_STOP) {
            // Once, at a stop: never throttled, with the count (the clicks' own loss is said apart).
            metrics.insightsWriteFailures.inc();
            log.error({ err: error, lostVisits: Number((error as { dropped?: unknown }).dropped ?? 0) }, 'click breakdowns not stored at shutdown');
            return;
          }
          if (code === INSIGHTS_DROPPED) metrics.insightsVisitsDropped.inc(Number((error as { dropped?: unknown }).dropped ?? 1));
          else {
            metrics.insightsWriteFailures.inc();
            metrics.databaseErrors.inc();
          }
          errorLog.error(log, `click-insights:${errorKind(error)}`, { err: error }, 'click insights write failed; kept for the next try');
        },
      }
    : undefined;
  const clicks = createClickRecorder({
    writer: store.createClickWriter(insightsWriting),
    ...(visits === undefined ? {} : { visits }),
    calendar,
    intervalMs: config.clickFlushIntervalMs,
    maxPending: config.clickFlushMaxPending,
    maxEntries: config.clickBufferMaxEntries,
    log,
    errorLog,
    observer: {
      recorded: () => metrics.clicksRecorded.inc(),
      dropped: () => metrics.clicksDropped.inc(),
      flushed: (count, seconds) => {
        metrics.clicksFlushed.inc(count);
        metrics.flushDuration.observe(seconds);
        writeHealth.succeeded();
      },
      // The insights' daily clicks changed.
      stored: (linkIds) => insightsCache.invalidate(linkIds),
      visitDropped: () => metrics.insightsVisitsDropped.inc(),
      flushFailed: () => {
        metrics.flushFailures.inc();
        metrics.databaseErrors.inc();
        writeHealth.failed();
      },
    },
  });
  // Target pages' title/description/image for link previews, fetched in the background.
  const metadata = createMetadataService({
    options: config.metadata,
    repository: createMetadataRepository(store.db),
    clock,
    log,
    onUpdated: (alias) => void forgetEverywhere(alias),
  });
  const stats = createStatsService({ counters, calendar, clock, cacheMs: config.statsCacheMs });
  const links = createLinkService({
    links: linkRepository,
    calendar,
    clock,
    publicUrl: config.publicUrl,
    publicHost: config.publicHost,
    isBlockedHost: blocklist.isBlocked,
    allowLoopbackTargets: config.allowLoopbackTargets,
    passwordCost: passwordCosts?.links,
    async onCreated({ id, response, hasOptions }) {
      writeHealth.succeeded();
      // Another instance may hold a cached miss for this alias.
      await forgetEverywhere(response.alias);
      // Here, the first click of a link just shared is answered from memory.
      linkCache.set(response.alias, { id, url: response.url, disabled: false, hasOptions });
      stats.invalidate();
      if (fetchesPreview(response)) metadata.refreshInBackground({ alias: response.alias, url: response.url });
    },
  });
  const owner = createLinkOwnerService({
    links: linkRepository,
    counters,
    calendar,
    shortUrlFor: links.shortUrlFor,
    isBlockedUrl: blocklist.isBlockedUrl,
    clock,
    // The deletion told the other instances itself (in its transaction on PostgreSQL): forget it
    // here at once rather than when this instance hears its own notification.
    onDeleted: resolver.forget,
  });
  // Click insights for the owner (same token checks as `owner`), and the expiry of old counters.
  const insightsRepository = createInsightsRepository(store.db);
  const insights = createInsightsService({
    links: linkRepository,
    counters,
    insights: insightsRepository,
    calendar,
    breakdowns: config.insights.enabled,
    regionLookup: (config.insights.cityDb?.length ?? 0) > 0,
    cache: insightsCache,
    budget: createInsightsReadBudget(config.insights.readRowsPerSecond, clock),
    observer: { read: (outcome) => metrics.insightsReads.inc({ outcome }) },
  });
  const apiKeys = createApiKeyService({ keys: createApiKeyRepository(store.db), clock, defaultPerMinute: config.rateLimits.apiKeyPerMinute });
  const reports = createReportRepository(store.db);
  // The operator's console: the same actions as the terminal tool, and what it reads.
  const operators = createOperatorService({ operators: createOperatorRepository(store.db), clock, cost: passwordCosts?.operators });
  const audit = createAuditLog(store.db, clock);
  const operatorActions = createOperatorActions({
    db: store.db,
    links: linkRepository,
    blocklist,
    apiKeys,
    reports,
    operators,
    audit,
    clock,
    linkChanged: forgetEverywhere,
    linkDeleted: resolver.forget,
  });
  const adminQueries = createAdminQueries({
    db: store.db,
    aliasBytes: store.aliasBytes,
    queriesHoldEventLoop: store.queriesHoldEventLoop,
    calendar,
    reports,
    audit,
    isBlockedUrl: blocklist.isBlockedUrl,
    shortUrlFor: links.shortUrlFor,
    publicUrl: config.publicUrl,
    clock,
  });
  const insightsRetention = createInsightsRetention({
    repository: insightsRepository,
    calendar,
    retentionDays: config.insights.retentionDays,
    log,
  });
  // Links an older server version inserted without host keys (a rolling deploy) get them within the hour.
  const hostKeyCatchUp = createHostKeyCatchUp({ db: store.db, log });

  return {
    config,
    clock,
    calendar,
    store,
    linkRepository,
    links,
    owner,
    insights,
    insightsRetention,
    hostKeyCatchUp,
    apiKeys,
    stats,
    reports,
    operators,
    operatorActions,
    adminQueries,
    blocklist,
    linkCache,
    warmer,
    resolver,
    invalidation,
    clicks,
    metadata,
    isCrawler: createCrawlerDetector(),
    visitorInsights,
    pages: createPages(config, calendar, log, { renderDeferred: () => metrics.pageRendersDeferred.inc(), now: clock }),
    metrics,
    errorLog,
    writeHealth,
    /** Stops what several features share (the plugins stop their own). */
    async close(): Promise<void> {
      await metadata.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
