// Routes that need the link's manage token (Authorization: Bearer <token>), rate-limited
// per client IP so tokens cannot be tried at speed.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { LinkInsights, LinkOwnerView } from '../../shared/api.js';
import { DEFAULT_INSIGHT_RANGE, INSIGHT_RANGES, type InsightRange } from '../../shared/insights.js';
import type { InsightsService } from '../insights/insights-service.js';
import type { LinkOwnerService } from './link-owner-service.js';

const aliasParams = {
  params: {
    type: 'object',
    required: ['alias'],
    additionalProperties: false,
    properties: { alias: { type: 'string', maxLength: 200 } },
  },
} as const;

// Ajv does not coerce types here (app.ts), so ?days= arrives as the string it was sent as; a
// repeated parameter arrives as an array and fails `type`. Either failure names the field
// `days`, which http-errors.ts answers as invalid_days. Other parameters are refused
// (unknown_field), as unknown body fields are.
const insightsSchema = {
  ...aliasParams,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      days: { type: 'string', enum: INSIGHT_RANGES.map(String), default: String(DEFAULT_INSIGHT_RANGE) },
    },
  },
} as const;

export interface ManageRouteServices {
  owner: LinkOwnerService;
  insights: InsightsService;
}

export function registerManageRoutes(app: FastifyInstance, { owner, insights }: ManageRouteServices, limit: onRequestAsyncHookHandler[]): void {
  app.get<{ Params: { alias: string }; Reply: LinkOwnerView }>(
    '/api/links/:alias',
    { schema: aliasParams, onRequest: limit },
    async (request, reply) => {
      const view = await owner.getOwnerView(request.params.alias, bearerToken(request));
      return reply.header('cache-control', 'no-store').send(view);
    },
  );

  app.delete<{ Params: { alias: string } }>(
    '/api/links/:alias',
    { schema: aliasParams, onRequest: limit },
    async (request, reply) => {
      await owner.deleteLink(request.params.alias, bearerToken(request));
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );

  app.get<{ Params: { alias: string }; Querystring: { days?: string }; Reply: LinkInsights }>(
    '/api/links/:alias/insights',
    { schema: insightsSchema, onRequest: limit },
    async (request, reply) => {
      // The schema let through only one of INSIGHT_RANGES (or nothing: its default).
      const days = Number(request.query.days ?? DEFAULT_INSIGHT_RANGE) as InsightRange;
      const view = await insights.getInsights(request.params.alias, bearerToken(request), days);
      return reply.header('cache-control', 'no-store').send(view);
    },
  );
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S{1,200})\s*$/i.exec(header);
  return match?.[1];
}
