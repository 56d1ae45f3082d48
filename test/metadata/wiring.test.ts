// The metadata service as the app uses it: fetched in the background after a create (the
// 201 never waits), refreshed lazily when a crawler asks for stale metadata, and refused
// without a connection when the loopback switch is off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateLinkResponse } from '../../src/shared/api.js';
import { BROWSER, CRAWLER_USER_AGENTS } from '../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { type FixtureServer, html, startFixtureServer } from './fixture-server.js';

let title = 'Primeira versão';
let site: FixtureServer;
let server: TestServer;
let now = Date.parse('2026-04-01T12:00:00Z');

beforeAll(async () => {
  site = await startFixtureServer({
    '/pagina': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<html><head><title>${title}</title><meta property="og:description" content="Descrição do destino"><meta property="og:image" content="/capa.png"></head></html>`);
    },
    '/lenta': (_request, response) => {
      setTimeout(() => response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Lenta</title>'), 1500);
    },
  });
  server = await startTestServer({
    clock: () => now,
    env: {
      METADATA_FETCH: 'true',
      UNSAFE_ALLOW_PRIVATE_FETCH: 'true',
      METADATA_ALLOWED_PORTS: String(site.port),
      METADATA_MAX_AGE_HOURS: '24',
    },
  });
});

afterAll(async () => {
  await server.close();
  await site.close();
});

async function create(url: string): Promise<{ link: CreateLinkResponse; ms: number }> {
  const started = Date.now();
  const res = await server.app.server.inject({ method: 'POST', url: '/api/links', payload: { url } });
  expect(res.statusCode).toBe(201);
  return { link: res.json<CreateLinkResponse>(), ms: Date.now() - started };
}

async function preview(alias: string): Promise<string> {
  const res = await server.app.server.inject({ method: 'GET', url: `/${alias}`, headers: { 'user-agent': CRAWLER_USER_AGENTS.whatsapp } });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('metadata in the running app', () => {
  it('fetches after creation, in the background: the 201 does not wait for a slow target', async () => {
    const { link, ms } = await create(`${site.origin}/lenta`);
    expect(ms).toBeLessThan(1000);
    expect(site.requests.filter((r) => r === '/lenta').length).toBeLessThanOrEqual(1);
    await server.app.metadata.idle();
    expect(await preview(link.alias)).toContain('<title>Lenta</title>');
  });

  it('shows the target’s title, description and absolute image to crawlers', async () => {
    const { link } = await create(`${site.origin}/pagina`);
    await server.app.metadata.idle();
    const body = await preview(link.alias);
    expect(body).toContain('<meta property="og:title" content="Primeira versão">');
    expect(body).toContain('<meta property="og:description" content="Descrição do destino">');
    expect(body).toContain(`<meta property="og:image" content="${site.origin}/capa.png">`);
  });

  it('refreshes stale metadata when a crawler asks, and serves it to the next crawler', async () => {
    const { link } = await create(`${site.origin}/pagina`);
    await server.app.metadata.idle();
    expect(await preview(link.alias)).toContain('Primeira versão');
    title = 'Segunda versão';
    // Still fresh: no refetch.
    const before = site.requests.filter((r) => r === '/pagina').length;
    await preview(link.alias);
    await server.app.metadata.idle();
    expect(site.requests.filter((r) => r === '/pagina').length).toBe(before);
    // A day later the stored values are stale: this crawler gets them, and a refresh starts.
    now += 25 * 3_600_000;
    expect(await preview(link.alias)).toContain('Primeira versão');
    await server.app.metadata.idle();
    expect(site.requests.filter((r) => r === '/pagina').length).toBe(before + 1);
    expect(await preview(link.alias)).toContain('Segunda versão');
  });
});

describe('links with a password or a click limit', () => {
  it("their targets are never fetched, at creation or for a crawler: such targets are often single-use", async () => {
    site.requests.length = 0;
    const created = [];
    for (const [path, options] of [
      ['/pagina?senha', { password: 'abre-te-sesamo' }],
      ['/pagina?uma-vez', { maxClicks: 1 }],
      ['/pagina?comum', {}],
    ] as const) {
      const res = await server.app.server.inject({ method: 'POST', url: '/api/links', payload: { url: `${site.origin}${path}`, ...options } });
      expect(res.statusCode).toBe(201);
      created.push(res.json<CreateLinkResponse>());
    }
    await server.app.metadata.idle();
    const [locked, limited, plain] = created as [CreateLinkResponse, CreateLinkResponse, CreateLinkResponse];
    // The crawler of a limited link gets the preview from the URL alone, and starts no fetch.
    expect(await preview(limited.alias)).toContain(`<title>${server.config.site.siteName}</title>`);
    expect(await preview(locked.alias)).toContain('protegido por senha');
    await server.app.metadata.idle();
    expect(site.requests).toEqual(['/pagina?comum']);
    // The limited link's visit was not used up by either.
    expect((await server.app.server.inject({ method: 'GET', url: `/${limited.alias}`, headers: { 'user-agent': BROWSER } })).statusCode).toBe(302);
    // The plain one's was (the page's title is whatever the earlier test left it at).
    expect(await preview(plain.alias)).toContain(`<meta property="og:title" content="${title}">`);
  });
});

describe('with the loopback switch off (production default)', () => {
  it('stores the link but never connects to a loopback target', async () => {
    const fixture = await startFixtureServer({ '/x': html('<title>Nunca lido</title>') });
    const safe = await startTestServer({ env: { METADATA_FETCH: 'true', METADATA_ALLOWED_PORTS: String(fixture.port) } });
    try {
      const res = await safe.app.server.inject({ method: 'POST', url: '/api/links', payload: { url: `${fixture.origin}/x` } });
      expect(res.statusCode).toBe(201);
      await safe.app.metadata.idle();
      const body = (await safe.app.server.inject({ method: 'GET', url: `/${res.json<CreateLinkResponse>().alias}`, headers: { 'user-agent': CRAWLER_USER_AGENTS.whatsapp } })).body;
      expect(body).toContain(`<title>${safe.config.site.siteName}</title>`);
      expect(fixture.connections).toBe(0);
    } finally {
      await safe.close();
      await fixture.close();
    }
  });
});
