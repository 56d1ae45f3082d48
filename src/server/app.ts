// Builds the Fastify application: its options, the one error handler and the one 404 handler,
// and the feature plugins, each given the services (services.ts) and owning its routes and its
// start/stop hooks. No I/O at import time; main.ts and the tests call it.
//
// The API, ops and pages scopes carry hooks (security headers, request metrics); GET /:alias
// sits at the root with none, because it is the hot path and answers with a bare 302.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, {
  type ConnectionError,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { ADMIN_API_PREFIX } from '../shared/admin-api.js';
import type { ApiErrorBody } from '../shared/api.js';
import { type ApiErrorCode, errorMessages } from '../shared/messages.js';
import { API_PREFIX } from '../shared/routes.js';
import type { PasswordCosts } from './password-hash.js';
import { addApiSchemas } from './api/api-schemas.js';
import { API_VERSION, registerOpenApi } from './api/openapi.js';
import { adminPlugin } from './admin/admin-plugin.js';
import { adminCookieName } from './admin/session-cookie.js';
import { apiPlugin } from './api/api-plugin.js';
import type { Clock } from './calendar.js';
import type { Config } from './config.js';
import { isStoreUnavailable } from './db/dialect.js';
import type { Store } from './db/store.js';
import { AppError } from './errors.js';
import { CONSOLE_FIELD_CODES, describeError } from './http-errors.js';
import { errorKind } from './ops/error-log-throttle.js';
import { lazyChildLoggerFactory } from './ops/lazy-child-logger.js';
import { loggerOptions } from './ops/log-options.js';
import { opsPlugin } from './ops/ops-plugin.js';
import { registerRedirect } from './redirect/redirect-plugin.js';
import type { WarmupResult } from './redirect/link-cache-warmup.js';
import { createServices, type Services } from './services.js';
import { sendPage } from './web/pages.js';
import { pagesPlugin } from './web/pages-plugin.js';
import type { HeaderSet } from './web/security-headers.js';

export interface AppDeps {
  config: Readonly<Config>;
  store: Store;
  clock?: Clock;
  /** Fastify logger options; defaults to pino JSON at config.logLevel, client IPs masked. */
  logger?: FastifyServerOptions['logger'];
  /** The real costs unless a test lowers them (password-hash.ts). */
  passwordCosts?: PasswordCosts;
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
    // Fastify's default is no limit: a body that never finishes held its connection for good.
    // Past the limit Node answers through clientErrorHandler (408 request_timeout).
    // Node needs the headers' own limit (60 s) no longer than the whole request's, or it never
    // applies the latter.
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(config.requestTimeoutMs / 4))),
    },
    routerOptions: { ignoreTrailingSlash: true },
    // A request that reaches a stopping server (SIGTERM: the listener is closed and idle
    // keep-alive connections are ended, but one already carrying a request stays open) is
    // answered as usual, with `Connection: close`: the store and the click buffer are closed
    // only after the last connection ends. Fastify's default, a bare 503, reached the person:
    // a proxy must not retry 503s, which mean a speculative load or a database outage here and
    // would take every instance out of rotation (deploy/nginx.conf).
    return503OnClosing: false,
    // What the router refuses before any route runs (a path segment longer than maxParamLength,
    // a malformed percent-encoding) and what Node's parser refuses before Fastify sees a request
    // (oversized headers, bad request lines) would otherwise answer Fastify's raw English JSON
    // without our headers. Both handlers run only after `services` below exists: requests are
    // answered once the server is ready.
    frameworkErrors: (error, request, reply) => {
      answerFrameworkError(error, request, reply, services);
    },
    clientErrorHandler: (error, socket) => {
      answerClientError(error, socket, services.pages.headers.api, server.log);
    },
    // Reject what the schemas do not allow instead of silently coercing or dropping it.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  });
  // Only JSON bodies are accepted; text/plain would otherwise reach the schemas as a string.
  server.removeContentTypeParser('text/plain');
  // A route that takes no body (DELETE /api/links/:alias) reads an empty JSON one as none:
  // clients that send `Content-Type: application/json` with every request got 400 invalid_json
  // for a deletion. A route that takes a body keeps Fastify's parser, its refusals (an empty or
  // malformed body, __proto__ and constructor keys) and its size limits.
  const parseJson = server.getDefaultJsonParser('error', 'error');
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // A string, as parseAs asks; the parser's type also allows a Buffer.
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.length === 0 && request.routeOptions.schema?.body === undefined) {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });

  const services = createServices({ config, store: deps.store, clock: deps.clock, log: server.log, passwordCosts: deps.passwordCosts });
  setErrorHandlers(server, services);
  // The API's shared schemas and the OpenAPI generator live on the root, before any route.
  addApiSchemas(server);
  await registerOpenApi(server, { siteName: config.site.siteName, publicUrl: config.publicUrl, version: API_VERSION, adminCookieName: adminCookieName(config.admin.secureCookie), anonymousLimits: { perMinute: config.rateLimits.createPerMinute, perDay: config.rateLimits.createPerDay } });

  await server.register(apiPlugin, services);
  await server.register(opsPlugin, services);
  await server.register(pagesPlugin, services);
  await server.register(adminPlugin, services);
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
function setErrorHandlers(server: FastifyInstance, { metrics, errorLog, pages, writeHealth }: Services): void {
  server.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, code, message } = bodyMissing(error, request)
      ? { status: 400, code: 'invalid_json' as const, message: errorMessages.invalid_json }
      : describeError(error, request.url.startsWith(`${ADMIN_API_PREFIX}/`) ? CONSOLE_FIELD_CODES : undefined);
    // A write the store refused makes /readyz fail for a while (ops/write-health.ts).
    if (status === 503 && isStoreUnavailable(error) && request.method !== 'GET' && request.method !== 'HEAD') writeHealth.failed();
    if (status === 503) {
      metrics.databaseErrors.inc();
      void reply.header('retry-after', '5');
    }
    // The request goes through the logger's serializer: method, URL, masked address only.
    if (status >= 500) {
      errorLog.error(request.log, errorKind(error), { err: error, req: request }, 'request failed');
    }
    if (error instanceof AppError) void reply.headers(error.headers);
    const body: ApiErrorBody = { error: { code, message } };
    return reply.code(status).headers(pages.headers.api).header('cache-control', 'no-store').send(body);
  });

  server.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) {
      // A known API path asked with a method it does not take (PUT /api/links, POST
      // /api/links/promo, OPTIONS anything): 405 with the methods it takes (RFC 9110 §15.5.6),
      // not "address not found" for an address that exists.
      const allowed = allowedMethods(server, request.url);
      if (allowed.length > 0) return sendApiError(reply.header('allow', allowed.join(', ')), pages.headers.api, 405, 'method_not_allowed');
      return sendApiError(reply, pages.headers.api, 404, 'route_not_found');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendApiError(reply, pages.headers.api, 404, 'route_not_found');
    return sendNotFoundPage(reply, pages);
  });
}

/** The methods the API's routes answer. */
const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The methods some route answers at this path (its query string aside); none when no route has it. */
function allowedMethods(server: FastifyInstance, url: string): string[] {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  return API_METHODS.filter((method) => {
    // Typed as always found; null when no route matches.
    const route: unknown = server.findRoute({ method, url: path });
    return route !== null;
  });
}

/**
 * A route that takes a JSON body was sent none at all (`curl -X POST` without `-d`, no
 * Content-Type): the answer of an empty JSON body, not the bare "Requisição inválida." of a body
 * of the wrong shape.
 */
const bodyMissing = (error: FastifyError | AppError, request: FastifyRequest): boolean =>
  !(error instanceof AppError) && error.validationContext === 'body' && request.body === undefined;

const isApiPath = (url: string): boolean => url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);

function sendApiError(reply: FastifyReply, headers: HeaderSet, status: number, code: ApiErrorCode): FastifyReply {
  const body: ApiErrorBody = { error: { code, message: errorMessages[code] } };
  return reply.code(status).headers(headers).header('cache-control', 'no-store').send(body);
}

function sendNotFoundPage(reply: FastifyReply, pages: Services['pages']): FastifyReply {
  return sendPage(reply, 404, pages.renderNotFound(reply.request.headers['accept-encoding']), 'no-store');
}

/**
 * The router's own refusals, answered as the route that would have run answers a bad value: a
 * path segment too long (beyond maxParamLength) or not decodable can never be an alias, so a
 * person opening a mangled short link gets the 404 page of an unknown alias, and an API caller
 * the 404 of an unknown link (/api/links/:alias is the public API's only parameter) or a 400
 * (a console route's parameter, and anything not decodable).
 */
const isAdminApiPath = (url: string): boolean => url === ADMIN_API_PREFIX || url.startsWith(`${ADMIN_API_PREFIX}/`) || url.startsWith(`${ADMIN_API_PREFIX}?`);

function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply, { pages, metrics }: Services): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  if (isApiPath(request.url)) {
    // Only the public API's parameter is an alias; the console's take ids and aliases whose
    // 'link not found' would mislead (a key, a reported alias), so there it is a bad request.
    if (tooLong && !isAdminApiPath(request.url)) void sendApiError(reply, pages.headers.api, 404, 'link_not_found');
    else void sendApiError(reply, pages.headers.api, 400, 'invalid_request');
    return;
  }
  if ((tooLong || error.code === 'FST_ERR_BAD_URL') && (request.method === 'GET' || request.method === 'HEAD')) {
    metrics.redirectOutcomes.not_found.inc();
    void sendNotFoundPage(reply, pages);
    return;
  }
  const { status, code } = describeError(error);
  void sendApiError(reply, pages.headers.api, status, code);
}

/**
 * Node's HTTP parser refused the request (headers over the size limit, a malformed request
 * line, a header timeout): no request exists, so the answer is written on the socket, in our
 * JSON with the API's headers, and the connection is closed as Node itself would.
 */
function answerClientError(error: ConnectionError, socket: Socket, headers: HeaderSet, log: FastifyInstance['log']): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  log.trace({ err: error }, 'client error');
  // A response already under way on this connection (pipelining) must not be cut into.
  const underway = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (socket.writable && !underway) {
    const [status, code]: [number, ApiErrorCode] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'headers_too_large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'request_timeout']
          : [400, 'invalid_request'];
    const body = JSON.stringify({ error: { code, message: errorMessages[code] } } satisfies ApiErrorBody);
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'cache-control: no-store',
      'connection: close',
    ];
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

function hopsTrusted(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}
