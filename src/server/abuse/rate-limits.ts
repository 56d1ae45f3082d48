// The rate limits of the API, per client IP (request.ip honours TRUST_PROXY) plus a
// site-wide ceiling on creation. Counting is @fastify/rate-limit's (createRateLimit); its
// store is in memory with SQLite (one process) and in the database with PostgreSQL, so limits
// hold across instances. The plugin's own route hook runs one limiter per request, so a
// route with several limits (minute, day, global) chains them in one hook here.
// The redirect is never limited.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';

export interface Limiters {
  create: onRequestAsyncHookHandler[];
  report: onRequestAsyncHookHandler[];
  manage: onRequestAsyncHookHandler[];
}

const MINUTE = 60_000;

type Check = ReturnType<FastifyInstance['createRateLimit']>;

export function createLimiters(app: FastifyInstance, limits: Readonly<Config['rateLimits']>): Limiters {
  if (!limits.enabled) return { create: [], report: [], manage: [] };
  const perIp = (name: string, max: number, timeWindow: number): Check =>
    app.createRateLimit({ max, timeWindow, keyGenerator: (request: FastifyRequest) => `${name}:${request.ip}` });
  const global = (name: string, max: number, timeWindow: number): Check =>
    app.createRateLimit({ max, timeWindow, keyGenerator: () => name });
  return {
    // Per-IP limits first, so one abuser's refused requests do not use up the global ceiling.
    create: [
      chain([
        perIp('create-minute', limits.createPerMinute, MINUTE),
        perIp('create-day', limits.createPerDay, 24 * 60 * MINUTE),
        global('create-global', limits.createGlobalPerMinute, MINUTE),
      ]),
    ],
    report: [chain([perIp('report-hour', limits.reportPerHour, 60 * MINUTE)])],
    manage: [chain([perIp('manage-minute', limits.managePerMinute, MINUTE)])],
  };
}

/** One hook that counts the request against each limit in turn; the first one exceeded refuses it. */
function chain(checks: Check[]): onRequestAsyncHookHandler {
  return async (request) => {
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new AppError('rate_limited', 429, { headers: { 'retry-after': String(Math.max(1, result.ttlInSeconds)) } });
      }
    }
  };
}
