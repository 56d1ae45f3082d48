// Link passwords are hashed at most 2 at a time at creation, so that visitors' checks, which
// share libuv's 4 threads with the hashes, never queue behind a bulk creation's thousand.
import { describe, expect, it, vi } from 'vitest';

let running = 0;
let most = 0;
vi.mock('../../src/server/password-hash.js', () => ({
  hashPassword: async (password: string) => {
    running++;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running--;
    return `hash-of-${password}`;
  },
  verifyPassword: async () => true,
}));

const { hashLinkPassword } = await import('../../src/server/links/link-password.js');

describe('hashLinkPassword', () => {
  it('runs at most 2 hashes at once, and answers each its own', async () => {
    const hashes = await Promise.all(Array.from({ length: 20 }, (_, i) => hashLinkPassword(`senha-${i}`)));
    expect(hashes).toEqual(Array.from({ length: 20 }, (_, i) => `hash-of-senha-${i}`));
    expect(most).toBe(2);
  });
});
