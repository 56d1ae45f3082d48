import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, storedClicksOf } from '../helpers/api.js';
import { BROWSER, BROWSER_USER_AGENTS, CRAWLER_USER_AGENTS } from '../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await createLink(server, { url: 'https://example.com/destino?utm=1', alias: 'destino' });
});
afterAll(async () => {
  await server.close();
});

function get(url: string, userAgent: string | undefined = BROWSER, method: 'GET' | 'HEAD' = 'GET') {
  return server.app.server.inject({ method, url, headers: userAgent === undefined ? {} : { 'user-agent': userAgent } });
}

/** Stored clicks only: the tests flush, or check what is still pending. */
const clicksOf = (alias: string): Promise<number> => storedClicksOf(server, alias);

describe('GET /:alias for people', () => {
  it('answers 302 to the original URL, not cacheable, with no body to wait for', async () => {
    const res = await get('/destino');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.com/destino?utm=1');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toBe('');
  });

  it('is case-insensitive and tolerates a trailing slash', async () => {
    for (const path of ['/DESTINO', '/Destino', '/destino/']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(302);
      expect(res.headers.location).toBe('https://example.com/destino?utm=1');
    }
  });

  it.each(Object.entries(BROWSER_USER_AGENTS))('treats %s as a person', async (_name, ua) => {
    const res = await get('/destino', ua);
    expect(res.statusCode).toBe(302);
  });

  it('answers HEAD like GET, without counting a click', async () => {
    const link = await createLink(server, { url: 'https://example.com/head', alias: 'so-head' });
    const res = await get(`/${link.alias}`, BROWSER, 'HEAD');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.com/head');
    await server.app.clicks.flush();
    expect(await clicksOf('so-head')).toBe(0);
  });
});

describe('GET /:alias fetched ahead by a browser (prefetch, prerender)', () => {
  const speculative = {
    'Sec-Purpose: prefetch': { 'sec-purpose': 'prefetch' },
    'Sec-Purpose: prefetch;prerender': { 'sec-purpose': 'prefetch;prerender' },
    'Purpose: prefetch': { purpose: 'prefetch' },
    'X-Purpose: preview': { 'x-purpose': 'preview' },
  };

  it.each(Object.entries(speculative))('declines %s with 503 and counts no click; the visit that follows counts once', async (name, headers) => {
    const alias = `pre-${Object.keys(speculative).indexOf(name)}`;
    await createLink(server, { url: 'https://example.com/pre', alias });
    const ahead = await server.app.server.inject({ method: 'GET', url: `/${alias}`, headers: { 'user-agent': BROWSER, ...headers } });
    expect(ahead.statusCode).toBe(503);
    expect(ahead.headers['retry-after']).toBe('3600');
    expect(ahead.headers['cache-control']).toBe('private, no-store');
    expect(ahead.headers.location).toBeUndefined();
    await server.app.clicks.flush();
    expect(await clicksOf(alias)).toBe(0);
    const visit = await get(`/${alias}`);
    expect(visit.statusCode).toBe(302);
    await server.app.clicks.flush();
    expect(await clicksOf(alias)).toBe(1);
  });

  it('takes no visit of a link with a click limit', async () => {
    const link = await createLink(server, { url: 'https://example.com/uma-vez', alias: 'pre-limit', maxClicks: 1 });
    const ahead = await server.app.server.inject({ method: 'GET', url: `/${link.alias}`, headers: { 'user-agent': BROWSER, 'sec-purpose': 'prefetch' } });
    expect(ahead.statusCode).toBe(503);
    expect((await get(`/${link.alias}`)).statusCode).toBe(302);
    expect((await get(`/${link.alias}`)).statusCode).toBe(410);
  });

  it('still gives crawlers their preview, and people who send other purposes their redirect', async () => {
    const crawler = await server.app.server.inject({ method: 'GET', url: '/destino', headers: { 'user-agent': 'WhatsApp/2.23.20.0 A', 'sec-purpose': 'prefetch' } });
    expect(crawler.statusCode).toBe(200);
    const other = await server.app.server.inject({ method: 'GET', url: '/destino', headers: { 'user-agent': BROWSER, purpose: 'navigate' } });
    expect(other.statusCode).toBe(302);
  });
});

describe('GET /:alias for crawlers', () => {
  it.each(Object.entries(CRAWLER_USER_AGENTS))('gives %s the preview page, not a redirect', async (_name, ua) => {
    const res = await get('/destino', ua);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    // The spec's words, and none added: the text, then the 'clique aqui' link to the target.
    expect(res.body).toContain('<p>Você será redirecionado em breve... <a href="https://example.com/destino?utm=1" rel="nofollow noopener">clique aqui</a></p>');
  });

  it('treats a request with an empty or missing user agent as a script (preview, no click)', async () => {
    expect((await get('/destino', '')).statusCode).toBe(200);
    // inject() always adds a user agent, so a raw request checks the header-less case.
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${server.url}/destino`, { headers: {} }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(200);
  });

  it('has title, description, canonical, Open Graph and Twitter card tags with the spec defaults', async () => {
    const res = await get('/destino', CRAWLER_USER_AGENTS.whatsapp);
    const html = res.body;
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain(`<title>${server.config.site.siteName}</title>`);
    expect(html).toContain('<meta name="description" content="Acesse o link: https://example.com/destino?utm=1">');
    expect(html).toContain(`<link rel="canonical" href="${server.url}/destino">`);
    expect(html).toContain(`<meta property="og:title" content="${server.config.site.siteName}">`);
    expect(html).toContain('<meta property="og:description" content="Acesse o link: https://example.com/destino?utm=1">');
    expect(html).toContain(`<meta property="og:image" content="${server.url}/og-image.png">`);
    expect(html).toContain(`<meta property="og:url" content="${server.url}/destino">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).not.toContain('<script');
  });

  it('escapes every value it puts in the page', async () => {
    const nasty = 'https://example.com/"><script>alert(1)</script>?q=\'x\'&y=<b>';
    const link = await createLink(server, { url: nasty, alias: 'escapar' });
    const res = await get('/escapar', CRAWLER_USER_AGENTS.facebook);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>');
    expect(res.body).not.toContain('"><');
    // WHATWG parsing percent-encodes " < > ' of the URL, but & survives normalisation:
    // it must reach the page only as an entity.
    expect(link.url).toContain('%27x%27&y=');
    expect(res.body).toContain('%27x%27&amp;y=');
    expect(res.body).not.toContain('%27x%27&y=');
  });

  it('escapes stored metadata too (title with <script> and quotes)', async () => {
    const link = await createLink(server, { url: 'https://example.com/meta', alias: 'com-meta' });
    await server.store.db
      .updateTable('links')
      .set({ title: 'Oferta "imperdível" <script>alert(1)</script>', description: "D'Ávila & Cia", image: 'javascript:alert(1)' })
      .where('alias', '=', link.alias)
      .execute();
    const res = await get('/com-meta', CRAWLER_USER_AGENTS.twitter);
    expect(res.body).toContain('<title>Oferta &quot;imperdível&quot; &lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(res.body).toContain('content="D&#39;Ávila &amp; Cia"');
    // A non-http(s) image is never used.
    expect(res.body).not.toContain('javascript:');
    expect(res.body).toContain(`content="${server.url}/og-image.png"`);
  });

  it('does not count crawler visits as clicks', async () => {
    const link = await createLink(server, { url: 'https://example.com/bots', alias: 'so-bots' });
    for (const ua of Object.values(CRAWLER_USER_AGENTS)) await get(`/${link.alias}`, ua);
    await server.app.clicks.flush();
    expect(await clicksOf('so-bots')).toBe(0);
  });
});

describe('GET /:alias when there is no such link', () => {
  it.each(['/nao-existe', '/zz', '/com.ponto', '/%00abc', '/a%2Fb', '/' + 'x'.repeat(65), '/..%2F..%2Fetc', '/ação', '/%E2%84%AAab'])(
    'answers 404 with the pt-BR page for %s',
    async (path) => {
      const res = await get(path);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Link não encontrado ou expirado.');
    },
  );

  it('answers 404 for crawlers too', async () => {
    const res = await get('/nao-existe', CRAWLER_USER_AGENTS.whatsapp);
    expect(res.statusCode).toBe(404);
  });

  it('answers 404 for deeper unknown paths', async () => {
    const res = await get('/um/dois/tres');
    expect(res.statusCode).toBe(404);
  });

  it('finds a link created right after its alias was asked for (the miss is not kept)', async () => {
    expect((await get('/chega-depois')).statusCode).toBe(404);
    await createLink(server, { url: 'https://example.com/depois', alias: 'chega-depois' });
    expect((await get('/chega-depois')).statusCode).toBe(302);
  });
});

describe('click counting', () => {
  it('counts exactly N clicks for N redirects, after a flush', async () => {
    const a = await createLink(server, { url: 'https://example.com/a', alias: 'conta-a' });
    const b = await createLink(server, { url: 'https://example.com/b', alias: 'conta-b' });
    const requests: Promise<unknown>[] = [];
    for (let i = 0; i < 137; i++) requests.push(fetch(`${server.url}/${a.alias}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } }));
    for (let i = 0; i < 45; i++) requests.push(fetch(`${server.url}/${b.alias}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } }));
    const responses = (await Promise.all(requests)) as Response[];
    expect(responses.every((r) => r.status === 302)).toBe(true);
    await server.app.clicks.flush();
    expect(await clicksOf('conta-a')).toBe(137);
    expect(await clicksOf('conta-b')).toBe(45);
    expect(server.app.clicks.pending()).toBe(0);
  });

  it('writes clicks by itself within the flush interval, without an explicit flush', async () => {
    const link = await createLink(server, { url: 'https://example.com/auto', alias: 'flush-auto' });
    for (let i = 0; i < 5; i++) await get(`/${link.alias}`);
    await expect.poll(() => clicksOf('flush-auto'), { timeout: 3000, interval: 100 }).toBe(5);
  });

  it('keeps clicks whose write failed and writes them with a later flush', async () => {
    const link = await createLink(server, { url: 'https://example.com/falha', alias: 'falha-escrita' });
    await server.app.clicks.flush();
    // A real failure of the store: the counters table is gone while clicks arrive.
    await sql`alter table link_clicks_daily rename to link_clicks_daily_away`.execute(server.store.db);
    try {
      for (let i = 0; i < 7; i++) expect((await get(`/${link.alias}`)).statusCode).toBe(302);
      await expect(server.app.clicks.flush()).rejects.toThrow();
      expect(server.app.clicks.pending()).toBe(7);
      for (let i = 0; i < 3; i++) await get(`/${link.alias}`);
      expect(server.app.clicks.pending()).toBe(10);
    } finally {
      await sql`alter table link_clicks_daily_away rename to link_clicks_daily`.execute(server.store.db);
    }
    await server.app.clicks.flush();
    expect(server.app.clicks.pending()).toBe(0);
    expect(await clicksOf('falha-escrita')).toBe(10);
  });

  it('does not wait for the database on the redirect (the click is pending right after the 302)', async () => {
    const link = await createLink(server, { url: 'https://example.com/pending', alias: 'pendente' });
    await server.app.clicks.flush();
    const res = await get(`/${link.alias}`);
    expect(res.statusCode).toBe(302);
    expect(server.app.clicks.pending()).toBe(1);
    expect(await clicksOf('pendente')).toBe(0);
    await server.app.clicks.flush();
    expect(await clicksOf('pendente')).toBe(1);
  });
});
