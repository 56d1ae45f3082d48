// Creating links (anonymously or with an API key), creating them in bulk and listing a key's
// links. The per-address limits apply to anonymous use; a request with a key is limited per key
// instead (rate-limits.ts) and skips the site-wide creation budget, which is there against
// anonymous floods.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { BulkCreateRequest, BulkCreateResponse, CreateLinkRequest, CreateLinkResponse, LinkListResponse } from '../../shared/api.js';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../../shared/api-limits.js';
import { bulkCreateSchema, createLinkSchema, listLinksSchema } from '../api/api-schemas.js';
import { AppError } from '../errors.js';
import type { ApiKeyPrincipal } from '../keys/api-key-service.js';
import { createInBulk } from './bulk-create.js';
import { IDEMPOTENCY_HEADER, readIdempotencyKey } from './idempotency-key.js';
import type { LinkOwnerService } from './link-owner-service.js';
import type { LinkService } from './link-service.js';

/** 1,000 links with long URLs and every option fit; more is refused with 413. */
export const BULK_BODY_LIMIT = 5 * 1024 * 1024;

export interface LinkRouteLimits {
  /** Per address (anonymous requests; they let keyed ones through). */
  perClient: onRequestAsyncHookHandler[];
  /** Per key (keyed requests; they let anonymous ones through). */
  perKey: onRequestAsyncHookHandler[];
  admit: (request: FastifyRequest) => Promise<void>;
}

/** The request's API key, or 401 api_key_required. */
function requireApiKey(request: FastifyRequest): ApiKeyPrincipal {
  if (request.apiKey === null) throw new AppError('api_key_required', 401, { headers: { 'www-authenticate': 'Bearer' } });
  return request.apiKey;
}

/**
 * The same check as a route's first hook (the scope's has set `request.apiKey` by then): a
 * request without a key is answered 401 before its body is read or its input validated, so
 * an anonymous caller learns nothing from the validation and never uploads 5 MB for nothing.
 */
const keyRequired: onRequestAsyncHookHandler = async (request) => {
  requireApiKey(request);
};

export function registerLinkRoutes(app: FastifyInstance, deps: { links: LinkService; owner: LinkOwnerService }, limits: LinkRouteLimits): void {
  const { links, owner } = deps;

  app.post<{ Body: CreateLinkRequest; Reply: CreateLinkResponse }>(
    '/api/links',
    { schema: createLinkSchema, onRequest: [...limits.perClient, ...limits.perKey] },
    async (request, reply) => {
      const key = request.apiKey;
      const idempotencyKey = readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
      if (idempotencyKey === 'invalid') throw new AppError('invalid_idempotency_key', 400);
      const { link, replayed } = await links.createOnce(request.body, {
        ...(key === null ? { admit: () => limits.admit(request) } : { apiKeyId: key.id }),
        ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
      });
      // Stripe's header for an answer given again: the same status and body as the first time.
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).header('cache-control', 'no-store').send(link);
    },
  );

  app.post<{ Body: BulkCreateRequest; Reply: BulkCreateResponse }>(
    '/api/links/bulk',
    { schema: bulkCreateSchema, bodyLimit: BULK_BODY_LIMIT, onRequest: [keyRequired, ...limits.perKey] },
    async (request, reply) => {
      const key = requireApiKey(request);
      const idempotencyKey = readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
      if (idempotencyKey === 'invalid') throw new AppError('invalid_idempotency_key', 400);
      const results = await createInBulk(
        request.body.links,
        key.id,
        { links, onServerError: (error) => request.log.error({ err: error }, 'bulk creation: items failed') },
        idempotencyKey,
      );
      return reply.header('cache-control', 'no-store').send({ results });
    },
  );

  app.get<{ Querystring: { limit?: string; cursor?: string }; Reply: LinkListResponse }>(
    '/api/links',
    { schema: listLinksSchema, onRequest: [keyRequired, ...limits.perKey] },
    async (request, reply) => {
      const key = requireApiKey(request);
      const limit = Number(request.query.limit ?? LIST_DEFAULT_LIMIT);
      if (!Number.isInteger(limit) || limit < 1 || limit > LIST_MAX_LIMIT) throw new AppError('invalid_limit', 400);
      return reply.header('cache-control', 'no-store').send(await owner.listForApiKey(key.id, limit, request.query.cursor));
    },
  );
}
