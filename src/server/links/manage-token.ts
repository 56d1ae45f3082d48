// Manage tokens: 256 random bits shown once to the creator; only a SHA-256 hash is stored,
// compared in constant time (secret-hash.ts).
import { randomBytes } from 'node:crypto';
import { looksLikeApiKey } from '../keys/api-key-secret.js';
import { hashSecret, secretMatches } from '../secret-hash.js';

export function createManageToken(): string {
  // A bearer token that starts like an API key is taken for one (keys/api-key-auth.ts); about
  // one token in 17 million would, so such a token is drawn again.
  for (;;) {
    const token = randomBytes(32).toString('base64url');
    if (!looksLikeApiKey(token)) return token;
  }
}

export const hashManageToken = hashSecret;
export const manageTokenMatches = secretMatches;
