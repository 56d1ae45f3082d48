import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, LinkOwnerView } from '../../src/shared/api.js';
import { createCounterRepository } from '../../src/server/stats/counter-repository.js';
import { createLinkOwnerService } from '../../src/server/links/link-owner-service.js';
import { createLink } from '../helpers/api.js';
import { BROWSER } from '../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const at = (saoPauloLocal: string): number => Date.parse(`${saoPauloLocal}-03:00`);
let now = at('2026-05-01T10:00:00');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
});
afterAll(async () => {
  await server.close();
});

function asOwner(method: 'GET' | 'DELETE', alias: string, authorization?: string) {
  return server.app.server.inject({
    method,
    url: `/api/links/${alias}`,
    headers: authorization === undefined ? {} : { authorization },
  });
}

async function click(alias: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    await server.app.server.inject({ method: 'GET', url: `/${alias}`, headers: { 'user-agent': BROWSER } });
  }
  await server.app.clicks.flush();
}

describe('GET /api/links/:alias (owner view)', () => {
  it('needs the token: 401 without, 403 wrong, 404 unknown alias', async () => {
    const link = await createLink(server, { url: 'https://example.com/dono', alias: 'do-dono' });
    const missing = await asOwner('GET', link.alias);
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect(missing.json<ApiErrorBody>().error.code).toBe('unauthorized');
    expect((await asOwner('GET', link.alias, `Basic ${link.manageToken}`)).statusCode).toBe(401);
    expect((await asOwner('GET', link.alias, 'Bearer')).statusCode).toBe(401);
    const wrong = await asOwner('GET', link.alias, `Bearer ${'x'.repeat(43)}`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json<ApiErrorBody>().error).toEqual({
      code: 'forbidden',
      message: 'O código de gerenciamento não confere com este link.',
    });
    // Another link's token does not open this one.
    const other = await createLink(server, { url: 'https://example.com/outro' });
    expect((await asOwner('GET', link.alias, `Bearer ${other.manageToken}`)).statusCode).toBe(403);
    const unknown = await asOwner('GET', 'nao-existe', `Bearer ${link.manageToken}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiErrorBody>().error.message).toBe('Link não encontrado ou expirado.');
    expect((await asOwner('GET', 'x%00y', `Bearer ${link.manageToken}`)).statusCode).toBe(404);
  });

  it('shows url, creation time, total clicks and 30 daily counts in São Paulo days', async () => {
    now = at('2026-05-01T10:00:00');
    const link = await createLink(server, { url: 'https://example.com/grafico', alias: 'grafico' });
    await click(link.alias, 2);
    // 23:30 in São Paulo is already the next day in UTC: still counted on May 1st.
    now = at('2026-05-01T23:30:00');
    await click(link.alias, 3);
    now = at('2026-05-02T00:05:00');
    await click(link.alias, 1);
    now = at('2026-05-20T12:00:00');
    await click(link.alias, 4);

    const res = await asOwner('GET', 'GRAFICO', `Bearer ${link.manageToken}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const view = res.json<LinkOwnerView>();
    expect(view).toMatchObject({
      alias: 'grafico',
      shortUrl: `${server.url}/grafico`,
      url: 'https://example.com/grafico',
      createdAt: new Date(at('2026-05-01T10:00:00')).toISOString(),
      totalClicks: 10,
    });
    expect(view.daily).toHaveLength(30);
    expect(view.daily[0]?.day).toBe('2026-04-21');
    expect(view.daily[29]).toEqual({ day: '2026-05-20', clicks: 4 });
    const byDay = Object.fromEntries(view.daily.map((d) => [d.day, d.clicks]));
    expect(byDay['2026-05-01']).toBe(5);
    expect(byDay['2026-05-02']).toBe(1);
    expect(view.daily.reduce((sum, d) => sum + d.clicks, 0)).toBe(10);

    // Days older than 30 leave the chart but not the total.
    now = at('2026-06-25T12:00:00');
    const later = (await asOwner('GET', 'grafico', `Bearer ${link.manageToken}`)).json<LinkOwnerView>();
    expect(later.totalClicks).toBe(10);
    expect(later.daily.every((d) => d.clicks === 0)).toBe(true);
  });
});

describe('DELETE /api/links/:alias', () => {
  it('deletes for good: the redirect stops at once and the alias is free again', async () => {
    const link = await createLink(server, { url: 'https://example.com/apagar', alias: 'apagar' });
    // Warm the redirect cache, and leave a click pending in the buffer.
    await click(link.alias, 1);
    await server.app.server.inject({ method: 'GET', url: '/apagar', headers: { 'user-agent': BROWSER } });

    expect((await asOwner('DELETE', link.alias)).statusCode).toBe(401);
    expect((await asOwner('DELETE', link.alias, 'Bearer errado')).statusCode).toBe(403);
    expect((await server.app.server.inject({ method: 'GET', url: '/apagar', headers: { 'user-agent': BROWSER } })).statusCode).toBe(302);

    const deleted = await asOwner('DELETE', link.alias, `Bearer ${link.manageToken}`);
    expect(deleted.statusCode).toBe(204);
    const after = await server.app.server.inject({ method: 'GET', url: '/apagar', headers: { 'user-agent': BROWSER } });
    expect(after.statusCode).toBe(404);
    expect((await asOwner('DELETE', link.alias, `Bearer ${link.manageToken}`)).statusCode).toBe(404);

    // The pending click of the deleted link does not break the flush.
    await server.app.clicks.flush();
    const rows = await server.store.db.selectFrom('links').select('id').where('alias', '=', 'apagar').execute();
    expect(rows).toHaveLength(0);

    // The alias is retired with its link: nobody gets it again, so the old token opens nothing.
    const again = await server.app.server.inject({ method: 'POST', url: '/api/links', payload: { url: 'https://example.com/novo-dono', alias: 'apagar' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'alias_taken' } });
    expect((await asOwner('GET', 'apagar', `Bearer ${link.manageToken}`)).statusCode).toBe(404);
    expect((await server.app.server.inject({ method: 'GET', url: '/apagar', headers: { 'user-agent': BROWSER } })).statusCode).toBe(404);
  });
});

describe('owner routes from clients that send Content-Type: application/json with every request', () => {
  it('a deletion, view or insights without a body is answered as without the header; a malformed body is still 400', async () => {
    const link = await createLink(server, { url: 'https://example.com/cabecalho-json', alias: 'cabecalho-json' });
    const headers = { authorization: `Bearer ${link.manageToken}`, 'content-type': 'application/json' };
    // Over a real socket, as fetch, requests and curl -X DELETE -H 'Content-Type: …' send it.
    expect((await fetch(`${server.url}/api/links/cabecalho-json`, { headers })).status).toBe(200);
    expect((await fetch(`${server.url}/api/links/cabecalho-json/insights?days=7`, { headers })).status).toBe(200);
    const bad = await fetch(`${server.url}/api/links/cabecalho-json`, { method: 'DELETE', headers, body: '{"x":' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiErrorBody).error.code).toBe('invalid_json');
    const deleted = await fetch(`${server.url}/api/links/cabecalho-json`, { method: 'DELETE', headers });
    expect(deleted.status).toBe(204);
    expect((await asOwner('GET', 'cabecalho-json', `Bearer ${link.manageToken}`)).statusCode).toBe(404);
  });
});

describe('DELETE when another request deleted the link first', () => {
  it('only the deletion that removed the row answers 204; one that lost the race answers 404', async () => {
    const link = await createLink(server, { url: 'https://example.com/corrida', alias: 'corrida' });
    const { services } = server.app;
    // The owner service over the real repository, whose deleteLink finds the row already gone:
    // another instance's (or the operator's) deletion came between this one's check and its delete.
    const forgotten: string[] = [];
    const owner = createLinkOwnerService({
      links: { ...services.linkRepository, deleteLink: async (target) => (await services.linkRepository.deleteLink(target)) && services.linkRepository.deleteLink(target) },
      counters: createCounterRepository(server.store.db),
      calendar: services.calendar,
      shortUrlFor: services.links.shortUrlFor,
      isBlockedUrl: () => false,
      clock: services.clock,
      onDeleted: (alias) => forgotten.push(alias),
    });
    await expect(owner.deleteLink('corrida', link.manageToken)).rejects.toMatchObject({ code: 'link_not_found', statusCode: 404 });
    // Gone either way, and forgotten by this instance's cache.
    expect(await server.store.db.selectFrom('links').select('id').where('alias', '=', 'corrida').execute()).toEqual([]);
    expect(forgotten).toEqual(['corrida']);
  });
});

describe('rate limit on token-checked routes', () => {
  it('answers 429 with Retry-After and a pt-BR message past the per-IP limit', async () => {
    const limited = await startTestServer({ env: { MANAGE_RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT_DISABLED: 'false' } });
    try {
      const link = await createLink(limited, { url: 'https://example.com/limite' });
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 7; i++) {
        last = await limited.app.server.inject({
          method: 'GET',
          url: `/api/links/${link.alias}`,
          headers: { authorization: `Bearer wrong-${i}` },
        });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([403, 403, 403, 403, 403, 429, 429]);
      expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
      expect(last?.json<ApiErrorBody>().error).toEqual({
        code: 'rate_limited',
        message: 'Muitas tentativas em pouco tempo. Aguarde um pouco e tente novamente.',
      });
      // Redirects and creation are not limited by it.
      expect((await limited.app.server.inject({ method: 'GET', url: `/${link.alias}`, headers: { 'user-agent': BROWSER } })).statusCode).toBe(302);
    } finally {
      await limited.close();
    }
  });
});
