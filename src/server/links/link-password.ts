// A link's password: a slow salted hash (src/server/password-hash.ts), with the cost chosen for
// links.
import { createHashQueue, hashPassword, type ScryptCost, verifyPassword } from '../password-hash.js';

/** N = 2^15, r = 8, p = 1: ~32 MB and some tens of ms per hash; OWASP's scrypt minimum is 2^17 with r = 8 — kept lower, and attempts are limited per client and link. */
export const LINK_PASSWORD_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };

// scrypt runs on libuv's pool of 4 threads, which visitors' password checks share (and DNS
// lookups, file reads). A bulk creation of a thousand protected links queued a thousand hashes
// at once, and every visitor's check waited a minute behind them: creations hash 2 at a time.
const creationHashes = createHashQueue(2, Infinity);

/** Creation hashes running and waiting now (for tests). */
export const creationHashLoad = creationHashes.load;

/** `scrypt$N$r$p$salt$key` (salt and key base64url); `cost` lowered by tests only (password-hash.ts, PasswordCosts). */
export const hashLinkPassword = (password: string, cost: ScryptCost = LINK_PASSWORD_COST): Promise<string> =>
  creationHashes.run(() => hashPassword(password, cost));

/**
 * Visitors' checks run 2 at a time as well, and at most 32 wait: unbounded, 100 wrong guesses
 * sent at once (one address, 10 at each of 10 of its own links) held every other visitor's right
 * password for 10.6 s (measured).
 */
const verifications = createHashQueue(2, 32);

/** Whether `password` matches the stored hash; a malformed hash matches nothing. Rejects with PasswordChecksBusy when too many checks wait. */
export const verifyLinkPassword = (password: string, hash: string): Promise<boolean> => verifications.admit(() => verifyPassword(password, hash));
