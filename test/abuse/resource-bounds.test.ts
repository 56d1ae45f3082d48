// What a flood can make the server hold in memory, and the bound on each. A flood of unknown
// aliases (any number of them, from any number of addresses) and a flood of clicks while the
// store cannot be written must leave memory bounded and the links people use in place.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createCalendar } from '../../src/server/calendar.js';
import { createClickRecorder } from '../../src/server/redirect/click-recorder.js';
import type { ClickBatch } from '../../src/server/stats/click-batch.js';
import { startTestServer } from '../helpers/test-server.js';
import { BROWSER } from '../helpers/fixtures.js';

describe('bounds under a flood', () => {
  it('clicks on ever more links while the store fails: at most CLICK_BUFFER_MAX_ENTRIES counters are kept, the rest dropped and counted', async () => {
    let dropped = 0;
    const failing = { open: () => undefined, write: async (_batch: ClickBatch) => Promise.reject(new Error('store down')), flushInsights: async () => undefined, close: async () => undefined };
    const recorder = createClickRecorder({
      writer: failing,
      calendar: createCalendar('America/Sao_Paulo', () => Date.UTC(2026, 10, 23, 15)),
      intervalMs: 60_000,
      maxPending: 1e9,
      maxEntries: 1_000,
      log: pino({ level: 'silent' }),
      observer: { recorded: () => undefined, dropped: () => dropped++, flushed: () => undefined, flushFailed: () => undefined },
    });
    for (let link = 1; link <= 5_000; link++) recorder.record(link);
    expect(recorder.pending()).toBe(1_000);
    expect(dropped).toBe(4_000);
    // A failed flush puts its clicks back without growing past the bound.
    await expect(recorder.flush()).rejects.toThrow('store down');
    expect(recorder.pending()).toBe(1_000);
    // Links already counted keep counting.
    recorder.record(1);
    expect(recorder.pending()).toBe(1_001);
  });

  it('a flood of random unknown aliases gets the 404 page, remembers at most LINK_CACHE_MISS_MAX of them, and the links in the cache stay', async () => {
    const server = await startTestServer({ env: { LINK_CACHE_MISS_MAX: '100' } });
    try {
      const created = await server.app.server.inject({ method: 'POST', url: '/api/links', payload: { url: 'https://example.com/fica', alias: 'fica-aqui' } });
      expect(created.statusCode).toBe(201);
      const hits = async () => (await server.app.metrics.cacheHits.get()).values[0]?.value ?? 0;
      /** Visits the link; true when the cache answered. */
      const visitFromCache = async () => {
        const before = await hits();
        const visit = await server.app.server.inject({ method: 'GET', url: '/fica-aqui', headers: { 'user-agent': BROWSER } });
        expect(visit.statusCode).toBe(302);
        return (await hits()) === before + 1;
      };
      // In the cache before the flood (on PostgreSQL the creation's own NOTIFY may drop it once).
      let cached = false;
      for (let i = 0; i < 50 && !cached; i++) {
        cached = await visitFromCache();
        if (!cached) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(cached).toBe(true);
      for (let i = 0; i < 3_000; i++) {
        const response = await server.app.server.inject({ method: 'GET', url: `/zz${i.toString(36)}x`, headers: { 'user-agent': BROWSER, 'x-forwarded-for': `10.0.${i >> 8}.${i & 255}` } });
        expect(response.statusCode).toBe(404);
      }
      // Still answered from the cache: the flood did not push it out.
      expect(await visitFromCache()).toBe(true);
      const { entries } = server.app.services.linkCache.stats();
      expect(entries).toBe(1 + 100);
    } finally {
      await server.close();
    }
  });
});
