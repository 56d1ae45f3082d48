import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { CreateLinkRequest, CreateLinkResponse } from '../../shared/api.js';
import type { LinkService } from './link-service.js';

const createLinkSchema = {
  body: {
    type: 'object',
    required: ['url'],
    additionalProperties: false,
    properties: {
      url: { type: 'string' },
      alias: { type: 'string' },
      // Any JSON value: checkLinkOptions answers each bad one with its own code and message.
      expiresAt: {},
      maxClicks: {},
      password: {},
      iosUrl: {},
      androidUrl: {},
    },
  },
} as const;

export function registerLinkRoutes(
  app: FastifyInstance,
  links: LinkService,
  limits: { perClient: onRequestAsyncHookHandler[]; admit: (request: FastifyRequest) => Promise<void> },
): void {
  app.post<{ Body: CreateLinkRequest; Reply: CreateLinkResponse }>('/api/links', { schema: createLinkSchema, onRequest: limits.perClient }, async (request, reply) => {
    const created = await links.createLink(request.body, { admit: () => limits.admit(request) });
    return reply.code(201).header('cache-control', 'no-store').send(created);
  });
}
