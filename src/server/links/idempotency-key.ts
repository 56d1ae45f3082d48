// A creation's Idempotency-Key: a random value the client sends with POST /api/links and sends
// again, unchanged, when the answer never came (the connection dropped after the server stored
// the link). Without it the retry of a custom alias got "alias já em uso" and the creator never
// saw the manage token: the link was theirs and they could not manage it.
//
// Nothing about the key is stored. The link's manage token is derived from it, so a retry can
// prove it is the same creation by deriving the same token (whose hash the link row already
// holds), and be answered the same link and token. A creation without a custom alias also
// draws its first alias from the key, so its retry finds the link it made. Knowing the key is
// knowing the token: the key is a secret of the same weight, never logged, and a client uses a
// fresh random one for every creation (a UUID v4, or 16+ random bytes).
import { createHash } from 'node:crypto';
import { isReservedAlias, RANDOM_ALIAS_LENGTH } from '../../shared/alias-rules.js';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_MIN } from '../../shared/api-limits.js';
import { looksLikeApiKey } from '../keys/api-key-secret.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * Visible ASCII without quotes or spaces, 22 (128 random bits in base64url) to 255 characters.
 * The IETF draft's form is a structured-field string ("…", quoted); the quotes are taken off.
 */
const KEY_PATTERN = new RegExp(`^[!#-~]{${IDEMPOTENCY_KEY_MIN},${IDEMPOTENCY_KEY_MAX}}$`);

/** The header's key; undefined without one; 'invalid' when it is sent but unusable. */
export function readIdempotencyKey(header: string | string[] | undefined): string | 'invalid' | undefined {
  if (header === undefined) return undefined;
  if (Array.isArray(header)) return 'invalid';
  const raw = header.trim();
  const key = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  return KEY_PATTERN.test(key) ? key : 'invalid';
}

function digest(purpose: string, key: string, round: number): Buffer {
  return createHash('sha256').update(`encurta.br ${purpose} ${round}\n${key}`, 'utf8').digest();
}

/** The manage token of the link created with this key: 256 bits, like a drawn one, never shaped like an API key. */
export function manageTokenForKey(key: string): string {
  for (let round = 0; ; round++) {
    const token = digest('manage-token', key, round).toString('base64url');
    if (!looksLikeApiKey(token)) return token;
  }
}

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** The first alias a creation with this key and no custom alias tries: random-looking, as randomAlias, never reserved. */
export function aliasForKey(key: string): string {
  for (let round = 0; ; round++) {
    const bytes = digest('alias', key, round);
    let alias = '';
    // One byte per character: the bias of 256 mod 36 is irrelevant for a first candidate.
    for (let i = 0; i < RANDOM_ALIAS_LENGTH; i++) alias += ALPHABET[(bytes[i] ?? 0) % ALPHABET.length];
    if (!isReservedAlias(alias)) return alias;
  }
}
