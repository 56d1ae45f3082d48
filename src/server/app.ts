// Builds the Fastify application from its dependencies: plugins, routes, one error
// handler and one 404 handler. No I/O at import time; main.ts and the tests call buildApp.
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ApiErrorBody, SiteConfig } from '../shared/api.js';
import { type ApiErrorCode, errorMessages } from '../shared/messages.js';
import { createCalendar, type Clock, systemClock } from './calendar.js';
import type { Config } from './config.js';
import type { Store } from './db/database.js';
import { AppError } from './errors.js';
import { createLinkRepository } from './links/link-repository.js';
import { registerLinkRoutes } from './links/link-routes.js';
import { createLinkService } from './links/link-service.js';
import { createLinkOwnerService } from './links/link-owner-service.js';
import { createMetadataRepository } from './metadata/metadata-repository.js';
import { createMetadataService, type MetadataService } from './metadata/metadata-service.js';
import { registerManageRoutes } from './links/manage-routes.js';
import { createAliasResolver } from './redirect/alias-resolver.js';
import { type ClickRecorder, createClickRecorder } from './redirect/click-recorder.js';
import { createCrawlerDetector } from './redirect/crawler.js';
import { createLinkCache } from './redirect/link-cache.js';
import { createLocalInvalidation, createPostgresInvalidation } from './redirect/cache-invalidation.js';
import { registerRedirectRoutes } from './redirect/redirect-routes.js';
import { createInProcessClickWriter, createWorkerClickWriter } from './stats/click-writer.js';
import { createCounterRepository } from './stats/counter-repository.js';
import { registerStatsRoutes } from './stats/stats-routes.js';
import { createStatsService } from './stats/stats-service.js';
import { loadAppShell } from './web/app-shell.js';
import { registerWebRoutes } from './web/web-routes.js';

export interface AppDeps {
  config: Readonly<Config>;
  store: Store;
  clock?: Clock;
  /** Fastify logger options; defaults to pino at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
}

export interface App {
  server: FastifyInstance;
  clicks: ClickRecorder;
  metadata: MetadataService;
}

// Bodies of this API are tiny: a URL of at most 4096 characters and an alias.
const BODY_LIMIT_BYTES = 16 * 1024;

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, store } = deps;
  const clock = deps.clock ?? systemClock;
  const server = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    // Per-request log lines would cost more than the redirect itself; errors are logged.
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count trusts that many proxies in front of us (proxy-addr's semantics).
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
    // Reject what the schemas do not allow instead of silently coercing or dropping it.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  });
  // Only JSON bodies are accepted; text/plain would otherwise reach the schemas as a string.
  server.removeContentTypeParser('text/plain');

  const calendar = createCalendar(config.statsTimeZone, clock);
  const linkRepository = createLinkRepository(store.db);
  const counters = createCounterRepository(store.db);
  const linkService = createLinkService({
    links: linkRepository,
    calendar,
    clock,
    publicUrl: config.publicUrl,
    publicHost: config.publicHost,
  });
  const stats = createStatsService({ counters, calendar, clock, cacheMs: config.statsCacheMs });
  const linkCache = createLinkCache(config.linkCache);
  const invalidation =
    store.postgresUrl === undefined
      ? createLocalInvalidation({ forget: (a) => linkCache.delete(a), forgetAll: () => linkCache.clear() })
      : createPostgresInvalidation({
          url: store.postgresUrl,
          db: store.db,
          cache: { forget: (a) => linkCache.delete(a), forgetAll: () => linkCache.clear() },
          log: server.log,
        });
  await invalidation.start();
  const resolver = createAliasResolver(linkRepository, linkCache, invalidation.cacheTrusted);
  const forgetEverywhere = (alias: string): Promise<void> =>
    invalidation.publish(alias).catch((error: unknown) => server.log.error({ err: error }, 'cache invalidation failed'));
  const clicks = createClickRecorder({
    writer: store.sqliteFile === undefined ? createInProcessClickWriter(counters) : createWorkerClickWriter(store.sqliteFile),
    calendar,
    intervalMs: config.clickFlushIntervalMs,
    maxPending: config.clickFlushMaxPending,
    log: server.log,
  });
  // Target pages' title/description/image for link previews, fetched in the background.
  const metadata = createMetadataService({
    options: config.metadata,
    repository: createMetadataRepository(store.db),
    clock,
    log: server.log,
    onUpdated: (alias) => void forgetEverywhere(alias),
  });
  const site: SiteConfig = { ...config.site, publicUrl: config.publicUrl };
  const shell = loadAppShell(config.webDistDir, site);

  server.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, code, message } = describeError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (error instanceof AppError) void reply.headers(error.headers);
    const body: ApiErrorBody = { error: { code, message } };
    return reply.code(status).header('cache-control', 'no-store').send(body);
  });

  server.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      const body: ApiErrorBody = { error: { code: 'route_not_found', message: errorMessages.route_not_found } };
      return reply.code(404).send(body);
    }
    return reply.code(404).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(shell.notFoundPage());
  });

  registerLinkRoutes(server, linkService, async (created) => {
    // Another instance may hold a cached miss for this alias.
    await forgetEverywhere(created.alias);
    stats.invalidate();
    metadata.refreshInBackground({ alias: created.alias, url: created.url });
  });
  registerStatsRoutes(server, stats);
  // Limits are set per route (only token-checked routes for now); the key is the client IP,
  // which honours TRUST_PROXY.
  await server.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', context.statusCode === 403 ? 403 : 429),
  });
  const owner = createLinkOwnerService({
    links: linkRepository,
    counters,
    calendar,
    shortUrlFor: linkService.shortUrlFor,
    onDeleted: forgetEverywhere,
  });
  registerManageRoutes(server, owner, config.manageRateLimitPerMinute);
  await registerWebRoutes(server, shell);
  registerRedirectRoutes(server, {
    resolver,
    clicks,
    isCrawler: createCrawlerDetector(),
    siteName: config.site.siteName,
    publicUrl: config.publicUrl,
    notFoundPage: shell.notFoundPage,
    metadata,
  });

  clicks.start();
  // Stop accepting first (Fastify's close), then write the buffered clicks.
  server.addHook('onClose', async () => {
    await clicks.stop();
    await metadata.close();
    await invalidation.stop();
  });

  return { server, clicks, metadata };
}

function hopsTrusted(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** Maps any error to a status, a code and a pt-BR message; 5xx details never leave the server. */
function describeError(error: FastifyError | AppError): { status: number; code: ApiErrorCode; message: string } {
  if (error instanceof AppError) return { status: error.statusCode, code: error.code, message: error.message };
  if (error.validation !== undefined) return describeValidationError(error);
  const byFastifyCode: Record<string, [number, ApiErrorCode]> = {
    FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type'],
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid_request'],
    FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large'],
    FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json'],
    FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json'],
    FST_ERR_BAD_URL: [400, 'invalid_request'],
    FST_ERR_ASYNC_CONSTRAINT: [400, 'invalid_request'],
  };
  const known = byFastifyCode[error.code];
  if (known !== undefined) return { status: known[0], code: known[1], message: errorMessages[known[1]] };
  const status = error.statusCode ?? 500;
  if (error instanceof SyntaxError && status === 400) return { status, code: 'invalid_json', message: errorMessages.invalid_json };
  if (status >= 400 && status < 500) return { status, code: 'invalid_request', message: errorMessages.invalid_request };
  return { status: 500, code: 'internal', message: errorMessages.internal };
}

function describeValidationError(error: FastifyError): { status: number; code: ApiErrorCode; message: string } {
  const first = error.validation?.[0];
  const params = (first?.params ?? {}) as { missingProperty?: string; additionalProperty?: string };
  if (first?.keyword === 'additionalProperties' && params.additionalProperty !== undefined) {
    return {
      status: 400,
      code: 'unknown_field',
      message: `${errorMessages.unknown_field} Campo não permitido: "${params.additionalProperty.slice(0, 64)}".`,
    };
  }
  const field = params.missingProperty ?? first?.instancePath.replace(/^\//, '') ?? '';
  if (field === 'url') return { status: 400, code: 'invalid_url', message: errorMessages.invalid_url };
  if (field === 'alias') return { status: 400, code: 'invalid_alias', message: errorMessages.invalid_alias };
  return { status: 400, code: 'invalid_request', message: errorMessages.invalid_request };
}
