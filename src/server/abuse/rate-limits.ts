// The rate limits of the API, per client (request.ip honours TRUST_PROXY; an IPv6 client is its
// /64, see client-key.ts) plus a site-wide ceiling on creation. Counting is @fastify/rate-limit's
// (createRateLimit); its store is the store adapter's (in memory with one SQLite process, in the
// database with PostgreSQL, so limits hold across instances). The plugin's own route hook runs one
// limiter per request, so a route with several limits chains them in one hook here.
// The redirect is never limited.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { createClientKey } from './client-key.js';

export interface Limiters {
  /** Per client, counted on every attempt (an abuser's refused requests use up their own budget). */
  create: onRequestAsyncHookHandler[];
  /**
   * The site-wide creation budget, asked only once a creation has passed validation, right
   * before it is stored: a request refused for its own content never uses the budget of others.
   */
  admitCreation(request: FastifyRequest): Promise<void>;
  report: onRequestAsyncHookHandler[];
  manage: onRequestAsyncHookHandler[];
}

const MINUTE = 60_000;

type Check = ReturnType<FastifyInstance['createRateLimit']>;

export function createLimiters(app: FastifyInstance, limits: Readonly<Config['rateLimits']>): Limiters {
  if (!limits.enabled) return { create: [], admitCreation: async () => undefined, report: [], manage: [] };
  const clientKey = createClientKey(limits.ipv6Prefix);
  const perClient = (name: string, max: number, timeWindow: number): Check =>
    app.createRateLimit({ max, timeWindow, keyGenerator: (request: FastifyRequest) => `${name}:${clientKey(request.ip)}` });
  const global = app.createRateLimit({ max: limits.createGlobalPerMinute, timeWindow: MINUTE, keyGenerator: () => 'create-global' });
  return {
    create: [chain([perClient('create-minute', limits.createPerMinute, MINUTE), perClient('create-day', limits.createPerDay, 24 * 60 * MINUTE)])],
    admitCreation: (request) => refuseIfExceeded(global, request),
    report: [chain([perClient('report-hour', limits.reportPerHour, 60 * MINUTE)])],
    manage: [chain([perClient('manage-minute', limits.managePerMinute, MINUTE)])],
  };
}

/** One hook that counts the request against each limit in turn; the first one exceeded refuses it. */
function chain(checks: Check[]): onRequestAsyncHookHandler {
  return async (request) => {
    for (const check of checks) await refuseIfExceeded(check, request);
  };
}

async function refuseIfExceeded(check: Check, request: FastifyRequest): Promise<void> {
  const result = await check(request);
  if (!result.isAllowed && result.isExceeded) {
    throw new AppError('rate_limited', 429, { headers: { 'retry-after': String(Math.max(1, result.ttlInSeconds)) } });
  }
}
