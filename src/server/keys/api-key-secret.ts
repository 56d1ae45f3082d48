// The shape of an API key: `ebr_<public id>_<secret>`. The prefix makes a leaked key easy to
// recognise (secret scanners, logs); the public id (64 random bits, hex) finds the key's row
// without revealing anything; the secret (256 random bits, base64url) is stored only as its
// SHA-256 and compared in constant time (secret-hash.ts).
import { randomBytes } from 'node:crypto';
import { hashSecret } from '../secret-hash.js';

export const API_KEY_PREFIX = 'ebr_';
const KEY_PATTERN = /^ebr_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export interface NewApiKeySecret {
  /** The whole key, shown once to the operator. */
  key: string;
  publicId: string;
  secretHash: string;
}

export function createApiKeySecret(): NewApiKeySecret {
  const publicId = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { key: `${API_KEY_PREFIX}${publicId}_${secret}`, publicId, secretHash: hashSecret(secret) };
}

/** True when a bearer token is meant as an API key (it starts with the prefix), well-formed or not. */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** The key's public id and secret, or undefined when it is not a well-formed key. */
export function parseApiKey(token: string): { publicId: string; secret: string } | undefined {
  const match = KEY_PATTERN.exec(token);
  if (match === null) return undefined;
  return { publicId: match[1] ?? '', secret: match[2] ?? '' };
}
