// The link cache fills from the store when an instance starts (on SQLite and on PostgreSQL):
// a restarted instance answers its first clicks from memory, stops at its memory budget, and
// still answers every link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/server/app.js';
import type { Config } from '../../src/server/config.js';
import { createLinkRepository } from '../../src/server/links/link-repository.js';
import { BROWSER } from '../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const LINKS = 400;
let server: TestServer;
const started: App[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const links = createLinkRepository(server.store);
  const createdAt = new Date().toISOString();
  for (let i = 0; i < LINKS; i++) {
    await links.insertLink({ alias: `warm-${i}`, url: `https://example.com/warm/${i}`, createdAt, manageTokenHash: '0'.repeat(64), day: createdAt.slice(0, 10) });
  }
  await links.setDisabled('warm-7', createdAt);
});
afterAll(async () => {
  for (const app of started) await app.server.close();
  await server.close();
});

/** A second instance on the same store, as after a restart. */
async function restart(linkCache: Partial<Config['linkCache']>): Promise<App> {
  const config: Config = { ...server.config, linkCache: { ...server.config.linkCache, ...linkCache } };
  const app = await buildApp({ config, store: server.store });
  started.push(app);
  await app.server.ready();
  return app;
}

const counter = async (app: App, name: 'cacheHits' | 'cacheMisses') => (await app.metrics[name].get()).values[0]?.value ?? 0;
const visit = (app: App, alias: string) => app.server.inject({ method: 'GET', url: `/${alias}`, headers: { 'user-agent': BROWSER } });

describe('link cache warm-up', () => {
  it('loads every link, so the first clicks after a start are answered from memory', async () => {
    const app = await restart({});
    const result = await app.linkCacheWarmed();
    expect(result).toMatchObject({ links: LINKS, full: false });
    for (const i of [0, 123, LINKS - 1]) {
      const res = await visit(app, `warm-${i}`);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`https://example.com/warm/${i}`);
    }
    // A disabled link is known too: it answers 410 without asking the store.
    expect((await visit(app, 'warm-7')).statusCode).toBe(410);
    expect(await counter(app, 'cacheHits')).toBe(4);
    expect(await counter(app, 'cacheMisses')).toBe(0);
    const metrics = await app.server.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(new RegExp(`^shortener_link_cache_entries ${LINKS}$`, 'm'));
    expect(metrics.body).toMatch(/^shortener_link_cache_warming 0$/m);
  });

  it('stops at its memory budget, newest links first, and the rest are read from the store', async () => {
    const app = await restart({ maxBytes: 16 * 1024 });
    const result = await app.linkCacheWarmed();
    expect(result?.full).toBe(true);
    expect(result?.links).toBeGreaterThan(50);
    expect(result?.links).toBeLessThan(LINKS);
    const newest = await visit(app, `warm-${LINKS - 1}`);
    expect(newest.headers.location).toBe(`https://example.com/warm/${LINKS - 1}`);
    expect(await counter(app, 'cacheMisses')).toBe(0);
    const oldest = await visit(app, 'warm-0');
    expect(oldest.statusCode).toBe(302);
    expect(oldest.headers.location).toBe('https://example.com/warm/0');
    expect(await counter(app, 'cacheMisses')).toBe(1);
  });

  it('can be turned off (LINK_CACHE_WARM=false): the cache then fills on demand', async () => {
    const app = await restart({ warm: false });
    expect(await app.linkCacheWarmed()).toBeUndefined();
    expect((await visit(app, 'warm-5')).statusCode).toBe(302);
    expect(await counter(app, 'cacheMisses')).toBe(1);
    expect((await visit(app, 'warm-5')).statusCode).toBe(302);
    expect(await counter(app, 'cacheHits')).toBe(1);
  });

  it('a link created and then deleted on a warmed instance stops redirecting at once', async () => {
    const app = await restart({});
    await app.linkCacheWarmed();
    const created = await app.server.inject({ method: 'POST', url: '/api/links', payload: { url: 'https://example.com/novo', alias: 'warm-new' } });
    expect(created.statusCode).toBe(201);
    const { manageToken } = created.json<{ manageToken: string }>();
    expect((await visit(app, 'warm-new')).statusCode).toBe(302);
    const deleted = await app.server.inject({ method: 'DELETE', url: '/api/links/warm-new', headers: { authorization: `Bearer ${manageToken}` } });
    expect(deleted.statusCode).toBe(204);
    expect((await visit(app, 'warm-new')).statusCode).toBe(404);
  });
});
