// scrypt runs on libuv's threads, one CPU each: however many kinds of hashing queue up (links'
// checks and creations, the console's sign-ins), the process runs at most SCRYPT_AT_ONCE at a
// time, one CPU fewer than it has, so the main thread keeps one for the redirects.
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import { describe, expect, it } from 'vitest';
import { createHashQueue, hashPassword, PasswordChecksBusy, SCRYPT_AT_ONCE, verifyPassword } from '../../src/server/password-hash.js';

describe('the process-wide scrypt slots', () => {
  it('leave the main thread one CPU (at least one slot)', () => {
    expect(SCRYPT_AT_ONCE).toBe(Math.max(1, availableParallelism() - 1));
  });

  it('bound the runs of every queue together, each queue still bounding its own kind and its waiting', async () => {
    const slots = pLimit(1);
    const checks = createHashQueue(2, 3, slots);
    const creations = createHashQueue(2, Infinity, slots);
    let running = 0;
    let most = 0;
    const work = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return true;
    };
    const created = Array.from({ length: 6 }, () => creations.run(work));
    // Two start (p-limit starts them on the next microtask), then three wait.
    const admitted = [checks.admit(work), checks.admit(work)];
    await new Promise((resolve) => setImmediate(resolve));
    admitted.push(checks.admit(work), checks.admit(work), checks.admit(work));
    // Its own bound: 2 running and 3 waiting at most, whatever the slots.
    const refused = checks.admit(work);
    await expect(refused).rejects.toBeInstanceOf(PasswordChecksBusy);
    expect(checks.load()).toEqual({ running: 2, waiting: 3 });
    await Promise.all([...created, ...admitted]);
    expect(most).toBe(1);
  });

  it('a real scrypt hash and check through the default slots', async () => {
    const queue = createHashQueue(2, 2);
    const cost = { N: 2 ** 10, r: 8, p: 1 };
    const hash = await queue.run(() => hashPassword('senha-de-teste', cost));
    expect(await queue.admit(() => verifyPassword('senha-de-teste', hash))).toBe(true);
    expect(await queue.admit(() => verifyPassword('outra-senha', hash))).toBe(false);
  });
});
