// How a bulk creation uses the store (the API's side is in test/api/api-keys.test.ts): its items
// run concurrently, but not all 1,000 at once. On PostgreSQL every item in flight asks the pool
// for connections; a thousand at once queued past the pool's connection timeout, and their
// items failed 'unavailable' on a healthy database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInBulk, BULK_ITEMS_AT_ONCE } from '../../src/server/links/bulk-create.js';
import type { CreateLinkRequest } from '../../src/shared/api.js';
import { startTestServer, testDialect, type TestServer } from '../helpers/test-server.js';

describe(`bulk creation on ${testDialect}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`creates 1,000 items with at most ${BULK_ITEMS_AT_ONCE} in flight, each answered in its place, all counted`, async () => {
    const { id: keyId } = await server.app.services.apiKeys.create('lote-limitado', null);
    const { links } = server.app.services;
    let inFlight = 0;
    let most = 0;
    // The real link service on the real store, counting the creations under way.
    const counted = {
      async createLink(input: CreateLinkRequest, options: { apiKeyId: number }) {
        inFlight++;
        most = Math.max(most, inFlight);
        try {
          return await links.createLink(input, options);
        } finally {
          inFlight--;
        }
      },
    };
    const before = await server.app.services.stats.getStats();
    const items = Array.from({ length: 1000 }, (_, i) => ({ url: `https://example.com/limitado/${i}` }));
    const results = await createInBulk(items, keyId, { links: counted, onServerError: (error) => { throw error; } });
    expect(results.map((result) => (result.ok ? result.link.url : result.error.code))).toEqual(items.map((item) => item.url));
    expect(most).toBe(BULK_ITEMS_AT_ONCE);
    server.app.services.stats.invalidate();
    expect((await server.app.services.stats.getStats()).links_today - before.links_today).toBe(1000);
  });
});
