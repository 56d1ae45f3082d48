// Liveness, readiness and metrics for operators and load balancers.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { sql } from 'kysely';
import type { Store } from '../db/store.js';
import { AppError } from '../errors.js';
import type { Metrics } from './metrics.js';
import type { WriteHealth } from './write-health.js';
import { withTimeout } from './with-timeout.js';

const READY_TIMEOUT_MS = 1000;

export function registerOpsRoutes(
  app: FastifyInstance,
  deps: {
    store: Store;
    metrics: Metrics;
    metricsAccess: { token: string | undefined; allow: readonly string[] };
    writes: Pick<WriteHealth, 'healthy'>;
  },
): void {
  const allowed = deps.metricsAccess.allow.map((cidr) => ipaddr.parseCIDR(cidr.includes('/') ? cidr : `${cidr}/${cidr.includes(':') ? 128 : 32}`));

  // The process is up and answering.
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  // The process can serve: the store answers within a second, and its latest write (a click
  // flush, a creation, a deletion, a report) did not fail recently (see write-health.ts).
  app.get('/readyz', async (_request, reply) => {
    const unavailable = (reason: 'store_unreachable' | 'writes_failing') =>
      reply.code(503).header('cache-control', 'no-store').send({ status: 'unavailable', reason });
    try {
      await withTimeout(sql`select 1`.execute(deps.store.db), READY_TIMEOUT_MS);
    } catch {
      return unavailable('store_unreachable');
    }
    if (!deps.writes.healthy()) return unavailable('writes_failing');
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });

  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request, allowed, deps.metricsAccess.token)) throw new AppError('metrics_forbidden', 403);
    return reply.header('content-type', deps.metrics.registry.contentType).header('cache-control', 'no-store').send(await deps.metrics.registry.metrics());
  });
}

function mayReadMetrics(request: FastifyRequest, allowed: [ipaddr.IPv4 | ipaddr.IPv6, number][], token: string | undefined): boolean {
  if (token !== undefined) {
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (given !== undefined && given.length === token.length && timingSafeEqual(Buffer.from(given), Buffer.from(token))) return true;
  }
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(request.ip);
  } catch {
    return false;
  }
  return allowed.some(([range, bits]) => inRange(address, range, bits));
}

function inRange(address: ipaddr.IPv4 | ipaddr.IPv6, range: ipaddr.IPv4 | ipaddr.IPv6, bits: number): boolean {
  if (address instanceof ipaddr.IPv4 && range instanceof ipaddr.IPv4) return address.match(range, bits);
  if (address instanceof ipaddr.IPv6 && range instanceof ipaddr.IPv6) return address.match(range, bits);
  return false;
}
