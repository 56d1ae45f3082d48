import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { CreateLinkRequest } from '../../shared/api.js';
import type { LinkService } from './link-service.js';

const createLinkSchema = {
  body: {
    type: 'object',
    required: ['url'],
    additionalProperties: false,
    properties: {
      url: { type: 'string' },
      alias: { type: 'string' },
    },
  },
} as const;

export function registerLinkRoutes(app: FastifyInstance, links: LinkService, limit: onRequestAsyncHookHandler[]): void {
  app.post<{ Body: CreateLinkRequest }>('/api/links', { schema: createLinkSchema, onRequest: limit }, async (request, reply) => {
    const created = await links.createLink(request.body);
    return reply.code(201).header('cache-control', 'no-store').send(created);
  });
}
