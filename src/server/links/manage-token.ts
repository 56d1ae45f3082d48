// Manage tokens: 256 random bits shown once to the creator; only a SHA-256 hash is stored,
// compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function createManageToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashManageToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function manageTokenMatches(token: string, storedHash: string): boolean {
  const candidate = Buffer.from(hashManageToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}
