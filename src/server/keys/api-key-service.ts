// API keys: issued and revoked by the operator (npm run admin -- keys …), checked on each API
// request that carries one. One service for every caller (the CLI, the API), so a key behaves the
// same whichever way it was made.
import type { Clock } from '../calendar.js';
import { AppError } from '../errors.js';
import { type ApiKeyRepository, type StoredApiKey } from './api-key-repository.js';
import { secretMatches } from '../secret-hash.js';
import { createApiKeySecret, parseApiKey } from './api-key-secret.js';

export { API_KEY_NAME_MAX } from '../../shared/admin-api.js';

/** The key a request was made with: what routes need to know of it. */
export interface ApiKeyPrincipal {
  id: number;
  name: string;
  /** Requests per minute allowed to this key. */
  perMinute: number;
}

export interface IssuedApiKey {
  id: number;
  name: string;
  /** The whole key: shown once, never stored. */
  key: string;
  perMinute: number | null;
  createdAt: string;
}

export interface ApiKeyServiceDeps {
  keys: ApiKeyRepository;
  clock: Clock;
  /** Requests per minute of a key created without its own figure. */
  defaultPerMinute: number;
}

export function createApiKeyService(deps: ApiKeyServiceDeps) {
  return {
    defaultPerMinute: deps.defaultPerMinute,

    async create(name: string, perMinute: number | null): Promise<IssuedApiKey> {
      const secret = createApiKeySecret();
      const createdAt = new Date(deps.clock()).toISOString();
      const id = await deps.keys.insert({ publicId: secret.publicId, secretHash: secret.secretHash, name, perMinute, createdAt });
      return { id, name, key: secret.key, perMinute, createdAt };
    },

    list: deps.keys.list,

    /** 'revoked', 'already' (it was) or 'not_found'. */
    async revoke(id: number): Promise<'revoked' | 'already' | 'not_found'> {
      if (await deps.keys.revoke(id, new Date(deps.clock()).toISOString())) return 'revoked';
      return (await deps.keys.findById(id)) === undefined ? 'not_found' : 'already';
    },

    /**
     * The key of an `Authorization: Bearer` token meant as one; a malformed, unknown or revoked
     * key is refused with 401 (never treated as no key at all).
     */
    async authenticate(token: string): Promise<ApiKeyPrincipal> {
      const parsed = parseApiKey(token);
      const stored: StoredApiKey | undefined = parsed === undefined ? undefined : await deps.keys.findByPublicId(parsed.publicId);
      if (parsed === undefined || stored === undefined || !secretMatches(parsed.secret, stored.secretHash) || stored.revokedAt !== null) {
        throw new AppError('invalid_api_key', 401, { headers: { 'www-authenticate': 'Bearer' } });
      }
      return { id: stored.id, name: stored.name, perMinute: stored.perMinute ?? deps.defaultPerMinute };
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
