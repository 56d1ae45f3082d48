// A client made by third-party tools from the OpenAPI document alone — types by
// openapi-typescript (test/api/generated/openapi.d.ts, kept current by openapi-types.test.ts),
// requests by openapi-fetch — drives the real server on both dialects: anonymous and keyed
// creation with options, bulk creation with failing items, the key's listing page by page, the
// owner's view, insights, deletion and typed error bodies. Only typed calls: if a route changes
// shape and the types are regenerated, this file stops type-checking where it relied on the old one.
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { runAdmin } from '../../src/server/admin-cli.js';
import type {
  ApiErrorBody,
  BulkCreateResponse,
  CreateLinkRequest,
  CreateLinkResponse,
  LinkInsights,
  LinkListResponse,
  LinkOwnerView,
  LinkSummary,
  StatsResponse,
} from '../../src/shared/api.js';
import type { ApiErrorCode } from '../../src/shared/messages.js';
import { BROWSER } from '../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import type { components, paths } from './generated/openapi.js';

type Schemas = components['schemas'];
type Json<Path extends keyof paths, Method extends keyof paths[Path], Status extends number> = paths[Path][Method] extends {
  responses: Record<Status, { content: { 'application/json': infer Body } }>;
}
  ? Body
  : never;

let server: TestServer;
let client: Client<paths>;
/** The same client with an API key on every request. */
let keyed: Client<paths>;

beforeAll(async () => {
  server = await startTestServer();
  const issued = await runAdmin(['keys', 'create', 'cliente-gerado', '--json'], server.store, { timeZone: 'America/Sao_Paulo' });
  expect(issued.code, issued.output).toBe(0);
  const { key } = JSON.parse(issued.output) as { key: string };
  client = createClient<paths>({ baseUrl: server.url });
  keyed = createClient<paths>({ baseUrl: server.url, headers: { Authorization: `Bearer ${key}` } });
});

afterAll(async () => {
  await server.close();
});

/** The body of a success, or a failure that shows what the server answered instead. */
function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) throw new Error(`expected a success, got ${result.response.status}: ${JSON.stringify(result.error)}`);
  return result.data;
}

/** The typed error body of a failure. */
function failed<E>(result: { data?: unknown; error?: E; response: Response }): E {
  if (result.error === undefined) throw new Error(`expected an error, got ${result.response.status}`);
  return result.error;
}

const manage = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

describe('the generated types', () => {
  it('agree with the hand-written contract in src/shared/api.ts', () => {
    expectTypeOf<Schemas['LinkCriado']>().toEqualTypeOf<CreateLinkResponse>();
    expectTypeOf<Schemas['Link']>().toEqualTypeOf<LinkOwnerView>();
    expectTypeOf<Schemas['ResumoDoLink']>().toEqualTypeOf<LinkSummary>();
    expectTypeOf<Schemas['Erro']>().toEqualTypeOf<ApiErrorBody>();
    expectTypeOf<Schemas['Erro']['error']['code']>().toEqualTypeOf<ApiErrorCode>();
    // What the site's own code sends is a valid NovoLink (which also takes null for an absent option).
    expectTypeOf<CreateLinkRequest>().toExtend<Schemas['NovoLink']>();
    expectTypeOf<Json<'/api/links', 'get', 200>>().toEqualTypeOf<LinkListResponse>();
    expectTypeOf<Json<'/api/links/bulk', 'post', 200>>().toEqualTypeOf<BulkCreateResponse>();
    expectTypeOf<Json<'/api/links/{alias}/insights', 'get', 200>>().toEqualTypeOf<LinkInsights>();
    expectTypeOf<Json<'/api/stats', 'get', 200>>().toEqualTypeOf<StatsResponse>();
  });
});

describe('a client generated from the document', () => {
  it('creates a link anonymously, with options, and sees and deletes it with its manage token', async () => {
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const created = ok(
      await client.POST('/api/links', {
        body: { url: 'https://example.com/gerado', alias: 'gerado-anonimo', expiresAt, maxClicks: 10, password: 'segredo1', iosUrl: 'https://example.com/ios' },
      }),
    );
    expect(created).toMatchObject({
      alias: 'gerado-anonimo',
      shortUrl: `${server.url}/gerado-anonimo`,
      url: 'https://example.com/gerado',
      expiresAt,
      maxClicks: 10,
      clicksLeft: 10,
      protected: true,
      iosUrl: 'https://example.com/ios',
      androidUrl: null,
    });
    expect(created.manageToken).toEqual(expect.any(String));

    const path = { alias: created.alias };
    const view = ok(await client.GET('/api/links/{alias}', { params: { path }, ...manage(created.manageToken) }));
    expect(view).toMatchObject({ alias: 'gerado-anonimo', totalClicks: 0, protected: true, maxClicks: 10 });
    expect(view.daily).toHaveLength(30);

    // Not the key's link: it cannot see it.
    const notTheKeys = failed(await keyed.GET('/api/links/{alias}', { params: { path } }));
    expect(notTheKeys.error.code).toBe('link_not_found');

    const deleted = await client.DELETE('/api/links/{alias}', { params: { path }, ...manage(created.manageToken) });
    expect(deleted.response.status).toBe(204);
    expect(deleted.error).toBeUndefined();

    const gone = await client.GET('/api/links/{alias}', { params: { path }, ...manage(created.manageToken) });
    expect(gone.response.status).toBe(404);
    expect(failed(gone).error.code).toBe('link_not_found');
  });

  it('creates with a key, in bulk with failing items, and lists the key’s links page by page', async () => {
    const first = ok(await keyed.POST('/api/links', { body: { url: 'https://example.com/chave-1', alias: 'gerado-chave-1' } }));
    expect(first).toMatchObject({ alias: 'gerado-chave-1', protected: false, expiresAt: null, maxClicks: null });

    const bulk = ok(
      await keyed.POST('/api/links/bulk', {
        body: {
          links: [
            { url: 'https://example.com/lote-1', alias: 'gerado-lote-1' },
            { url: 'nao e uma url' },
            { url: 'https://example.com/lote-3', alias: 'gerado-chave-1' },
            { url: 'https://example.com/lote-4', alias: 'gerado-lote-4', androidUrl: 'https://example.com/android' },
          ],
        },
      }),
    );
    expect(bulk.results.map((result) => (result.ok ? result.link.alias : result.error.code))).toEqual([
      'gerado-lote-1',
      'invalid_url',
      'alias_taken',
      'gerado-lote-4',
    ]);
    const last = bulk.results[3];
    if (last?.ok !== true) throw new Error('the last item should have been created');
    expect(last.link.androidUrl).toBe('https://example.com/android');

    // Three links, two per page, newest first: the bulk's two (created together), then the single one.
    const aliases: string[] = [];
    const pageSizes: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const listed = ok(await keyed.GET('/api/links', { params: { query: { limit: '2', ...(cursor === undefined ? {} : { cursor }) } } }));
      aliases.push(...listed.links.map((link) => link.alias));
      pageSizes.push(listed.links.length);
      for (const link of listed.links) expect(link).toMatchObject({ disabled: false, totalClicks: 0 });
      if (listed.nextCursor === null) break;
      cursor = listed.nextCursor;
    }
    expect(pageSizes).toEqual([2, 1]);
    expect(new Set(aliases)).toEqual(new Set(['gerado-chave-1', 'gerado-lote-1', 'gerado-lote-4']));
    expect(aliases.at(-1)).toBe('gerado-chave-1');

    // The key opens and deletes its own links without their manage tokens.
    const view = ok(await keyed.GET('/api/links/{alias}', { params: { path: { alias: 'gerado-lote-4' } } }));
    expect(view.androidUrl).toBe('https://example.com/android');
    const deleted = await keyed.DELETE('/api/links/{alias}', { params: { path: { alias: 'gerado-lote-4' } } });
    expect(deleted.response.status).toBe(204);
  });

  it('reads insights of a visited link', async () => {
    const created = ok(await client.POST('/api/links', { body: { url: 'https://example.com/insights', alias: 'gerado-insights' } }));
    for (let i = 0; i < 2; i++) {
      const visit = await fetch(`${server.url}/gerado-insights?utm_source=instagram`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
      expect(visit.status).toBe(302);
    }
    await server.app.clicks.flushAll();

    const insights = ok(
      await client.GET('/api/links/{alias}/insights', {
        params: { path: { alias: created.alias }, query: { days: '7' } },
        ...manage(created.manageToken),
      }),
    );
    expect(insights).toMatchObject({ alias: 'gerado-insights', days: 7, totalClicks: 2, breakdowns: true });
    expect(insights.daily).toHaveLength(7);
    expect(insights.daily.at(-1)?.clicks).toBe(2);
    expect(insights.hours).toHaveLength(24);
    expect(insights.hours.reduce((sum, n) => sum + n, 0)).toBe(2);
    expect(insights.sources).toEqual([{ key: 'instagram', clicks: 2 }]);
    expect(insights.devices).toEqual([{ key: 'desktop', clicks: 2 }]);
    expect(insights.systems).toEqual([{ key: 'windows', clicks: 2 }]);

    const view = ok(await client.GET('/api/links/{alias}', { params: { path: { alias: created.alias } }, ...manage(created.manageToken) }));
    expect(view.totalClicks).toBe(2);

    const stats = ok(await client.GET('/api/stats'));
    expect(stats.clicks_today).toBeGreaterThanOrEqual(2);
    expect(stats.links_today).toBeGreaterThanOrEqual(1);
  });

  it('answers typed error bodies', async () => {
    const badUrl = await client.POST('/api/links', { body: { url: 'ftp://example.com/arquivo' } });
    expect(badUrl.response.status).toBe(400);
    expect(failed(badUrl).error).toEqual({ code: 'url_protocol', message: expect.any(String) });

    const taken = ok(await client.POST('/api/links', { body: { url: 'https://example.com/ocupado', alias: 'gerado-ocupado' } }));
    const conflict = await client.POST('/api/links', { body: { url: 'https://example.com/outro', alias: taken.alias } });
    expect(conflict.response.status).toBe(409);
    expect(failed(conflict).error.code).toBe('alias_taken');

    const noKey = await client.GET('/api/links', {});
    expect(noKey.response.status).toBe(401);
    expect(failed(noKey).error.code).toBe('api_key_required');

    const badLimit = await keyed.GET('/api/links', { params: { query: { limit: '0' } } });
    expect(badLimit.response.status).toBe(400);
    expect(failed(badLimit).error.code).toBe('invalid_limit');

    const bulkWithoutKey = await client.POST('/api/links/bulk', { body: { links: [{ url: 'https://example.com' }] } });
    expect(bulkWithoutKey.response.status).toBe(401);
    expect(failed(bulkWithoutKey).error.code).toBe('api_key_required');

    const wrongToken = await client.GET('/api/links/{alias}', { params: { path: { alias: taken.alias } }, ...manage('codigo-errado') });
    expect(wrongToken.response.status).toBe(403);
    expect(failed(wrongToken).error.code).toBe('forbidden');

    const noToken = await client.DELETE('/api/links/{alias}', { params: { path: { alias: taken.alias } } });
    expect(noToken.response.status).toBe(401);
    expect(failed(noToken).error.code).toBe('unauthorized');

    const badKey = await createClient<paths>({ baseUrl: server.url, headers: { Authorization: 'Bearer ebr_invalida' } }).POST('/api/links', {
      body: { url: 'https://example.com' },
    });
    expect(badKey.response.status).toBe(401);
    expect(failed(badKey).error.code).toBe('invalid_api_key');

    const report = await client.POST('/api/reports', { body: { alias: 'nao-existe-aqui', reason: 'Parece um golpe de falso sorteio.' } });
    expect(report.response.status).toBe(404);
    expect(failed(report).error.code).toBe('link_not_found');

    // The error's type is the document's Erro: its code is one of the API's codes.
    expectTypeOf(failed(report).error.code).toEqualTypeOf<ApiErrorCode>();
  });
});
