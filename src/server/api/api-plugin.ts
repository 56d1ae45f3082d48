// The JSON API under /api (and the pages' forms sent without JavaScript, POST / and
// POST /denunciar, which share its limits): creating links
// (one or in bulk), a key's listing, the owner's view, insights and deletion, the home statistics,
// reports and the OpenAPI document; it also runs the expiry of old insight counters. Its scope carries the API's
// security headers, request counting and the rate limits (counted in the store adapter's
// rate-limit store, so they hold across instances).
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../shared/routes.js';
import { createLimiters } from '../abuse/rate-limits.js';
import { AppError } from '../errors.js';
import { registerReportRoutes } from '../abuse/report-routes.js';
import { registerLinkRoutes } from '../links/link-routes.js';
import { registerManageRoutes } from '../links/manage-routes.js';
import { authenticateApiKeys } from '../keys/api-key-auth.js';
import { registerOpenApiRoute } from './openapi.js';
import { countRequests } from '../ops/metrics.js';
import type { Services } from '../services.js';
import { registerStatsRoutes } from '../stats/stats-routes.js';
import { registerHomeFormRoute } from '../web/home-form-route.js';
import { registerReportFormRoute } from '../web/report-form-route.js';
import { sendHeaders } from '../web/security-headers.js';

export async function apiPlugin(api: FastifyInstance, services: Services): Promise<void> {
  const { config, metrics } = services;
  sendHeaders(api, services.pages.headers.api);
  countRequests(api, metrics);

  const rateLimitStore = services.store.rateLimitStore(services.clock);
  await api.register(rateLimit, {
    global: false,
    ...(rateLimitStore === undefined ? {} : { store: rateLimitStore }),
    // A store outage must not turn into refusals: the request goes on (and meets the 503).
    skipOnError: true,
  });
  const limiters = createLimiters(api, config.rateLimits);
  // Before the routes' limits: they count a keyed request per key, an anonymous one per address.
  authenticateApiKeys(api, services.apiKeys, limiters.refuseBadKeyFlood);

  registerLinkRoutes(api, { links: services.links, owner: services.owner }, { perClient: limiters.create, perKey: limiters.perKey, admit: limiters.admitCreation });
  // The home form without JavaScript creates links too, so it lives under the same limiters.
  await registerHomeFormRoute(api, { publicUrl: config.publicUrl, links: services.links, pages: services.pages, limits: { perClient: limiters.create, admit: limiters.admitCreation } });
  registerStatsRoutes(api, services.stats);
  registerManageRoutes(api, { owner: services.owner, insights: services.insights }, [...limiters.manage, ...limiters.perKey]);
  registerOpenApiRoute(api);
  // The API's root takes GET only (it sends a browser to /api/docs). POST /api would otherwise be
  // the short link's password form (POST /:alias) of the reserved alias `api`, answered with the
  // HTML 404 page: a program gets the API's 405, as on any API path (app.ts's 404 handler).
  api.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: API_PREFIX,
    schema: { hide: true },
    handler: async () => {
      throw new AppError('method_not_allowed', 405, { headers: { allow: 'GET, HEAD' } });
    },
  });
  const reportDeps = { reports: services.reports, links: services.linkRepository, clock: services.clock, attempts: limiters.reportAttempts, admit: limiters.admitReport };
  registerReportRoutes(api, reportDeps);
  // The report form without JavaScript stores reports too: the same checks and limits.
  await registerReportFormRoute(api, { publicUrl: config.publicUrl, report: reportDeps, pages: services.pages });

  // Old insight counters go whether or not breakdowns are on (INSIGHTS=false stops new ones,
  // not the expiry of those already kept).
  api.addHook('onReady', async () => {
    services.insightsRetention.start();
    services.hostKeyCatchUp.start();
  });
  api.addHook('onClose', async () => {
    await services.insightsRetention.stop();
    await services.hostKeyCatchUp.stop();
  });
}
