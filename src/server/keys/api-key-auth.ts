// Which API key a request was made with. `Authorization: Bearer ebr_…` is an API key; any other
// bearer token is left to the routes that take a link's manage token. A key that does not
// authenticate is refused here with 401, before any limit or route runs: a bad key never falls
// back to anonymous use.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { looksLikeApiKey } from './api-key-secret.js';
import type { ApiKeyPrincipal, ApiKeyService } from './api-key-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key the request was made with, or null (anonymous, or a manage token). */
    apiKey: ApiKeyPrincipal | null;
  }
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S{1,200})\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Sets `request.apiKey` on every request of the scope. `onBadKey` runs before a bad key's 401
 * (it may refuse with 429 instead: a client trying keys at speed).
 */
export function authenticateApiKeys(scope: FastifyInstance, keys: ApiKeyService, onBadKey: (request: FastifyRequest) => Promise<void>): void {
  scope.decorateRequest('apiKey', null);
  scope.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    // A header that carries something like a key without being one well-formed `Bearer <token>`
    // (too long, a second word, another scheme) is a bad key too, never anonymous use.
    const meantAsKey = token === undefined ? /(^|\s)ebr_/.test(request.headers.authorization ?? '') : looksLikeApiKey(token);
    if (!meantAsKey) return;
    try {
      request.apiKey = await keys.authenticate(token ?? '');
    } catch (error) {
      if (error instanceof AppError && error.code === 'invalid_api_key') await onBadKey(request);
      throw error;
    }
  });
}
