// The OpenAPI document at GET /api/openapi.json, on both dialects: it is a valid OpenAPI 3.1
// document (checked by a third-party validator), it describes every route of API_ROUTES with a
// summary, its successes, its errors (as Erro) and its security, and what the real server
// answers validates against the schema the document gives for that status (Ajv, JSON Schema
// 2020-12) — so a route schema that drifts from the code fails here.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/server/admin-cli.js';
import { ADMIN_API_ROUTES } from '../../src/shared/admin-api.js';
import { API_ROUTES } from '../../src/shared/api.js';
import { BROWSER } from '../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

interface MediaType {
  schema: Record<string, unknown>;
}

interface ResponseObject {
  description?: string;
  content?: Record<string, MediaType>;
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; description?: string }[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
}

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Record<string, unknown>>;
    securitySchemes: Record<string, { type: string; scheme?: string }>;
  };
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const ERROR_REF = '#/components/schemas/Erro';
const NEW_LINK_REF = '#/components/schemas/NovoLink';

let server: TestServer;
let raw: unknown;
let doc: OpenApiDocument;

beforeAll(async () => {
  server = await startTestServer();
  const res = await fetch(`${server.url}${API_ROUTES.openapi.url}`);
  expect(res.status).toBe(200);
  raw = await res.json();
  doc = raw as OpenApiDocument;
});

afterAll(async () => {
  await server.close();
});

/** `/api/links/:alias` → `/api/links/{alias}`. */
const openApiPath = (url: string): string => url.replace(/:(\w+)/g, '{$1}');

function operations(): { path: string; method: string; operation: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => ({ path, method, operation })),
  );
}

function operation(route: { method: string; url: string }): Operation {
  const found = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
  if (found === undefined) throw new Error(`${route.method} ${route.url} is not in the document`);
  return found;
}

/** Every `$ref` in the document, with where it is. */
function collectRefs(value: unknown, at = '#', found: { at: string; ref: string }[] = []): { at: string; ref: string }[] {
  if (Array.isArray(value)) value.forEach((item, i) => collectRefs(item, `${at}/${i}`, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push({ at, ref: child });
      else collectRefs(child, `${at}/${escapePointer(key)}`, found);
    }
  }
  return found;
}

const escapePointer = (part: string): string => part.replaceAll('~', '~0').replaceAll('/', '~1');

/** The value a local JSON pointer (`#/a/b`) names in the document, or undefined. */
function resolvePointer(ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let value: unknown = raw;
  for (const part of ref.slice(2).split('/')) {
    const key = decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof value !== 'object' || value === null || !(key in value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

describe('the document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    // A copy: the validator may keep or change what it is given.
    const result = await validator.validate(structuredClone(raw) as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
  });

  it('has every route of API_ROUTES and ADMIN_API_ROUTES with its method, and the short link itself, and nothing else', () => {
    const expected = [...Object.entries(API_ROUTES).filter(([name]) => name !== 'openapi'), ...Object.entries(ADMIN_API_ROUTES)]
      .map(([, route]) => `${route.method.toLowerCase()} ${openApiPath(route.url)}`)
      .concat(['get /{alias}', 'post /{alias}'])
      .sort();
    const documented = operations()
      .map(({ method, path }) => `${method} ${path}`)
      .sort();
    expect(documented).toEqual(expected);
    expect(doc.paths[API_ROUTES.openapi.url]).toBeUndefined();
  });

  it('describes the short link as pages: 302 to the target, HTML for everything else, no security', () => {
    const pages = operations().filter(({ path }) => path === '/{alias}');
    expect(pages.map(({ method }) => method).sort()).toEqual(['get', 'post']);
    for (const { method, operation: op } of pages) {
      expect(op.security, method).toEqual([]);
      expect(op.parameters?.map((p) => `${p.in}:${p.name}`), method).toEqual(['path:alias']);
      expect(op.parameters?.[0]?.description, method).toMatch(/^O alias do link curto/);
      expect(op.responses['302']?.content, method).toBeUndefined();
      for (const status of ['404', '410', '503']) expect(op.responses[status]?.content?.['text/html']?.schema, `${method} ${status}`).toMatchObject({ type: 'string' });
    }
  });

  it('gives every operation of the JSON API a summary, a success and its errors as Erro', () => {
    for (const { path, method, operation: op } of operations().filter(({ path }) => path !== '/{alias}')) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.summary?.trim(), where).toBeTruthy();
      const statuses = Object.keys(op.responses);
      expect(
        statuses.filter((status) => /^2\d\d$/.test(status)),
        where,
      ).not.toHaveLength(0);
      const errors = statuses.filter((status) => /^[45]\d\d$/.test(status));
      expect(errors, where).not.toHaveLength(0);
      for (const status of errors) {
        expect(op.responses[status]?.description, `${where} ${status}`).toBeTruthy();
        expect(op.responses[status]?.content?.['application/json']?.schema, `${where} ${status}`).toEqual({ $ref: ERROR_REF });
      }
      for (const status of statuses.filter((s) => /^2\d\d$/.test(s) && s !== '204')) {
        expect(op.responses[status]?.content?.['application/json']?.schema, `${where} ${status}`).toBeDefined();
      }
      if (op.responses['204'] !== undefined) expect(op.responses['204'].content, `${where} 204`).toBeUndefined();
    }
    expect(doc.components.schemas.Erro).toMatchObject({ type: 'object', required: ['error'] });
  });

  it('declares the security schemes, and the routes use them', () => {
    expect(doc.components.securitySchemes.chaveDeApi).toMatchObject({ type: 'http', scheme: 'bearer' });
    // The console's API: the operator's session cookie, and only there; signing in needs none.
    expect(doc.components.securitySchemes.sessaoDoOperador).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'ebr_admin' });
    for (const [name, route] of Object.entries(ADMIN_API_ROUTES)) {
      expect(operation(route).security, name).toEqual(name === 'signIn' ? [] : [{ sessaoDoOperador: [] }]);
      expect(operation(route).tags, name).toEqual(['Console do operador']);
    }
    for (const { path, operation: op } of operations().filter(({ path }) => !path.startsWith('/api/admin'))) {
      expect(JSON.stringify(op.security ?? []), path).not.toContain('sessaoDoOperador');
    }
    expect(doc.components.securitySchemes.codigoDeGerenciamento).toMatchObject({ type: 'http', scheme: 'bearer' });
    // Only a key may create in bulk and list.
    expect(operation(API_ROUTES.bulkCreate).security).toEqual([{ chaveDeApi: [] }]);
    expect(operation(API_ROUTES.listLinks).security).toEqual([{ chaveDeApi: [] }]);
    // Creating is anonymous or keyed; a link's own routes take its manage token or the key that made it.
    expect(operation(API_ROUTES.createLink).security).toEqual(expect.arrayContaining([{}, { chaveDeApi: [] }]));
    for (const route of [API_ROUTES.ownerView, API_ROUTES.deleteLink, API_ROUTES.insights]) {
      expect(operation(route).security, route.url).toEqual(expect.arrayContaining([{ codigoDeGerenciamento: [] }, { chaveDeApi: [] }]));
    }
    // Every requirement names a declared scheme.
    for (const { path, method, operation: op } of operations()) {
      for (const requirement of op.security ?? []) {
        for (const name of Object.keys(requirement)) expect(doc.components.securitySchemes, `${method} ${path}`).toHaveProperty(name);
      }
    }
  });

  it('takes NovoLink as the body of create and as each item of bulk', () => {
    const create = operation(API_ROUTES.createLink).requestBody;
    expect(create?.required).toBe(true);
    expect(create?.content['application/json']?.schema).toEqual({ $ref: NEW_LINK_REF });
    const bulk = operation(API_ROUTES.bulkCreate).requestBody;
    expect(bulk?.required).toBe(true);
    expect(bulk?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      required: ['links'],
      properties: { links: { type: 'array', minItems: 1, items: { $ref: NEW_LINK_REF } } },
    });
    expect(doc.components.schemas.NovoLink).toMatchObject({ type: 'object', required: ['url'] });
  });

  it('has no generated def-N references, and every $ref resolves inside the document', () => {
    const refs = collectRefs(raw);
    expect(refs.length).toBeGreaterThan(0);
    expect(JSON.stringify(raw)).not.toMatch(/def-\d+/);
    for (const { at, ref } of refs) {
      expect(ref, at).toMatch(/^#\/components\/schemas\/[A-Za-z]+$/);
      expect(resolvePointer(ref), `${at}: ${ref}`).toBeTypeOf('object');
    }
  });
});

describe("the creation's anonymous limits", () => {
  it('are the ones the server runs with (CREATE_RATE_LIMIT_PER_*), not the defaults', async () => {
    const tuned = await startTestServer({ env: { CREATE_RATE_LIMIT_PER_MINUTE: '20', CREATE_RATE_LIMIT_PER_DAY: '2000' } });
    try {
      const tunedDoc = (await (await fetch(`${tuned.url}${API_ROUTES.openapi.url}`)).json()) as { paths: Record<string, Record<string, { description?: string }>> };
      expect(tunedDoc.paths[API_ROUTES.createLink.url]?.post?.description).toContain('limitado por endereço (20 por minuto, 2.000 por dia)');
    } finally {
      await tuned.close();
    }
    expect(operation(API_ROUTES.createLink).description).toContain('limitado por endereço (10 por minuto, 100 por dia)');
  });
});

describe('real responses match the document', () => {
  const DOC_ID = 'https://encurta.test/openapi.json';
  let ajv: Ajv2020;
  let key: string;

  beforeAll(async () => {
    // Strict, so an OpenAPI 3.0 leftover (nullable, example…) or an unknown format fails too.
    ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true, formats: { 'date-time': isDateTime } });
    // The whole document under an id: a response schema is compiled by its JSON pointer, and its
    // `#/components/schemas/…` references resolve against the same document. The document's
    // own fields are no-op keywords (the root is compiled to resolve pointers into it).
    ajv.addVocabulary(Object.keys(raw as object));
    ajv.addSchema(structuredClone(raw) as object, DOC_ID);
    const issued = await runAdmin(['keys', 'create', 'documento', '--json'], server.store, { timeZone: 'America/Sao_Paulo' });
    expect(issued.code, issued.output).toBe(0);
    key = (JSON.parse(issued.output) as { key: string }).key;
  });

  /** A real request to the server; `token` is an API key or a manage token. */
  async function call(method: string, url: string, options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {}) {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      ...(options.rawBody === undefined ? {} : { body: options.rawBody }),
    });
    const text = await res.text();
    return { status: res.status, contentType: res.headers.get('content-type'), text, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
  }

  /** The validator of the document's JSON schema for one status of a route. */
  function responseValidator(path: string, method: string, status: string) {
    const pointer = ['paths', path, method, 'responses', status, 'content', 'application/json', 'schema'].map(escapePointer).join('/');
    const validate = ajv.getSchema(`${DOC_ID}#/${pointer}`);
    if (validate === undefined) throw new Error(`no schema at ${pointer}`);
    return validate;
  }

  it('the compiled response schemas do reject a body that drifts (control)', () => {
    const created = responseValidator('/api/links', 'post', '201');
    const sample = { alias: 'a', shortUrl: 'http://x/a', url: 'https://example.com', createdAt: '2026-05-01T13:00:00.000Z', manageToken: 't' };
    const options = { expiresAt: null, maxClicks: null, clicksLeft: null, protected: false, iosUrl: null, androidUrl: null };
    expect(created({ ...sample, ...options })).toBe(true);
    expect(created({ ...sample, ...options, maxClicks: '5' })).toBe(false);
    expect(created({ ...sample, ...options, createdAt: 'ontem' })).toBe(false);
    const { manageToken: _dropped, ...withoutToken } = sample;
    expect(created({ ...withoutToken, ...options })).toBe(false);
    const error = responseValidator('/api/links', 'post', '400');
    expect(error({ error: { code: 'invalid_url', message: 'x' } })).toBe(true);
    expect(error({ error: { code: 'codigo_inventado', message: 'x' } })).toBe(false);
  });

  /** Checks that the status is documented for the route and the body validates against its schema. */
  function expectDocumented(route: { method: string; url: string }, res: Awaited<ReturnType<typeof call>>): void {
    const path = openApiPath(route.url);
    const method = route.method.toLowerCase();
    const where = `${route.method} ${path} → ${res.status} ${res.text}`;
    const documented = operation(route).responses[String(res.status)];
    expect(documented, `${where}: status not in the document`).toBeDefined();
    if (documented?.content === undefined) {
      expect(res.text, where).toBe('');
      return;
    }
    expect(res.contentType, where).toMatch(/^application\/json/);
    const validate = responseValidator(path, method, String(res.status));
    const valid = validate(res.body);
    expect(validate.errors ?? [], where).toEqual([]);
    expect(valid, where).toBe(true);
  }

  it('create (anonymous with options, and keyed), bulk with a failing item', async () => {
    const anonymous = await call('POST', API_ROUTES.createLink.url, {
      body: {
        url: 'https://example.com/documento',
        alias: 'doc-anonimo',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        maxClicks: 5,
        password: 'segredo1',
        iosUrl: 'https://example.com/ios',
        androidUrl: 'https://example.com/android',
      },
    });
    expect(anonymous.status, anonymous.text).toBe(201);
    expectDocumented(API_ROUTES.createLink, anonymous);

    const keyed = await call('POST', API_ROUTES.createLink.url, { token: key, body: { url: 'https://example.com/com-chave' } });
    expect(keyed.status, keyed.text).toBe(201);
    expectDocumented(API_ROUTES.createLink, keyed);

    const bulk = await call('POST', API_ROUTES.bulkCreate.url, {
      token: key,
      body: { links: [{ url: 'https://example.com/lote-1' }, { url: 'nao e uma url' }, { url: 'https://example.com/lote-3', alias: 'doc-anonimo' }] },
    });
    expect(bulk.status, bulk.text).toBe(200);
    expect(bulk.body).toMatchObject({
      results: [{ ok: true }, { ok: false, error: { code: 'invalid_url' } }, { ok: false, error: { code: 'alias_taken' } }],
    });
    expectDocumented(API_ROUTES.bulkCreate, bulk);
  });

  it('list, owner view, insights, stats and report', async () => {
    const older = await call('POST', API_ROUTES.createLink.url, { token: key, body: { url: 'https://example.com/anterior' } });
    expect(older.status, older.text).toBe(201);
    const created = await call('POST', API_ROUTES.createLink.url, { token: key, body: { url: 'https://example.com/visitado', alias: 'doc-visitado' } });
    expect(created.status, created.text).toBe(201);
    const { manageToken } = created.body as { manageToken: string };
    const visit = await fetch(`${server.url}/doc-visitado`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
    expect(visit.status).toBe(302);
    await server.app.clicks.flushAll();

    const page = await call('GET', `${API_ROUTES.listLinks.url}?limit=1`, { token: key });
    expect(page.status, page.text).toBe(200);
    expect((page.body as { nextCursor: unknown }).nextCursor).toEqual(expect.any(String));
    expectDocumented(API_ROUTES.listLinks, page);

    for (const token of [manageToken, key]) {
      const view = await call('GET', '/api/links/doc-visitado', { token });
      expect(view.status, view.text).toBe(200);
      expect(view.body).toMatchObject({ alias: 'doc-visitado', totalClicks: 1 });
      expectDocumented(API_ROUTES.ownerView, view);
    }

    const insights = await call('GET', '/api/links/doc-visitado/insights?days=7', { token: manageToken });
    expect(insights.status, insights.text).toBe(200);
    expect(insights.body).toMatchObject({ alias: 'doc-visitado', days: 7, totalClicks: 1 });
    expectDocumented(API_ROUTES.insights, insights);

    const stats = await call('GET', API_ROUTES.stats.url);
    expect(stats.status, stats.text).toBe(200);
    expectDocumented(API_ROUTES.stats, stats);

    const report = await call('POST', API_ROUTES.report.url, { body: { alias: 'doc-visitado', reason: 'Parece um golpe de falso sorteio.' } });
    expect(report.status, report.text).toBe(201);
    expectDocumented(API_ROUTES.report, report);

    const deleted = await call('DELETE', '/api/links/doc-visitado', { token: manageToken });
    expect(deleted.status, deleted.text).toBe(204);
    expectDocumented(API_ROUTES.deleteLink, deleted);
  });

  it('errors are documented statuses and answer Erro', async () => {
    const created = await call('POST', API_ROUTES.createLink.url, { body: { url: 'https://example.com/erros', alias: 'doc-erros' } });
    expect(created.status, created.text).toBe(201);

    const cases: [route: { method: string; url: string }, res: Awaited<ReturnType<typeof call>>, status: number, code: string][] = [
      [API_ROUTES.createLink, await call('POST', API_ROUTES.createLink.url, { body: { url: 'ftp://example.com' } }), 400, 'url_protocol'],
      [API_ROUTES.createLink, await call('POST', API_ROUTES.createLink.url, { body: { url: 'https://example.com', extra: 1 } }), 400, 'unknown_field'],
      [API_ROUTES.createLink, await call('POST', API_ROUTES.createLink.url, { body: { url: 'https://example.com', alias: 'doc-erros' } }), 409, 'alias_taken'],
      [API_ROUTES.createLink, await call('POST', API_ROUTES.createLink.url, { token: 'ebr_invalida', body: { url: 'https://example.com' } }), 401, 'invalid_api_key'],
      [API_ROUTES.bulkCreate, await call('POST', API_ROUTES.bulkCreate.url, { body: { links: [{ url: 'https://example.com' }] } }), 401, 'api_key_required'],
      [API_ROUTES.bulkCreate, await call('POST', API_ROUTES.bulkCreate.url, { token: key, body: { links: [] } }), 400, 'invalid_bulk'],
      [API_ROUTES.listLinks, await call('GET', API_ROUTES.listLinks.url), 401, 'api_key_required'],
      [API_ROUTES.listLinks, await call('GET', `${API_ROUTES.listLinks.url}?limit=0`, { token: key }), 400, 'invalid_limit'],
      [API_ROUTES.ownerView, await call('GET', '/api/links/doc-erros'), 401, 'unauthorized'],
      [API_ROUTES.ownerView, await call('GET', '/api/links/doc-erros', { token: 'codigo-errado' }), 403, 'forbidden'],
      [API_ROUTES.ownerView, await call('GET', '/api/links/doc-erros', { token: key }), 404, 'link_not_found'],
      [API_ROUTES.deleteLink, await call('DELETE', '/api/links/nao-existe', { token: 'codigo-errado' }), 404, 'link_not_found'],
      [API_ROUTES.insights, await call('GET', '/api/links/doc-erros/insights?days=2', { token: 'codigo-errado' }), 400, 'invalid_days'],
      [API_ROUTES.report, await call('POST', API_ROUTES.report.url, { body: { alias: 'nao-existe', reason: 'Parece um golpe de falso sorteio.' } }), 404, 'link_not_found'],
      [API_ROUTES.report, await call('POST', API_ROUTES.report.url, { body: { alias: 'doc-erros', reason: 'curto' } }), 400, 'invalid_report'],
    ];
    for (const [route, res, status, code] of cases) {
      expect(res.status, `${route.method} ${route.url}: ${res.text}`).toBe(status);
      expect(res.body).toMatchObject({ error: { code } });
      expectDocumented(route, res);
    }
  });

  // Statuses that come from outside the route's own code (the API scope's key check, Fastify's
  // body limit and content-type parser): the document lists them too.
  describe('statuses from outside the route', () => {
    it('GET /api/stats with a bad API key answers 401', async () => {
      const res = await call('GET', API_ROUTES.stats.url, { token: 'ebr_invalida' });
      expect(res.status, res.text).toBe(401);
      expectDocumented(API_ROUTES.stats, res);
    });

    it('POST /api/reports with a bad API key answers 401', async () => {
      const res = await call('POST', API_ROUTES.report.url, { token: 'ebr_invalida', body: { alias: 'nao-existe', reason: 'Parece um golpe de falso sorteio.' } });
      expect(res.status, res.text).toBe(401);
      expectDocumented(API_ROUTES.report, res);
    });

    it('POST /api/links over the body limit answers 413', async () => {
      const res = await call('POST', API_ROUTES.createLink.url, { body: { url: `https://example.com/${'a'.repeat(20_000)}` } });
      expect(res.status, res.text).toBe(413);
      expectDocumented(API_ROUTES.createLink, res);
    });

    it('POST /api/links with a body that is not JSON answers 415', async () => {
      const res = await call('POST', API_ROUTES.createLink.url, { rawBody: 'https://example.com', headers: { 'content-type': 'text/plain' } });
      expect(res.status, res.text).toBe(415);
      expectDocumented(API_ROUTES.createLink, res);
    });
  });
});

/** RFC 3339 date-time (the `date-time` format of JSON Schema). */
function isDateTime(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value) && !Number.isNaN(Date.parse(value));
}
