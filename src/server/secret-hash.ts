// Random secrets handed out once (a link's manage token, an API key's secret): only their
// SHA-256 is stored, and a presented secret is compared with it in constant time. A fast hash
// is right here: the secrets are 256 random bits, not passwords a person chose.
import { createHash, timingSafeEqual } from 'node:crypto';

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const candidate = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}
