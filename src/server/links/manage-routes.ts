// Routes that need the link's manage token (Authorization: Bearer <token>), rate-limited
// per client IP so tokens cannot be tried at speed; or the API key that created the link,
// limited per key.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { LinkInsights, LinkOwnerView } from '../../shared/api.js';
import { DEFAULT_INSIGHT_RANGE, type InsightRange } from '../../shared/insights.js';
import { deleteLinkSchema, insightsSchema, ownerViewSchema } from '../api/api-schemas.js';
import { bearerToken } from '../keys/api-key-auth.js';
import type { InsightsService } from '../insights/insights-service.js';
import type { LinkOwnerService, OwnerCredential } from './link-owner-service.js';

export interface ManageRouteServices {
  owner: LinkOwnerService;
  insights: InsightsService;
}

export function registerManageRoutes(app: FastifyInstance, { owner, insights }: ManageRouteServices, limit: onRequestAsyncHookHandler[]): void {
  const serialised = new WeakMap<LinkInsights, string>();
  app.get<{ Params: { alias: string }; Reply: LinkOwnerView }>(
    '/api/links/:alias',
    { schema: ownerViewSchema, onRequest: limit },
    async (request, reply) => {
      const view = await owner.getOwnerView(request.params.alias, credentialOf(request));
      return reply.header('cache-control', 'no-store').send(view);
    },
  );

  app.delete<{ Params: { alias: string } }>(
    '/api/links/:alias',
    { schema: deleteLinkSchema, onRequest: limit },
    async (request, reply) => {
      await owner.deleteLink(request.params.alias, credentialOf(request));
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );

  app.get<{ Params: { alias: string }; Querystring: { days?: string }; Reply: LinkInsights | string }>(
    '/api/links/:alias/insights',
    { schema: insightsSchema, onRequest: limit },
    async (request, reply) => {
      // The schema let through only one of INSIGHT_RANGES (or nothing: its default).
      const days = Number(request.query.days ?? DEFAULT_INSIGHT_RANGE) as InsightRange;
      const view = await insights.getInsights(request.params.alias, credentialOf(request), days);
      // A kept answer (insights-cache.ts) is the same object each time: serialised once, by the
      // route's schema (a busy link's 90 days took ~0.3 ms to serialise, for every read).
      let body = serialised.get(view);
      if (body === undefined) serialised.set(view, (body = reply.serialize(view) as string));
      return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
    },
  );
}

/** The API key the request was made with (it opens the links it created), else its bearer token. */
function credentialOf(request: FastifyRequest): OwnerCredential {
  return request.apiKey === null ? bearerToken(request) : { apiKeyId: request.apiKey.id };
}
