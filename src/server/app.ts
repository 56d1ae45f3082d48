// Builds the Fastify application from its dependencies: plugins, services, routes, one
// error handler and one 404 handler. No I/O at import time; main.ts and the tests call it.
//
// Routes live in three places: the API scope and the pages scope carry hooks (security
// headers, request metrics); GET /:alias sits at the root with none, because it is the hot
// path and answers with a bare 302.
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { ApiErrorBody, SiteConfig } from '../shared/api.js';
import { errorMessages } from '../shared/messages.js';
import { createBlocklist } from './abuse/blocklist.js';
import { createLimiters } from './abuse/rate-limits.js';
import { databaseRateLimitStore } from './abuse/rate-limit-store.js';
import { createReportRepository } from './abuse/report-repository.js';
import { registerReportRoutes } from './abuse/report-routes.js';
import { createCalendar, type Clock, systemClock } from './calendar.js';
import type { Config } from './config.js';
import type { Store } from './db/database.js';
import { isStoreUnavailable } from './db/dialect.js';
import { AppError } from './errors.js';
import { describeError } from './http-errors.js';
import { createLinkOwnerService } from './links/link-owner-service.js';
import { createLinkRepository } from './links/link-repository.js';
import { registerLinkRoutes } from './links/link-routes.js';
import { createLinkService } from './links/link-service.js';
import { registerManageRoutes } from './links/manage-routes.js';
import { createMetadataRepository } from './metadata/metadata-repository.js';
import { createMetadataService, type MetadataService } from './metadata/metadata-service.js';
import { createErrorLogThrottle, errorKind } from './ops/error-log-throttle.js';
import { lazyChildLoggerFactory } from './ops/lazy-child-logger.js';
import { loggerOptions } from './ops/log-options.js';
import { createMetrics, type Metrics } from './ops/metrics.js';
import { registerOpsRoutes } from './ops/ops-routes.js';
import { createAliasResolver, hostOfLink } from './redirect/alias-resolver.js';
import { createLocalInvalidation, createPostgresInvalidation } from './redirect/cache-invalidation.js';
import { type ClickRecorder, createClickRecorder } from './redirect/click-recorder.js';
import { createCrawlerDetector } from './redirect/crawler.js';
import { createLinkCache } from './redirect/link-cache.js';
import { type LinkCacheWarmup, startLinkCacheWarmup, type WarmupResult } from './redirect/link-cache-warmup.js';
import { registerRedirectRoutes } from './redirect/redirect-routes.js';
import { createInProcessClickWriter, createWorkerClickWriter } from './stats/click-writer.js';
import { createCounterRepository } from './stats/counter-repository.js';
import { registerStatsRoutes } from './stats/stats-routes.js';
import { createStatsService } from './stats/stats-service.js';
import { loadAppShell } from './web/app-shell.js';
import { createNonce, createSecurityHeaders, type HeaderSet } from './web/security-headers.js';
import { registerWebRoutes, type RenderPage } from './web/web-routes.js';

export interface AppDeps {
  config: Readonly<Config>;
  store: Store;
  clock?: Clock;
  /** Fastify logger options; defaults to pino JSON at config.logLevel, client IPs masked. */
  logger?: FastifyServerOptions['logger'];
}

export interface App {
  server: FastifyInstance;
  clicks: ClickRecorder;
  metadata: MetadataService;
  metrics: Metrics;
  /** Re-reads the blocked domains now (the admin tool changes them from another process). */
  refreshBlocklist(): Promise<void>;
  /** Settles when the link cache warm-up is over (undefined when it did not run or failed). */
  linkCacheWarmed(): Promise<WarmupResult | undefined>;
}

// Bodies of this API are tiny: a URL of at most 4096 characters and an alias.
const BODY_LIMIT_BYTES = 16 * 1024;
/** A kind of server-side failure is logged at most once in this window (see error-log-throttle.ts). */
const ERROR_LOG_WINDOW_MS = 10_000;

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, store } = deps;
  const clock = deps.clock ?? systemClock;
  const server = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel),
    // Per-request log lines would cost more than the redirect itself; errors are logged.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyChildLoggerFactory,
    // A hop count trusts that many proxies in front of us (proxy-addr's semantics).
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
    // Reject what the schemas do not allow instead of silently coercing or dropping it.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  });
  // Only JSON bodies are accepted; text/plain would otherwise reach the schemas as a string.
  server.removeContentTypeParser('text/plain');

  // --- services -------------------------------------------------------------------------
  const calendar = createCalendar(config.statsTimeZone, clock);
  const linkRepository = createLinkRepository(store);
  const counters = createCounterRepository(store.db);
  const linkCache = createLinkCache({ ...config.linkCache, now: clock });
  let pendingClicks = (): number => 0;
  let warmup: LinkCacheWarmup | undefined;
  const metrics = createMetrics({
    pendingClicks: () => pendingClicks(),
    linkCache: () => ({ ...linkCache.stats(), warming: warmup?.running() ?? false }),
  });
  const resolver = createAliasResolver({
    links: linkRepository,
    cache: linkCache,
    // Called only once requests flow, when the invalidation (created below) exists.
    cacheTrusted: () => invalidation.cacheTrusted(),
    observer: { hit: () => metrics.cacheHits.inc(), miss: () => metrics.cacheMisses.inc() },
  });
  const blocklist = createBlocklist(store.db, clock, (alias) => resolver.forget(alias));
  await blocklist.refresh();
  const linkService = createLinkService({
    links: linkRepository,
    calendar,
    clock,
    publicUrl: config.publicUrl,
    publicHost: config.publicHost,
    isBlockedHost: blocklist.isBlocked,
    allowLoopbackTargets: config.allowLoopbackTargets,
  });
  const stats = createStatsService({ counters, calendar, clock, cacheMs: config.statsCacheMs });
  const cacheTarget = { forget: (alias: string) => resolver.forget(alias), forgetAll: () => resolver.forgetAll() };
  const invalidation =
    store.postgresUrl === undefined
      ? createLocalInvalidation(cacheTarget)
      : createPostgresInvalidation({ url: store.postgresUrl, db: store.db, cache: cacheTarget, log: server.log });
  await invalidation.start();
  const forgetEverywhere = (alias: string): Promise<void> =>
    invalidation.publish(alias).catch((error: unknown) => server.log.error({ err: error }, 'cache invalidation failed'));

  const clicks = createClickRecorder({
    writer: store.sqlite === undefined ? createInProcessClickWriter(counters) : createWorkerClickWriter(store.sqlite),
    calendar,
    intervalMs: config.clickFlushIntervalMs,
    maxPending: config.clickFlushMaxPending,
    maxEntries: config.clickBufferMaxEntries,
    log: server.log,
    observer: {
      recorded: () => metrics.clicksRecorded.inc(),
      dropped: () => metrics.clicksDropped.inc(),
      flushed: (count, seconds) => {
        metrics.clicksFlushed.inc(count);
        metrics.flushDuration.observe(seconds);
      },
      flushFailed: () => {
        metrics.flushFailures.inc();
        metrics.databaseErrors.inc();
      },
    },
  });
  pendingClicks = clicks.pending;
  // Target pages' title/description/image for link previews, fetched in the background.
  const metadata = createMetadataService({
    options: config.metadata,
    repository: createMetadataRepository(store.db),
    clock,
    log: server.log,
    onUpdated: (alias) => void forgetEverywhere(alias),
  });
  const owner = createLinkOwnerService({
    links: linkRepository,
    counters,
    calendar,
    shortUrlFor: linkService.shortUrlFor,
    onDeleted: forgetEverywhere,
  });
  const site: SiteConfig = { ...config.site, publicUrl: config.publicUrl };
  const shell = loadAppShell(config.webDistDir, site);
  const headers = createSecurityHeaders({ publicUrl: config.publicUrl, adScriptSrc: config.site.adScriptSrc });
  const withNonce = (render: (nonce: string) => string): RenderPage => () => {
    const nonce = createNonce();
    return { html: render(nonce), headers: shell.available ? headers.app(nonce) : headers.plain };
  };
  const renderPage = withNonce(shell.page);
  const renderNotFound = withNonce(shell.notFoundPage);

  // --- errors ---------------------------------------------------------------------------
  // One line per kind of failure every 10 s at most ("suppressed": how many were left out).
  const errorLog = createErrorLogThrottle(ERROR_LOG_WINDOW_MS, clock);
  server.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, code, message } = describeError(error);
    if (status === 503) {
      metrics.databaseErrors.inc();
      void reply.header('retry-after', '5');
    }
    // The request goes through the logger's serializer: method, URL, masked address only.
    if (status >= 500) {
      const { log, suppressed } = errorLog.take(errorKind(error));
      if (log) request.log.error({ err: error, req: request, ...(suppressed > 0 ? { suppressed } : {}) }, 'request failed');
    }
    if (error instanceof AppError) void reply.headers(error.headers);
    const body: ApiErrorBody = { error: { code, message } };
    return reply.code(status).headers(headers.api).header('cache-control', 'no-store').send(body);
  });

  server.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const body: ApiErrorBody = { error: { code: 'route_not_found', message: errorMessages.route_not_found } };
      return reply.code(404).headers(headers.api).send(body);
    }
    const notFound = renderNotFound();
    return reply.code(404).headers(notFound.headers).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(notFound.html);
  });

  // --- routes ---------------------------------------------------------------------------
  await server.register(rateLimit, {
    global: false,
    // With PostgreSQL the counters are shared by every instance; SQLite means one process.
    ...(store.dialect === 'postgres' ? { store: databaseRateLimitStore(store.db, clock) } : {}),
    // A store outage must not turn into refusals: the request goes on (and meets the 503).
    skipOnError: true,
  });
  const limiters = createLimiters(server, config.rateLimits);
  const countRequest = (request: FastifyRequest, reply: FastifyReply) =>
    metrics.requests.inc({ route: request.routeOptions.url ?? 'unknown', status: String(reply.statusCode) });

  await server.register(async (api) => {
    withHeaders(api, headers.api);
    api.addHook('onResponse', async (request, reply) => countRequest(request, reply));
    registerLinkRoutes(
      api,
      linkService,
      async (created) => {
        // Another instance may hold a cached miss for this alias.
        await forgetEverywhere(created.alias);
        stats.invalidate();
        metadata.refreshInBackground({ alias: created.alias, url: created.url });
      },
      limiters.create,
    );
    registerStatsRoutes(api, stats);
    registerManageRoutes(api, owner, limiters.manage);
    registerReportRoutes(api, { reports: createReportRepository(store.db), links: linkRepository, clock, limit: limiters.report });
    registerOpsRoutes(api, { store, metrics, metricsAccess: config.metrics });
  });
  await server.register(async (pages) => {
    pages.addHook('onResponse', async (request, reply) => countRequest(request, reply));
    await registerWebRoutes(pages, shell, renderPage);
  });
  const outcomes = {
    redirect: metrics.redirects.labels('redirect'),
    preview: metrics.redirects.labels('preview'),
    not_found: metrics.redirects.labels('not_found'),
    blocked: metrics.redirects.labels('blocked'),
    unavailable: metrics.redirects.labels('unavailable'),
  };
  registerRedirectRoutes(server, {
    resolver,
    clicks,
    isCrawler: createCrawlerDetector(),
    siteName: config.site.siteName,
    publicUrl: config.publicUrl,
    renderNotFound,
    headers,
    metadata,
    isBlockedLink: (link) => !blocklist.isEmpty() && blocklist.isBlocked(hostOfLink(link)),
    outcomes,
    onStoreError: (error) => {
      metrics.databaseErrors.inc();
      if (isStoreUnavailable(error)) return;
      const { log, suppressed } = errorLog.take(errorKind(error));
      if (log) server.log.error({ err: error, ...(suppressed > 0 ? { suppressed } : {}) }, 'alias lookup failed');
    },
  });

  // --- lifecycle ------------------------------------------------------------------------
  clicks.start();
  blocklist.start();
  // The cache fills from the store once the server is up (requests are served meanwhile).
  if (config.linkCache.warm) {
    server.addHook('onReady', async () => {
      warmup = startLinkCacheWarmup({
        links: linkRepository,
        cache: linkCache,
        onError: (error) => server.log.warn({ err: error }, 'link cache warm-up stopped; the cache fills on demand'),
      });
      void warmup.done.then((result) => result && server.log.info(result, 'link cache warmed'));
    });
  }
  // Fastify's close stops accepting first; then the buffered clicks are written.
  server.addHook('onClose', async () => {
    await warmup?.stop();
    blocklist.stop();
    await clicks.stop();
    await metadata.close();
    await invalidation.stop();
  });

  return {
    server,
    clicks,
    metadata,
    metrics,
    refreshBlocklist: blocklist.refresh,
    linkCacheWarmed: async () => (warmup === undefined ? undefined : warmup.done),
  };
}

function withHeaders(scope: FastifyInstance, set: HeaderSet): void {
  scope.addHook('onRequest', async (_request, reply) => {
    void reply.headers(set);
  });
}

function hopsTrusted(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}
