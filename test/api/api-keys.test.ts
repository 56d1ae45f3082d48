// API keys through the real app and store, on both dialects: a key (issued by the admin tool)
// creates links that it then owns, lists them page by page, creates them in bulk, and opens
// only its own links; a bad key is refused with 401 on every route, never taken as anonymous;
// a keyed request is limited per key instead of per address.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAdmin } from '../../src/server/admin-cli.js';
import type { ApiErrorBody, BulkCreateResponse, CreateLinkResponse, LinkListResponse, LinkOwnerView, LinkSummary, StatsResponse } from '../../src/shared/api.js';
import { errorMessages } from '../../src/shared/messages.js';
import { createLink } from '../helpers/api.js';
import { BROWSER } from '../helpers/fixtures.js';
import { startTestServer, testDialect, type TestServer } from '../helpers/test-server.js';

const TIME_ZONE = 'America/Sao_Paulo';
/** The server's clock: frozen. */
const now = Date.parse('2026-05-01T13:00:00.000Z');

interface IssuedKey {
  id: number;
  name: string;
  key: string;
}

async function issueKey(server: TestServer, name: string, ...options: string[]): Promise<IssuedKey> {
  const result = await runAdmin(['keys', 'create', name, '--json', ...options], server.store, { timeZone: TIME_ZONE, clock: () => now });
  expect(result.code, result.output).toBe(0);
  return JSON.parse(result.output) as IssuedKey;
}

async function revokeKey(server: TestServer, key: IssuedKey): Promise<void> {
  const result = await runAdmin(['keys', 'revoke', String(key.id)], server.store, { timeZone: TIME_ZONE, clock: () => now });
  expect(result.code, result.output).toBe(0);
}

type Method = 'GET' | 'POST' | 'DELETE';

/** A request to the app; `auth` is an API key, a raw bearer token, or nothing. */
function call(server: TestServer, method: Method, url: string, auth?: IssuedKey | string, payload?: unknown, headers: Record<string, string> = {}) {
  const token = auth === undefined ? undefined : typeof auth === 'string' ? auth : auth.key;
  return server.app.server.inject({
    method,
    url,
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

async function createWithKey(server: TestServer, key: IssuedKey, body: Record<string, unknown>): Promise<CreateLinkResponse> {
  const res = await call(server, 'POST', '/api/links', key, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreateLinkResponse>();
}

async function listPage(server: TestServer, key: IssuedKey, query = ''): Promise<LinkListResponse> {
  const res = await call(server, 'GET', `/api/links${query}`, key);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<LinkListResponse>();
}

/** Every link of the key, following the cursor; checks each page's size. */
async function listAll(server: TestServer, key: IssuedKey, limit: number): Promise<{ links: LinkSummary[]; pageSizes: number[] }> {
  const links: LinkSummary[] = [];
  const pageSizes: number[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const res: LinkListResponse = await listPage(server, key, `?limit=${limit}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`);
    links.push(...res.links);
    pageSizes.push(res.links.length);
    cursor = res.nextCursor;
    if (cursor === null) break;
  }
  return { links, pageSizes };
}

const aliasesOf = (links: readonly { alias: string }[]): string[] => links.map((link) => link.alias);

async function linkCount(server: TestServer): Promise<number> {
  const row = await server.store.db
    .selectFrom('links')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function keyIdOf(server: TestServer, alias: string): Promise<number | null> {
  const row = await server.store.db.selectFrom('links').select('api_key_id').where('alias', '=', alias).executeTakeFirstOrThrow();
  return row.api_key_id === null ? null : Number(row.api_key_id);
}

function expectError(res: { statusCode: number; body: string }, status: number, code: keyof typeof errorMessages): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(JSON.parse(res.body) as ApiErrorBody).toEqual({ error: { code, message: errorMessages[code] } });
}

function visit(server: TestServer, alias: string) {
  return server.app.server.inject({ method: 'GET', url: `/${alias}`, headers: { 'user-agent': BROWSER } });
}

describe(`API keys (${testDialect})`, () => {
  let server: TestServer;

  beforeAll(async () => {
    // No stats cache: the bulk test reads links_today right after creating.
    server = await startTestServer({ clock: () => now, env: { STATS_CACHE_MS: '0' } });
  });
  afterAll(async () => {
    await server.close();
  });

  describe('authentication', () => {
    it('a keyed creation is 201 and the key owns the link; an anonymous one owns nothing', async () => {
      const key = await issueKey(server, 'dona');
      const created = await createWithKey(server, key, { url: 'https://example.com/com-chave', alias: 'com-chave' });
      expect(created).toMatchObject({ alias: 'com-chave', shortUrl: `${server.url}/com-chave`, url: 'https://example.com/com-chave' });
      expect(created.manageToken).toEqual(expect.any(String));
      expect(await keyIdOf(server, 'com-chave')).toBe(key.id);
      const anonymous = await createLink(server, { url: 'https://example.com/sem-chave' });
      expect(await keyIdOf(server, anonymous.alias)).toBeNull();
      expect(aliasesOf((await listPage(server, key)).links)).toEqual(['com-chave']);
    });

    it('an unknown, malformed, tampered or revoked key is 401 invalid_api_key on every route, and nothing happens', async () => {
      const good = await issueKey(server, 'recusas');
      const target = await createWithKey(server, good, { url: 'https://example.com/alvo', alias: 'alvo-recusas' });
      const revoked = await issueKey(server, 'revogada');
      await revokeKey(server, revoked);
      const [, publicId = '', secret = ''] = /^ebr_([0-9a-f]{16})_(.+)$/.exec(good.key) ?? [];
      const otherSecret = secret.startsWith('A') ? `B${secret.slice(1)}` : `A${secret.slice(1)}`;
      const badTokens = {
        unknown: `ebr_0123456789abcdef_${'A'.repeat(43)}`,
        tamperedSecret: `ebr_${publicId}_${otherSecret}`,
        truncated: good.key.slice(0, -1),
        uppercaseId: `ebr_${publicId.toUpperCase()}_${secret}`,
        prefixOnly: 'ebr_',
        garbage: 'ebr_nao-e-uma-chave',
        revoked: revoked.key,
      };
      const requests: [Method, string, unknown?][] = [
        ['POST', '/api/links', { url: 'https://example.com/nao-deve-existir' }],
        ['POST', '/api/links/bulk', { links: [{ url: 'https://example.com/nao-deve-existir' }] }],
        ['GET', '/api/links'],
        ['GET', `/api/links/${target.alias}`],
        ['DELETE', `/api/links/${target.alias}`],
        ['GET', `/api/links/${target.alias}/insights`],
      ];
      const before = await linkCount(server);
      for (const [label, token] of Object.entries(badTokens)) {
        for (const [method, url, payload] of requests) {
          const res = await call(server, method, url, token, payload);
          expectError(res, 401, 'invalid_api_key');
          expect(res.headers['www-authenticate'], `${label} ${method} ${url}`).toBe('Bearer');
        }
      }
      // Nothing was created, and the link is still there for its key.
      expect(await linkCount(server)).toBe(before);
      expect((await call(server, 'GET', `/api/links/${target.alias}`, good)).statusCode).toBe(200);
      expect((await visit(server, target.alias)).statusCode).toBe(302);
    });

    // A header that carries a key but is not one short `Bearer <token>` (over 200 characters, a
    // second word, another scheme) is a bad key, not anonymous use.
    it('a key in a malformed Authorization header is refused too, never taken as anonymous', async () => {
      const key = await issueKey(server, 'cabecalho-torto');
      const before = await linkCount(server);
      for (const authorization of [`Bearer ${key.key}${'A'.repeat(200)}`, `Bearer ebr_${'a'.repeat(300)}`, `Bearer ${key.key} extra`, `Token ${key.key}`, key.key]) {
        const res = await server.app.server.inject({ method: 'POST', url: '/api/links', headers: { authorization }, payload: { url: 'https://example.com/cabecalho' } });
        expectError(res, 401, 'invalid_api_key');
      }
      expect(await linkCount(server)).toBe(before);
    });

    it('revocation takes effect on the next request', async () => {
      const key = await issueKey(server, 'revogada-agora');
      const link = await createWithKey(server, key, { url: 'https://example.com/antes', alias: 'antes-revogar' });
      expect((await call(server, 'GET', '/api/links', key)).statusCode).toBe(200);
      expect((await call(server, 'GET', `/api/links/${link.alias}`, key)).statusCode).toBe(200);
      await revokeKey(server, key);
      expectError(await call(server, 'GET', '/api/links', key), 401, 'invalid_api_key');
      expectError(await call(server, 'GET', `/api/links/${link.alias}`, key), 401, 'invalid_api_key');
      expectError(await call(server, 'POST', '/api/links', key, { url: 'https://example.com/depois' }), 401, 'invalid_api_key');
      // The link itself stays: its manage token still opens it, and it still redirects.
      expect((await call(server, 'GET', `/api/links/${link.alias}`, link.manageToken)).statusCode).toBe(200);
      expect((await visit(server, link.alias)).statusCode).toBe(302);
    });
  });

  describe('ownership', () => {
    it("a key opens, reads the insights of and deletes its own links; another key's links and anonymous ones are 404 to it", async () => {
      const keyA = await issueKey(server, 'A');
      const keyB = await issueKey(server, 'B');
      const a1 = await createWithKey(server, keyA, { url: 'https://example.com/a1', alias: 'dono-a-1' });
      const a2 = await createWithKey(server, keyA, { url: 'https://example.com/a2', alias: 'dono-a-2' });
      const b1 = await createWithKey(server, keyB, { url: 'https://example.com/b1', alias: 'dono-b-1' });
      const anonymous = await createLink(server, { url: 'https://example.com/anonimo', alias: 'anonimo-dono' });
      await visit(server, a1.alias);
      await visit(server, a1.alias);
      await server.app.clicks.flush();

      const view = await call(server, 'GET', `/api/links/${a1.alias}`, keyA);
      expect(view.statusCode).toBe(200);
      expect(view.json<LinkOwnerView>()).toMatchObject({ alias: 'dono-a-1', url: 'https://example.com/a1', totalClicks: 2 });
      const insights = await call(server, 'GET', `/api/links/${a1.alias}/insights?days=7`, keyA);
      expect(insights.statusCode).toBe(200);
      expect(insights.json<{ alias: string; totalClicks: number }>()).toMatchObject({ alias: 'dono-a-1', totalClicks: 2 });

      for (const alias of [b1.alias, anonymous.alias, 'nao-existe-nada']) {
        expectError(await call(server, 'GET', `/api/links/${alias}`, keyA), 404, 'link_not_found');
        expectError(await call(server, 'GET', `/api/links/${alias}/insights`, keyA), 404, 'link_not_found');
        expectError(await call(server, 'DELETE', `/api/links/${alias}`, keyA), 404, 'link_not_found');
      }
      expectError(await call(server, 'GET', `/api/links/${a1.alias}`, keyB), 404, 'link_not_found');
      expectError(await call(server, 'DELETE', `/api/links/${a1.alias}`, keyB), 404, 'link_not_found');
      // What the other keys tried to delete is still there.
      for (const link of [a1, b1, anonymous]) expect((await visit(server, link.alias)).statusCode).toBe(302);

      // The manage token still opens a key-created link; an anonymous link's token still works.
      expect((await call(server, 'GET', `/api/links/${a2.alias}`, a2.manageToken)).statusCode).toBe(200);
      expect((await call(server, 'GET', `/api/links/${a2.alias}/insights`, a2.manageToken)).statusCode).toBe(200);
      expect((await call(server, 'GET', `/api/links/${anonymous.alias}`, anonymous.manageToken)).statusCode).toBe(200);
      // Another link's manage token does not open it (403 as before).
      expectError(await call(server, 'GET', `/api/links/${a2.alias}`, b1.manageToken), 403, 'forbidden');

      expect(aliasesOf((await listPage(server, keyA)).links)).toEqual(['dono-a-2', 'dono-a-1']);
      expect(aliasesOf((await listPage(server, keyB)).links)).toEqual(['dono-b-1']);

      // Deleted with the key, and with the manage token: both leave the listing.
      const deleted = await call(server, 'DELETE', `/api/links/${a1.alias}`, keyA);
      expect(deleted.statusCode).toBe(204);
      expect((await visit(server, a1.alias)).statusCode).toBe(404);
      expectError(await call(server, 'GET', `/api/links/${a1.alias}`, keyA), 404, 'link_not_found');
      expect(aliasesOf((await listPage(server, keyA)).links)).toEqual(['dono-a-2']);
      expect((await call(server, 'DELETE', `/api/links/${a2.alias}`, a2.manageToken)).statusCode).toBe(204);
      expect((await listPage(server, keyA)).links).toEqual([]);
      expect(aliasesOf((await listPage(server, keyB)).links)).toEqual(['dono-b-1']);
    });
  });

  describe('listing (GET /api/links)', () => {
    it('newest first; the cursor walks every link exactly once, and the last page has no cursor', async () => {
      const key = await issueKey(server, 'paginas');
      const other = await issueKey(server, 'vizinha');
      const made: string[] = [];
      for (let i = 1; i <= 7; i++) {
        made.push((await createWithKey(server, key, { url: `https://example.com/pagina/${i}`, alias: `pagina-${i}` })).alias);
        // Another key's links in between are not in this key's pages.
        await createWithKey(server, other, { url: `https://example.com/vizinha/${i}` });
      }
      const newestFirst = [...made].reverse();

      const { links, pageSizes } = await listAll(server, key, 3);
      expect(pageSizes).toEqual([3, 3, 1]);
      expect(aliasesOf(links)).toEqual(newestFirst);

      // A page that ends exactly at the last link has no next page.
      const exact = await listPage(server, key, '?limit=7');
      expect(aliasesOf(exact.links)).toEqual(newestFirst);
      expect(exact.nextCursor).toBeNull();
      const short = await listPage(server, key, '?limit=6');
      expect(short.nextCursor).toEqual(expect.any(String));
      const rest = await listPage(server, key, `?limit=6&cursor=${short.nextCursor ?? ''}`);
      expect(aliasesOf(rest.links)).toEqual(['pagina-1']);
      expect(rest.nextCursor).toBeNull();

      // A link created after a page was read does not shift the next page.
      const first = await listPage(server, key, '?limit=2');
      await createWithKey(server, key, { url: 'https://example.com/pagina/8', alias: 'pagina-8' });
      const second = await listPage(server, key, `?limit=2&cursor=${first.nextCursor ?? ''}`);
      expect(aliasesOf(second.links)).toEqual(['pagina-5', 'pagina-4']);
    });

    it('the default page is 50 links, the maximum 100', async () => {
      const key = await issueKey(server, 'muitos');
      const bulk = await call(server, 'POST', '/api/links/bulk', key, { links: Array.from({ length: 101 }, (_, i) => ({ url: `https://example.com/muitos/${i}` })) });
      expect(bulk.statusCode).toBe(200);
      const page = await listPage(server, key);
      expect(page.links).toHaveLength(50);
      expect(page.nextCursor).toEqual(expect.any(String));
      const max = await listPage(server, key, '?limit=100');
      expect(max.links).toHaveLength(100);
      const last = await listPage(server, key, `?limit=100&cursor=${max.nextCursor ?? ''}`);
      expect(last.links).toHaveLength(1);
      expect(last.nextCursor).toBeNull();
      // Bulk items are created concurrently, so on PostgreSQL their ids need not follow input
      // order: the two pages together hold each of the 101 links exactly once.
      const listed = [...max.links, ...last.links].map((link) => link.url).sort();
      const sent = Array.from({ length: 101 }, (_, i) => `https://example.com/muitos/${i}`).sort();
      expect(listed).toEqual(sent);
    });

    it('each link shows its url, clicks so far, options (never the password) and whether it is disabled', async () => {
      const key = await issueKey(server, 'resumo');
      const plain = await createWithKey(server, key, { url: 'https://example.com/simples', alias: 'resumo-simples' });
      const clicked = await createWithKey(server, key, { url: 'https://example.com/clicado', alias: 'resumo-clicado' });
      const expiresAt = new Date(now + 7 * 24 * 3600_000).toISOString();
      const password = 'senha-secreta-123';
      await createWithKey(server, key, { url: 'https://example.com/opcoes', alias: 'resumo-opcoes', maxClicks: 5, password, expiresAt, iosUrl: 'https://example.com/ios' });
      for (let i = 0; i < 3; i++) expect((await visit(server, clicked.alias)).statusCode).toBe(302);
      await server.app.clicks.flush();
      expect(await runAdmin(['disable', plain.alias], server.store, { timeZone: TIME_ZONE, clock: () => now })).toMatchObject({ code: 0 });

      const res = await call(server, 'GET', '/api/links', key);
      expect(res.body).not.toContain(password);
      expect(res.body).not.toMatch(/scrypt|hash|manageToken/i);
      const byAlias = new Map(res.json<LinkListResponse>().links.map((link) => [link.alias, link]));
      expect(byAlias.get('resumo-clicado')).toEqual({
        alias: 'resumo-clicado',
        shortUrl: `${server.url}/resumo-clicado`,
        url: 'https://example.com/clicado',
        createdAt: new Date(now).toISOString(),
        totalClicks: 3,
        disabled: false,
        expiresAt: null,
        maxClicks: null,
        clicksLeft: null,
        protected: false,
        iosUrl: null,
        androidUrl: null,
      });
      expect(byAlias.get('resumo-opcoes')).toEqual({
        alias: 'resumo-opcoes',
        shortUrl: `${server.url}/resumo-opcoes`,
        url: 'https://example.com/opcoes',
        createdAt: new Date(now).toISOString(),
        totalClicks: 0,
        disabled: false,
        expiresAt,
        maxClicks: 5,
        clicksLeft: 5,
        protected: true,
        iosUrl: 'https://example.com/ios',
        androidUrl: null,
      });
      expect(byAlias.get('resumo-simples')).toMatchObject({ disabled: true, totalClicks: 0 });
      // Enabled again, it says so at once (the listing reads the store, not a cache).
      expect(await runAdmin(['enable', plain.alias], server.store, { timeZone: TIME_ZONE, clock: () => now })).toMatchObject({ code: 0 });
      expect((await listPage(server, key)).links.find((link) => link.alias === plain.alias)?.disabled).toBe(false);
    });

    it('a bad limit, cursor or parameter is 400; without a key it is 401 api_key_required', async () => {
      const key = await issueKey(server, 'parametros');
      await createWithKey(server, key, { url: 'https://example.com/parametros' });
      for (const limit of ['0', '101', '999', '1000', 'abc', '1.5', '-1', '', '1e1', '%201']) {
        expectError(await call(server, 'GET', `/api/links?limit=${limit}`, key), 400, 'invalid_limit');
      }
      expectError(await call(server, 'GET', '/api/links?limit=2&limit=3', key), 400, 'invalid_limit');
      const cursorOf = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
      for (const cursor of ['garbage!', 'abc', cursorOf('id:0'), cursorOf('id:-1'), cursorOf('id:1.5'), cursorOf('id:'), cursorOf('x:5'), 'A'.repeat(101), '%00']) {
        expectError(await call(server, 'GET', `/api/links?cursor=${cursor}`, key), 400, 'invalid_cursor');
      }
      // A well-made cursor is accepted.
      expect((await call(server, 'GET', `/api/links?cursor=${cursorOf('id:99999')}`, key)).statusCode).toBe(200);

      const unknown = await call(server, 'GET', '/api/links?page=2', key);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json<ApiErrorBody>().error.code).toBe('unknown_field');

      for (const auth of [undefined, 'um-codigo-de-gerenciamento-qualquer']) {
        const res = await call(server, 'GET', '/api/links', auth);
        expectError(res, 401, 'api_key_required');
        expect(res.headers['www-authenticate']).toBe('Bearer');
        // The key is asked for before the query is looked at.
        for (const query of ['limit=0', 'cursor=garbage!', 'page=2']) expectError(await call(server, 'GET', `/api/links?${query}`, auth), 401, 'api_key_required');
      }
    });
  });

  describe('bulk creation (POST /api/links/bulk)', () => {
    it('answers each item on its own, in input order; failures do not stop the others', async () => {
      const key = await issueKey(server, 'lote');
      await createLink(server, { url: 'https://example.com/ja-existe', alias: 'lote-ocupado' });
      const items: unknown[] = [
        { url: 'https://example.com/lote/0' },
        { url: 'isto não é url' },
        'não é objeto',
        { url: 'https://example.com/lote/3', campo: 'extra' },
        { url: 'https://example.com/lote/4', alias: 'lote-ocupado' },
        { url: 'https://example.com/lote/5', alias: 'lote-duplo' },
        { url: 'https://example.com/lote/6', maxClicks: 0 },
        { url: 'https://example.com/lote/7', alias: 'lote-duplo' },
        { url: 'https://example.com/lote/8', password: 'senha-do-lote', alias: 'lote-senha' },
        {},
        { url: 'https://example.com/lote/10', expiresAt: new Date(now - 3600_000).toISOString() },
        { url: 'https://example.com/lote/11', alias: 'x!' },
        null,
        { url: 'https://example.com/lote/13', alias: 'lote-ultimo' },
      ];
      const before = await linkCount(server);
      const res = await call(server, 'POST', '/api/links/bulk', key, { links: items });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const { results } = res.json<BulkCreateResponse>();
      expect(results).toHaveLength(items.length);

      const codes = results.map((result) => (result.ok ? 'ok' : result.error.code));
      expect(codes).toEqual([
        'ok',
        'invalid_url',
        'invalid_request',
        'unknown_field',
        'alias_taken',
        // The two requests for lote-duplo: the first in input order has it.
        'ok',
        'invalid_max_clicks',
        'alias_taken',
        'ok',
        'invalid_url',
        'invalid_expires_at',
        'invalid_alias',
        'invalid_request',
        'ok',
      ]);
      for (const result of results) {
        if (result.ok) continue;
        if (result.error.code === 'unknown_field') expect(result.error.message).toBe(`${errorMessages.unknown_field} Campo não permitido: "campo".`);
        else expect(result.error.message).toBe(errorMessages[result.error.code as keyof typeof errorMessages]);
      }

      const created = results.flatMap((result) => (result.ok ? [result.link] : []));
      expect(created).toHaveLength(4);
      expect(await linkCount(server)).toBe(before + 4);
      // Each result is the created link, in its input's place.
      expect(results[0]).toMatchObject({ ok: true, link: { url: 'https://example.com/lote/0' } });
      expect(results[5]).toMatchObject({ ok: true, link: { alias: 'lote-duplo', url: 'https://example.com/lote/5' } });
      expect(results[8]).toMatchObject({ ok: true, link: { alias: 'lote-senha', protected: true } });
      expect(results[13]).toMatchObject({ ok: true, link: { alias: 'lote-ultimo', url: 'https://example.com/lote/13' } });
      for (const link of created) {
        expect(link.shortUrl).toBe(`${server.url}/${link.alias}`);
        expect(link.manageToken).toEqual(expect.any(String));
        expect(await keyIdOf(server, link.alias)).toBe(key.id);
      }

      // The plain ones redirect to their url; the protected one asks for its password.
      for (const link of created.filter((l) => !l.protected)) {
        const visited = await visit(server, link.alias);
        expect(visited.statusCode, link.alias).toBe(302);
        expect(visited.headers.location).toBe(link.url);
      }
      const gate = await visit(server, 'lote-senha');
      expect(gate.statusCode).toBe(200);
      expect(gate.headers.location).toBeUndefined();
      const unlocked = await server.app.server.inject({
        method: 'POST',
        url: '/lote-senha',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER },
        payload: new URLSearchParams({ password: 'senha-do-lote' }).toString(),
      });
      expect(unlocked.statusCode).toBe(302);
      expect(unlocked.headers.location).toBe('https://example.com/lote/8');

      // The listing shows exactly the created links (its pages are newest first by id, and
      // concurrent items have no set order among themselves).
      expect(aliasesOf((await listPage(server, key)).links).sort()).toEqual(aliasesOf(created).sort());
    });

    it('items asking for one alias: the first in input order that can have it does, whatever its options cost', async () => {
      const key = await issueKey(server, 'mesmo-alias');
      const res = await call(server, 'POST', '/api/links/bulk', key, {
        links: [
          // Hashed (slow) before its insert: racing, the plain copy after it used to win.
          { url: 'https://example.com/primeiro', alias: 'corrida-x', password: 'segredo-1' },
          { url: 'https://example.com/segundo', alias: 'CORRIDA-X' },
          // The first asking for corrida-y fails on its own: the next one has the alias.
          { url: 'isto não é url', alias: 'corrida-y' },
          { url: 'https://example.com/terceiro', alias: 'corrida-y' },
          { url: 'https://example.com/quarto', alias: 'corrida-y' },
        ],
      });
      expect(res.statusCode).toBe(200);
      const { results } = res.json<BulkCreateResponse>();
      expect(results.map((result) => (result.ok ? result.link.url : result.error.code))).toEqual([
        'https://example.com/primeiro',
        'alias_taken',
        'invalid_url',
        'https://example.com/terceiro',
        'alias_taken',
      ]);
      expect(results[0]).toMatchObject({ ok: true, link: { alias: 'corrida-x', protected: true } });
      expect((await visit(server, 'corrida-x')).statusCode).toBe(200);
      expect((await visit(server, 'corrida-y')).headers.location).toBe('https://example.com/terceiro');
    });

    it('takes 1 000 items: all are created, listed and redirect; they count in the site statistics', async () => {
      const key = await issueKey(server, 'mil');
      const statsBefore = (await call(server, 'GET', '/api/stats')).json<StatsResponse>();
      const items = Array.from({ length: 1000 }, (_, i) => ({ url: `https://example.com/mil/${i}` }));
      const res = await call(server, 'POST', '/api/links/bulk', key, { links: items });
      expect(res.statusCode).toBe(200);
      const { results } = res.json<BulkCreateResponse>();
      expect(results).toHaveLength(1000);
      const links = results.map((result, i) => {
        if (!result.ok) throw new Error(`item ${i} failed: ${result.error.code}`);
        return result.link;
      });
      expect(links.map((link) => link.url)).toEqual(items.map((item) => item.url));
      expect(new Set(aliasesOf(links)).size).toBe(1000);

      const statsAfter = (await call(server, 'GET', '/api/stats')).json<StatsResponse>();
      expect(statsAfter.links_today - statsBefore.links_today).toBe(1000);

      const listed = await listAll(server, key, 100);
      expect(listed.pageSizes).toEqual(Array<number>(10).fill(100));
      expect(aliasesOf(listed.links).sort()).toEqual(aliasesOf(links).sort());
      for (const link of links) {
        const visited = await visit(server, link.alias);
        expect(visited.statusCode).toBe(302);
        expect(visited.headers.location).toBe(link.url);
      }
    });

    it('0, 1 001 or no links at all is 400 invalid_bulk; without a key 401; nothing is created', async () => {
      const key = await issueKey(server, 'lote-invalido');
      const before = await linkCount(server);
      const bodies: unknown[] = [
        { links: [] },
        { links: Array.from({ length: 1001 }, (_, i) => ({ url: `https://example.com/demais/${i}` })) },
        {},
        { links: { url: 'https://example.com/um' } },
        { links: 'https://example.com/um' },
        { links: null },
      ];
      for (const body of bodies) expectError(await call(server, 'POST', '/api/links/bulk', key, body), 400, 'invalid_bulk');
      // A body that is not an object at all is refused as any such body is.
      expectError(await call(server, 'POST', '/api/links/bulk', key, [{ url: 'https://example.com/um' }]), 400, 'invalid_request');
      const extra = await call(server, 'POST', '/api/links/bulk', key, { links: [{ url: 'https://example.com/um' }], modo: 'rapido' });
      expect(extra.statusCode).toBe(400);
      expect(extra.json<ApiErrorBody>().error.code).toBe('unknown_field');

      for (const auth of [undefined, 'codigo-de-gerenciamento']) {
        const res = await call(server, 'POST', '/api/links/bulk', auth, { links: [{ url: 'https://example.com/anonimo' }] });
        expectError(res, 401, 'api_key_required');
        expect(res.headers['www-authenticate']).toBe('Bearer');
        // The key is asked for before the body is read: a bad body gets the same 401.
        const oversized = { links: [{ url: `https://example.com/${'a'.repeat(6 * 1024 * 1024)}` }] };
        for (const body of [{ links: null }, [{ url: 'https://example.com/um' }], { links: [], modo: 'rapido' }, oversized]) {
          expectError(await call(server, 'POST', '/api/links/bulk', auth, body), 401, 'api_key_required');
        }
      }
      expect(await linkCount(server)).toBe(before);
    });
  });
});

describe(`API keys: limits per key (${testDialect})`, () => {
  const started: TestServer[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    for (const server of started.splice(0)) await server.close();
  });

  async function limitedServer(env: Record<string, string> = {}): Promise<TestServer> {
    const server = await startTestServer({ env: { RATE_LIMIT_DISABLED: 'false', ...env } });
    started.push(server);
    return server;
  }

  it("a key gets its own figure per minute on every route, then 429 with Retry-After; another key is unaffected", async () => {
    // Only Date is faked: the limit's window (and PostgreSQL's limit store) reads the clock.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 4, 1, 13) });
    const server = await limitedServer();
    const small = await issueKey(server, 'pequena', '--per-minute', '3');
    const other = await issueKey(server, 'outra');

    // Three requests, on three routes, use the minute up.
    const link = await createWithKey(server, small, { url: 'https://example.com/limitada', alias: 'limitada' });
    expect((await call(server, 'GET', '/api/links', small)).statusCode).toBe(200);
    expect((await call(server, 'GET', `/api/links/${link.alias}`, small)).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['GET', '/api/links'],
      ['POST', '/api/links', { url: 'https://example.com/demais' }],
      ['POST', '/api/links/bulk', { links: [{ url: 'https://example.com/demais' }] }],
      ['GET', `/api/links/${link.alias}/insights`],
      ['DELETE', `/api/links/${link.alias}`],
    ] as [Method, string, unknown?][]) {
      const refused = await call(server, method, url, small, payload);
      expectError(refused, 429, 'rate_limited');
      const wait = Number(refused.headers['retry-after']);
      expect(wait, `${method} ${url}`).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
    }
    // Nothing refused was done.
    expect(await linkCount(server)).toBe(1);
    expect((await visit(server, link.alias)).statusCode).toBe(302);

    // The other key (the default figure, 600) and anonymous use are not touched.
    for (let i = 0; i < 5; i++) expect((await call(server, 'GET', '/api/links', other)).statusCode).toBe(200);
    expect((await call(server, 'POST', '/api/links', undefined, { url: 'https://example.com/anonimo' })).statusCode).toBe(201);

    // A new minute, a new budget.
    vi.setSystemTime(Date.now() + 61_000);
    expect((await call(server, 'GET', '/api/links', small)).statusCode).toBe(200);
  });

  it('a key without its own figure gets API_KEY_RATE_LIMIT_PER_MINUTE', async () => {
    const server = await limitedServer({ API_KEY_RATE_LIMIT_PER_MINUTE: '4' });
    const key = await issueKey(server, 'padrao');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(server, 'GET', '/api/links', key)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // Its own figure wins over the default.
    const own = await issueKey(server, 'propria', '--per-minute', '6');
    const ownStatuses: number[] = [];
    for (let i = 0; i < 7; i++) ownStatuses.push((await call(server, 'GET', '/api/links', own)).statusCode);
    expect(ownStatuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });

  it('keyed creations skip the per-address limit that anonymous ones hit after 10', async () => {
    const server = await limitedServer();
    const key = await issueKey(server, 'cem', '--per-minute', '100');
    const anonymous: number[] = [];
    for (let i = 0; i < 12; i++) anonymous.push((await call(server, 'POST', '/api/links', undefined, { url: `https://example.com/anonimo/${i}` })).statusCode);
    expect(anonymous).toEqual([...Array<number>(10).fill(201), 429, 429]);

    // Same address, with the key: all 15 go through although the address is out of budget.
    const keyed: number[] = [];
    for (let i = 0; i < 15; i++) keyed.push((await call(server, 'POST', '/api/links', key, { url: `https://example.com/chave/${i}` })).statusCode);
    expect(keyed).toEqual(Array<number>(15).fill(201));
    expect((await listAll(server, key, 100)).links).toHaveLength(15);
    // And the address is still out of budget for anonymous use.
    expect((await call(server, 'POST', '/api/links', undefined, { url: 'https://example.com/anonimo/depois' })).statusCode).toBe(429);
  });

  it('bad keys from one address: 401 thirty times a minute, then 429 (trying keys at speed); a good key from there still works', async () => {
    const server = await limitedServer();
    const key = await issueKey(server, 'vizinha');
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await call(server, 'GET', '/api/links', `ebr_0123456789abcdef_${String(i).padStart(43, 'C')}`)).statusCode);
    expect(statuses).toEqual([...Array<number>(30).fill(401), 429, 429]);
    expect((await call(server, 'GET', '/api/links', key)).statusCode).toBe(200);
  });

  it('a bad key is 401, not counted against anyone, even with the limits on', async () => {
    const server = await limitedServer();
    const key = await issueKey(server, 'boa', '--per-minute', '2');
    for (let i = 0; i < 5; i++) expectError(await call(server, 'GET', '/api/links', `ebr_0123456789abcdef_${'B'.repeat(43)}`), 401, 'invalid_api_key');
    expect((await call(server, 'GET', '/api/links', key)).statusCode).toBe(200);
    expect((await call(server, 'GET', '/api/links', key)).statusCode).toBe(200);
    expect((await call(server, 'GET', '/api/links', key)).statusCode).toBe(429);
  });
});
