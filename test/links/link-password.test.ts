// Link passwords are hashed at most 2 at a time at creation, so that visitors' checks, which
// share libuv's 4 threads with the hashes, never queue behind a bulk creation's thousand.
import { describe, expect, it } from 'vitest';
import { creationHashLoad, hashLinkPassword, verifyLinkPassword } from '../../src/server/links/link-password.js';

describe('hashLinkPassword', () => {
  it('runs at most 2 hashes at once, and answers each its own', async () => {
    const passwords = Array.from({ length: 8 }, (_, i) => `senha-${i}`);
    const pending = passwords.map((password) => hashLinkPassword(password));
    // p-limit starts its queue on the next microtask.
    await Promise.resolve();
    expect(creationHashLoad()).toEqual({ running: 2, waiting: 6 });
    const hashes = await Promise.all(pending);
    expect(creationHashLoad()).toEqual({ running: 0, waiting: 0 });
    expect(new Set(hashes).size).toBe(8);
    expect(await Promise.all(hashes.map((hash, i) => verifyLinkPassword(`senha-${i}`, hash)))).toEqual(Array(8).fill(true));
    expect(await verifyLinkPassword('senha-1', hashes[0] ?? '')).toBe(false);
  });
});
