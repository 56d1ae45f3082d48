// Routes that need the link's manage token (Authorization: Bearer <token>), rate-limited
// per client IP so tokens cannot be tried at speed.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { LinkOwnerView } from '../../shared/api.js';
import type { LinkOwnerService } from './link-owner-service.js';

const aliasParams = {
  params: {
    type: 'object',
    required: ['alias'],
    additionalProperties: false,
    properties: { alias: { type: 'string', maxLength: 200 } },
  },
} as const;

export function registerManageRoutes(app: FastifyInstance, owner: LinkOwnerService, limit: onRequestAsyncHookHandler[]): void {
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
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S{1,200})\s*$/i.exec(header);
  return match?.[1];
}
