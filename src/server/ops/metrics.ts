// Prometheus metrics. The redirect path only increments counters (no per-request hook on it);
// ratios and gauges are computed when /metrics is scraped.
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export type RedirectOutcome =
  | 'redirect'
  | 'preview'
  | 'not_found'
  | 'blocked'
  | 'unavailable'
  | 'expired'
  | 'password_asked'
  | 'password_wrong'
  | 'password_limited'
  | 'speculative_declined';

export interface Metrics {
  registry: Registry;
  requests: Counter<'route' | 'status'>;
  redirects: Counter<'outcome'>;
  /** One child counter per redirect outcome, taken once: a label lookup per request showed in the profile. */
  redirectOutcomes: Record<RedirectOutcome, { inc(): void }>;
  /** Counts a request other than the redirect, by route pattern and status. */
  countRequest(route: string | undefined, status: number): void;
  cacheHits: Counter;
  cacheMisses: Counter;
  clicksRecorded: Counter;
  clicksFlushed: Counter;
  clicksDropped: Counter;
  flushDuration: Histogram;
  flushFailures: Counter;
  insightsVisitsDropped: Counter;
  insightsWriteFailures: Counter;
  databaseErrors: Counter;
  /** Pages sent as the app's shell because the render budget was spent (web/render-budget.ts). */
  pageRendersDeferred: Counter;
  /** Insights reads by how they were answered: kept answer, query, or refused by the read budget. */
  insightsReads: Counter<'outcome'>;
}

/** What the gauges read when /metrics is scraped. */
export interface GaugeSources {
  pendingClicks(): number;
  linkCache(): { entries: number; bytesUsed: number; warming: boolean };
}

export function createMetrics(sources: GaugeSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'shortener_' });
  const cacheHits = new Counter({ name: 'shortener_link_cache_hits_total', help: 'Alias lookups answered from the in-process cache', registers: [registry] });
  const cacheMisses = new Counter({ name: 'shortener_link_cache_misses_total', help: 'Alias lookups that went to the store', registers: [registry] });
  new Gauge({
    name: 'shortener_link_cache_hit_ratio',
    help: 'Share of alias lookups answered from the cache since start',
    registers: [registry],
    async collect() {
      const hits = (await cacheHits.get()).values[0]?.value ?? 0;
      const misses = (await cacheMisses.get()).values[0]?.value ?? 0;
      this.set(hits + misses === 0 ? 0 : hits / (hits + misses));
    },
  });
  new Gauge({
    name: 'shortener_clicks_pending',
    help: 'Clicks counted in memory, not yet written to the store',
    registers: [registry],
    collect() {
      this.set(sources.pendingClicks());
    },
  });
  new Gauge({
    name: 'shortener_link_cache_entries',
    help: 'Aliases held in the link cache (links and recently asked unknown aliases)',
    registers: [registry],
    collect() {
      this.set(sources.linkCache().entries);
    },
  });
  new Gauge({
    name: 'shortener_link_cache_bytes',
    help: 'Bytes of the link cache arena in use (LINK_CACHE_MB is its ceiling)',
    registers: [registry],
    collect() {
      this.set(sources.linkCache().bytesUsed);
    },
  });
  new Gauge({
    name: 'shortener_link_cache_warming',
    help: '1 while the link cache is being filled from the store after start',
    registers: [registry],
    collect() {
      this.set(sources.linkCache().warming ? 1 : 0);
    },
  });
  const requests = new Counter({ name: 'shortener_http_requests_total', help: 'Requests other than GET /:alias, by route and status', labelNames: ['route', 'status'], registers: [registry] });
  const redirects = new Counter({ name: 'shortener_redirect_requests_total', help: 'GET/HEAD /:alias by outcome', labelNames: ['outcome'], registers: [registry] });
  return {
    registry,
    cacheHits,
    cacheMisses,
    requests,
    redirects,
    redirectOutcomes: {
      redirect: redirects.labels('redirect'),
      preview: redirects.labels('preview'),
      not_found: redirects.labels('not_found'),
      blocked: redirects.labels('blocked'),
      unavailable: redirects.labels('unavailable'),
      expired: redirects.labels('expired'),
      password_asked: redirects.labels('password_asked'),
      password_wrong: redirects.labels('password_wrong'),
      password_limited: redirects.labels('password_limited'),
      speculative_declined: redirects.labels('speculative_declined'),
    },
    countRequest: (route, status) => requests.inc({ route: route ?? 'unknown', status: String(status) }),
    clicksRecorded: new Counter({ name: 'shortener_clicks_recorded_total', help: 'Clicks counted on redirects', registers: [registry] }),
    clicksFlushed: new Counter({ name: 'shortener_clicks_flushed_total', help: 'Clicks written to the store', registers: [registry] }),
    clicksDropped: new Counter({ name: 'shortener_clicks_dropped_total', help: 'Clicks dropped because the in-memory buffer was full (store down)', registers: [registry] }),
    flushDuration: new Histogram({
      name: 'shortener_click_flush_duration_seconds',
      help: 'Time to write one batch of clicks',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    flushFailures: new Counter({ name: 'shortener_click_flush_failures_total', help: 'Click writes that failed (clicks kept for the next try)', registers: [registry] }),
    insightsVisitsDropped: new Counter({
      name: 'shortener_click_insights_dropped_total',
      help: 'Counted clicks left out of the breakdowns (visit log or writer window full while writes stalled)',
      registers: [registry],
    }),
    insightsWriteFailures: new Counter({ name: 'shortener_click_insights_write_failures_total', help: 'Breakdown writes that failed (kept for the next try), and writer-thread stops (the breakdowns they held lost)', registers: [registry] }),
    databaseErrors: new Counter({ name: 'shortener_database_errors_total', help: 'Requests that failed because the store could not be reached or written', registers: [registry] }),
    pageRendersDeferred: new Counter({
      name: 'shortener_page_renders_deferred_total',
      help: 'Pages sent as the app shell (rendered in the browser), or a form answer sent as a plain page, because PAGE_RENDERS_PER_SECOND was spent',
      registers: [registry],
    }),
    insightsReads: new Counter({
      name: 'shortener_insights_reads_total',
      help: 'Insights answers by outcome: cached (kept until the link\'s counters are written), computed (queried), refused (INSIGHTS_READ_ROWS_PER_SECOND spent: 503)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
  };
}

/** Counts every response of the scope by route pattern and status (the redirect's scope has no hook: it counts outcomes). */
export function countRequests(scope: FastifyInstance, metrics: Pick<Metrics, 'countRequest'>): void {
  scope.addHook('onResponse', async (request, reply) => metrics.countRequest(request.routeOptions.url, reply.statusCode));
}
