// Builds the Fastify application: its options, the one error handler and the one 404 handler,
// and the feature plugins, each given the services (services.ts) and owning its routes and its
// start/stop hooks. No I/O at import time; main.ts and the tests call it.
//
// The API, ops and pages scopes carry hooks (security headers, request metrics); GET /:alias
// sits at the root with none, because it is the hot path and answers with a bare 302.
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { ApiErrorBody } from '../shared/api.js';
import { errorMessages } from '../shared/messages.js';
import { apiPlugin } from './api/api-plugin.js';
import type { Clock } from './calendar.js';
import type { Config } from './config.js';
import type { Store } from './db/store.js';
import { AppError } from './errors.js';
import { describeError } from './http-errors.js';
import { errorKind } from './ops/error-log-throttle.js';
import { lazyChildLoggerFactory } from './ops/lazy-child-logger.js';
import { loggerOptions } from './ops/log-options.js';
import { opsPlugin } from './ops/ops-plugin.js';
import { registerRedirect } from './redirect/redirect-plugin.js';
import type { WarmupResult } from './redirect/link-cache-warmup.js';
import { createServices, type Services } from './services.js';
import { pagesPlugin } from './web/pages-plugin.js';

export interface AppDeps {
  config: Readonly<Config>;
  store: Store;
  clock?: Clock;
  /** Fastify logger options; defaults to pino JSON at config.logLevel, client IPs masked. */
  logger?: FastifyServerOptions['logger'];
}

export interface App {
  server: FastifyInstance;
  services: Services;
  clicks: Services['clicks'];
  metadata: Services['metadata'];
  metrics: Services['metrics'];
  /** Re-reads the blocked domains now (the admin tool changes them from another process). */
  refreshBlocklist(): Promise<void>;
  /** Settles when the link cache warm-up is over (undefined when it did not run or failed). */
  linkCacheWarmed(): Promise<WarmupResult | undefined>;
}

// Bodies of this API are tiny: a URL of at most 4096 characters and an alias.
const BODY_LIMIT_BYTES = 16 * 1024;

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
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

  const services = createServices({ config, store: deps.store, clock: deps.clock, log: server.log });
  setErrorHandlers(server, services);

  await server.register(apiPlugin, services);
  await server.register(opsPlugin, services);
  await server.register(pagesPlugin, services);
  registerRedirect(server, services);
  server.addHook('onClose', services.close);

  return {
    server,
    services,
    clicks: services.clicks,
    metadata: services.metadata,
    metrics: services.metrics,
    refreshBlocklist: services.blocklist.refresh,
    linkCacheWarmed: services.warmer.done,
  };
}

/** Every error answers `{ error: { code, message } }` (pt-BR); server failures are logged, throttled. */
function setErrorHandlers(server: FastifyInstance, { metrics, errorLog, pages }: Services): void {
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
    return reply.code(status).headers(pages.headers.api).header('cache-control', 'no-store').send(body);
  });

  server.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const body: ApiErrorBody = { error: { code: 'route_not_found', message: errorMessages.route_not_found } };
      return reply.code(404).headers(pages.headers.api).send(body);
    }
    const notFound = pages.renderNotFound();
    return reply.code(404).headers(notFound.headers).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(notFound.html);
  });
}

function hopsTrusted(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}
