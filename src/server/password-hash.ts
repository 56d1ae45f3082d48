// Passwords (a link's, an operator's), stored only as a slow salted hash: Node's scrypt
// (RFC 7914) with a random salt each, compared in constant time. The cost parameters travel in
// the stored string, so they can be raised later without breaking the hashes made before.
import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * The hashes' costs of each kind of password, when not the real ones (operator-service.ts,
 * links/link-password.ts). Only tests lower them: at the real cost a sign-in's check takes
 * ~0.5 s of a CPU and a link password's ~0.15 s, and the suite checks thousands. A stored hash
 * carries its cost, so a check follows whatever cost made it.
 */
export interface PasswordCosts {
  operators?: ScryptCost;
  links?: ScryptCost;
}

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$key` (salt and key base64url). */
export async function hashPassword(password: string, cost: ScryptCost): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches the stored hash; a malformed hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || key === undefined) return false;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every((v) => Number.isInteger(v) && v > 0)) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), cost);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A full check queue's refusal: the caller answers 503, to be tried again in a few seconds. */
export class PasswordChecksBusy extends Error {
  constructor() {
    super('too many password checks waiting');
  }
}

/**
 * How many scrypt runs the whole process allows at once: one CPU fewer than it has, so the main
 * thread (every redirect) always keeps one. Each queue below also limits its own kind, but
 * three kinds (links' checks, links' creations, the console's sign-ins), two at a time each,
 * ran six on libuv's four threads: on two CPUs a handful of requests a second of all three took
 * redirects from ~11,700 to 1,900–2,800 a second (an audit), and it lasted while the queues
 * drained.
 */
export const SCRYPT_AT_ONCE = Math.max(1, availableParallelism() - 1);
const scryptSlots = pLimit(SCRYPT_AT_ONCE);

/**
 * Slow hashes `concurrency` at a time, each also taking one of the process's scrypt slots
 * (`slots`, SCRYPT_AT_ONCE by default; a test passes its own). `admit` also refuses at once,
 * with PasswordChecksBusy, when `maxWaiting` already wait: unbounded, a flood of wrong guesses
 * held a right password behind it for 10–17 s (measured for links and for the console), longer
 * than a person waits. `run` never refuses (creating).
 */
export function createHashQueue(concurrency: number, maxWaiting: number, slots: LimitFunction = scryptSlots) {
  const limit = pLimit(concurrency);
  const gated = <T>(work: () => Promise<T>) => limit(() => slots(work));
  return {
    run: <T>(work: () => Promise<T>): Promise<T> => gated(work),
    admit<T>(work: () => Promise<T>): Promise<T> {
      return limit.pendingCount >= maxWaiting ? Promise.reject(new PasswordChecksBusy()) : gated(work);
    },
    /** Running and waiting now (for tests). */
    load: (): { running: number; waiting: number } => ({ running: limit.activeCount, waiting: limit.pendingCount }),
  };
}
