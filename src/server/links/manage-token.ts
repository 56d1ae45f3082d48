// Manage tokens: 256 random bits shown once to the creator; only a SHA-256 hash is stored,
// compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { looksLikeApiKey } from '../keys/api-key-secret.js';

export function createManageToken(): string {
  // A bearer token that starts like an API key is taken for one (keys/api-key-auth.ts); about
  // one token in 17 million would, so such a token is drawn again.
  for (;;) {
    const token = randomBytes(32).toString('base64url');
    if (!looksLikeApiKey(token)) return token;
  }
}

export function hashManageToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function manageTokenMatches(token: string, storedHash: string): boolean {
  const candidate = Buffer.from(hashManageToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}
