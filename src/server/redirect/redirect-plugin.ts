// The redirect feature: GET /:alias at the root (no hooks: it is the hot path), and what keeps
// its memory right while the server runs: the click buffer's flushes, the link cache warm-up,
// the blocklist refresh and the cache invalidation listener.
import type { FastifyInstance } from 'fastify';
import { createPasswordAttemptLimit } from '../abuse/rate-limits.js';
import { isStoreUnavailable } from '../db/dialect.js';
import { verifyLinkPassword } from '../links/link-password.js';
import { errorKind } from '../ops/error-log-throttle.js';
import type { Services } from '../services.js';
import { registerRedirectRoutes } from './redirect-routes.js';

export function registerRedirect(app: FastifyInstance, services: Services): void {
  const { config, metrics, errorLog, blocklist, clicks, warmer, invalidation } = services;
  registerRedirectRoutes(app, {
    resolver: services.resolver,
    clicks,
    isCrawler: services.isCrawler,
    ...(services.visitorInsights === undefined ? {} : { insights: services.visitorInsights }),
    siteName: config.site.siteName,
    publicUrl: config.publicUrl,
    renderNotFound: services.pages.renderNotFound,
    headers: services.pages.headers,
    metadata: services.metadata,
    isBlockedUrl: blocklist.isBlockedUrl,
    outcomes: metrics.redirectOutcomes,
    options: {
      now: services.clock,
      takeVisit: services.linkRepository.takeVisit,
      visitsLeft: services.linkRepository.visitsLeft,
      verifyPassword: verifyLinkPassword,
      passwordAttempts: (scope) => createPasswordAttemptLimit(scope, { store: services.store.rateLimitStore(services.clock), ipv6Prefix: config.rateLimits.ipv6Prefix }),
      renderGate: services.pages.renderLinkGate,
    },
    onStoreError: (error) => {
      metrics.databaseErrors.inc();
      if (isStoreUnavailable(error)) return;
      errorLog.error(app.log, errorKind(error), { err: error }, 'alias lookup failed');
    },
  });

  app.addHook('onReady', async () => {
    // Before the first request: blocked domains known, other instances' invalidations heard.
    await blocklist.refresh();
    await invalidation.start();
    blocklist.start();
    clicks.start();
    // The cache fills from the store in the background (requests are served meanwhile).
    if (config.linkCache.warm) {
      warmer.start();
      void warmer.done().then((result) => result && app.log.info(result, 'link cache warmed'));
    }
  });
  // Fastify's close stops accepting first; then the buffered clicks are written.
  app.addHook('onClose', async () => {
    await warmer.stop();
    blocklist.stop();
    await clicks.stop();
    await invalidation.stop();
  });
}
