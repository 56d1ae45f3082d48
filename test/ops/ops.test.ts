import { Writable } from 'node:stream';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, trustProxyWarning } from '../../src/server/config.js';
import { openStore } from '../../src/server/db/store.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { maskIp } from '../../src/server/ops/log-options.js';
import { PREVIEW_STYLE } from '../../src/server/redirect/preview-page.js';
import { STATUS_PAGE_STYLE } from '../../src/server/web/status-page.js';
import { createLink } from '../helpers/api.js';
import { BROWSER, CRAWLER_USER_AGENTS } from '../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ withWeb: true, env: { METRICS_TOKEN: 'segredo-de-metricas-123' } });
});
afterAll(async () => {
  await server.close();
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.server.inject({ method: 'GET', url, headers });

describe('health and readiness', () => {
  it('/healthz answers while the process lives; /readyz when the store answers', async () => {
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });
});

describe('/metrics', () => {
  it('is Prometheus text with the request, redirect, click, flush, cache and database metrics', async () => {
    const link = await createLink(server, { url: 'https://example.com/metricas', alias: 'metricas' });
    for (let i = 0; i < 3; i++) await get(`/${link.alias}`, { 'user-agent': BROWSER });
    await get(`/${link.alias}`, { 'user-agent': CRAWLER_USER_AGENTS.whatsapp });
    await get('/nao-existe-aqui', { 'user-agent': BROWSER });
    await server.app.clicks.flush();

    const res = await get('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/shortener_redirect_requests_total\{outcome="redirect"\} 3/);
    expect(text).toMatch(/shortener_redirect_requests_total\{outcome="preview"\} 1/);
    expect(text).toMatch(/shortener_redirect_requests_total\{outcome="not_found"\} 1/);
    expect(text).toMatch(/shortener_clicks_recorded_total 3/);
    expect(text).toMatch(/shortener_clicks_flushed_total 3/);
    expect(text).toMatch(/shortener_click_flush_duration_seconds_count \d+/);
    expect(text).toMatch(/shortener_link_cache_hit_ratio 0\.\d+/);
    expect(text).toMatch(/shortener_database_errors_total 0/);
    expect(text).toMatch(/shortener_http_requests_total\{route="\/api\/links",status="201"\} 1/);
    expect(text).toMatch(/shortener_process_resident_memory_bytes \d+/);
  });

  it('is refused to addresses outside METRICS_ALLOW unless the bearer token is given', async () => {
    const outside = await startTestServer({ env: { METRICS_ALLOW: '10.0.0.0/8', METRICS_TOKEN: 'outro-segredo-1234567' } });
    try {
      const refused = await outside.app.server.inject({ method: 'GET', url: '/metrics' });
      expect(refused.statusCode).toBe(403);
      // Its own code and text, not the manage token's.
      expect(refused.json()).toEqual({ error: { code: 'metrics_forbidden', message: 'Acesso às métricas não permitido.' } });
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
      expect((await outside.app.server.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer errado-errado-errado' } })).statusCode).toBe(403);
      const ok = await outside.app.server.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer outro-segredo-1234567' } });
      expect(ok.statusCode).toBe(200);
    } finally {
      await outside.close();
    }
  });
});

describe('security headers', () => {
  it('pages carry a CSP without unsafe-inline scripts, frame-ancestors none, nosniff and a referrer policy', async () => {
    for (const path of ['/', '/faq', '/contact', '/privacy', '/dashboard', '/nao-existe']) {
      const res = await get(path, { 'user-agent': BROWSER });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, path).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      // No HSTS over plain http.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('each page gets its own style nonce, in the CSP and in <meta name="csp-nonce"> (for Radix Dialog)', async () => {
    const nonces = new Set<string>();
    for (const path of ['/', '/dashboard', '/nao-existe']) {
      const res = await get(path, { 'user-agent': BROWSER });
      const fromHeader = /style-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(String(res.headers['content-security-policy']))?.[1];
      const fromMeta = /<meta name="csp-nonce" content="([^"]+)">/.exec(res.body)?.[1];
      expect(fromHeader, path).toBeDefined();
      expect(fromMeta).toBe(fromHeader);
      expect(Buffer.from(fromHeader ?? '', 'base64')).toHaveLength(16);
      nonces.add(fromHeader ?? '');
    }
    expect(nonces.size).toBe(3);
  });

  it('the crawler preview allows exactly its own inline style, by hash', async () => {
    await createLink(server, { url: 'https://example.com/previa', alias: 'previa-csp' });
    const res = await get('/previa-csp', { 'user-agent': CRAWLER_USER_AGENTS.facebook });
    const hash = createHash('sha256').update(PREVIEW_STYLE).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`style-src 'sha256-${hash}'`);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain(`<style>${PREVIEW_STYLE}</style>`);
  });

  it("a blocked link's plain 410 page is styled by its own inline rules, allowed by hash and nothing else", async () => {
    await createLink(server, { url: 'https://example.com/bloqueado', alias: 'bloqueado-csp' });
    // Through the server's own actions, which tell its link cache (the terminal tool's reach it by polling).
    expect((await server.app.services.operatorActions.disableLink({ name: 'ops-test', via: 'console' }, 'bloqueado-csp')).outcome).toBe('changed');
    const res = await get('/bloqueado-csp', { 'user-agent': BROWSER });
    expect(res.statusCode).toBe(410);
    const hash = createHash('sha256').update(STATUS_PAGE_STYLE).digest('base64');
    const policy = res.headers['content-security-policy'];
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain(`style-src 'sha256-${hash}'`);
    expect(policy).not.toContain('unsafe-inline');
    expect(res.body).toContain(`<style>${STATUS_PAGE_STYLE}</style>`);
    expect(res.body).toContain('<h1>Link bloqueado</h1>');
  });

  it('the 302 stays minimal: location and cache-control, no page headers', async () => {
    await createLink(server, { url: 'https://example.com/enxuto', alias: 'enxuto' });
    const res = await get('/enxuto', { 'user-agent': BROWSER });
    expect(res.statusCode).toBe(302);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(Object.keys(res.headers).sort()).toEqual(['cache-control', 'connection', 'content-length', 'date', 'keep-alive', 'location'].filter((h) => h in res.headers).sort());
  });

  it('the API answers with nosniff, and HSTS appears when PUBLIC_URL is https', async () => {
    const res = await get('/api/stats');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const https = await startTestServer({ env: { PUBLIC_URL: 'https://encurta.example' } });
    try {
      const page = await https.app.server.inject({ method: 'GET', url: '/api/stats' });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });
});

describe('with an ad network configured (AD_SCRIPT_SRC)', () => {
  it("the public pages allow its script's origin (the ad's frame inherits their policy); the console's pages never do", async () => {
    const ads = await startTestServer({ withWeb: true, env: { AD_SCRIPT_SRC: 'https://ads.example.net/tag.js' } });
    try {
      const policyOf = async (path: string) => String((await ads.app.server.inject({ method: 'GET', url: path, headers: { 'user-agent': BROWSER } })).headers['content-security-policy']);
      for (const path of ['/', '/faq', '/dashboard']) {
        const csp = await policyOf(path);
        expect(csp, path).toContain("script-src 'self' https://ads.example.net;");
        expect(csp, path).toContain("connect-src 'self' https://ads.example.net;");
      }
      for (const path of ['/admin', '/admin/denuncias']) {
        const csp = await policyOf(path);
        expect(csp, path).toContain("script-src 'self';");
        expect(csp, path).toContain("connect-src 'self';");
        expect(csp, path).not.toContain('ads.example.net');
      }
    } finally {
      await ads.close();
    }
  });
});

describe('static assets', () => {
  it('are sent pre-compressed (brotli, gzip) when accepted, with long-lived caching', async () => {
    const html = (await get('/', { 'user-agent': BROWSER })).body;
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    const plain = await get(script ?? '');
    const br = await get(script ?? '', { 'accept-encoding': 'br, gzip' });
    const gz = await get(script ?? '', { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The compressed copies are not addressable on their own.
    expect((await get(`${script ?? ''}.br`)).statusCode).toBe(404);
  });
});

describe('logs', () => {
  it('mask client addresses to their network', () => {
    expect(maskIp('203.0.113.77')).toBe('203.0.113.0');
    expect(maskIp('::ffff:198.51.100.23')).toBe('198.51.100.0');
    expect(maskIp('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd::');
    expect(maskIp('2001:db8::1')).toBe('2001:db8::');
    expect(maskIp(undefined)).toBe('');
  });

  it('warn at start when TRUST_PROXY=true lets any client name its own address; a hop count or a list says nothing', () => {
    const warning = (value: string) => trustProxyWarning(loadConfig({ DATABASE_URL: 'sqlite::memory:', TRUST_PROXY: value }).trustProxy);
    expect(warning('true')).toMatch(/TRUST_PROXY=true trusts every X-Forwarded-For entry.*TRUST_PROXY=1/);
    for (const quiet of ['false', '1', '2', '10.0.0.0/8, loopback']) expect(warning(quiet)).toBeUndefined();
  });

  it('warn at start when a hop count meets a server listening beyond loopback (a client reaching it directly would name its own address)', () => {
    const warning = (trust: string, host: string) => {
      const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', TRUST_PROXY: trust, HOST: host });
      return trustProxyWarning(config.trustProxy, config.host);
    };
    expect(warning('1', '0.0.0.0')).toMatch(/^TRUST_PROXY=1 trusts whoever connects as the nearest proxy, and HOST=0\.0\.0\.0 listens beyond loopback/);
    expect(warning('2', '::')).toMatch(/HOST=:: listens beyond loopback/);
    for (const [trust, host] of [['1', '127.0.0.1'], ['1', 'localhost'], ['1', '::1'], ['10.0.0.5', '0.0.0.0'], ['false', '0.0.0.0']] as const) expect(warning(trust, host)).toBeUndefined();
  });

  it('mask an address a proxy wrote with its port, and never pass on what is not an address', () => {
    expect(maskIp('203.0.113.77:5555')).toBe('203.0.113.0');
    expect(maskIp('[2001:db8:abcd:12::7]:443')).toBe('2001:db8:abcd::');
    expect(maskIp('[2001:db8::1]')).toBe('2001:db8::');
    expect(maskIp('203.0.113.77:5555::')).toBe('unknown');
    expect(maskIp('not-an-address:1')).toBe('unknown');
  });

  it('are JSON lines with no full client IP and no manage token, even for a failing request', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'info', METADATA_FETCH: 'false', RATE_LIMIT_DISABLED: 'true', TRUST_PROXY: '1', WEB_DIST_DIR: '/nonexistent' });
    const store = openStore(config.database);
    await migrateToLatest(store.db, store.dialect);
    const { loggerOptions } = await import('../../src/server/ops/log-options.js');
    const app = await buildApp({ config, store, logger: loggerOptions('info', stream) });
    try {
      const created = await app.server.inject({ method: 'POST', url: '/api/links', payload: { url: 'https://example.com/log' }, headers: { 'x-forwarded-for': '203.0.113.77' } });
      const token = created.json<{ manageToken: string }>().manageToken;
      // Break the store, then make a request that fails with a 503 and carries the token.
      await store.close();
      const failed = await app.server.inject({
        method: 'GET',
        url: `/api/links/${created.json<{ alias: string }>().alias}`,
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.77' },
      });
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      const errorLines = lines.filter((l) => l.includes('"level":50'));
      expect(errorLines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(() => JSON.parse(line)).not.toThrow();
        expect(line).not.toContain('203.0.113.77');
        expect(line).not.toContain(token);
      }
      expect(errorLines.join('\n')).toContain('203.0.113.0');
      // Without a built web app (WEB_DIST_DIR has no index.html), the start says so once.
      const noWeb = lines.map((line) => JSON.parse(line) as { level: number; msg: string; webDistDir?: string }).filter((entry) => entry.msg.startsWith('no built web app'));
      expect(noWeb).toEqual([expect.objectContaining({ level: 40, webDistDir: '/nonexistent' })]);
    } finally {
      await app.server.close().catch(() => undefined);
    }
  });
});
