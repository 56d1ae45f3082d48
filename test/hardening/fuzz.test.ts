// Fuzzing the two doors anyone can knock on: POST /api/links and GET /:alias. Thousands of
// generated bad inputs (random bytes, huge strings, unicode, percent-encoding tricks, `..`,
// NUL bytes, wrong JSON types, invalid UTF-8) must give zero 5xx, no crash, and leave the
// links stored before the run exactly as they were. Runs on both dialects.
import net from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/shared/api.js';
import { ALIAS_PATTERN } from '../../src/shared/alias-rules.js';
import { API_DOCS_PATH, API_PREFIX } from '../../src/shared/routes.js';
import { type ApiErrorCode, errorMessages } from '../../src/shared/messages.js';
import { createLink } from '../helpers/api.js';
import { BROWSER, BROWSER_USER_AGENTS, CRAWLER_USER_AGENTS } from '../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { type LinkRow, rawRequest, rawRequestFull, readMetric, sleep, snapshotLinks } from './support.js';

let server: TestServer;
/** Links stored before the fuzzing: alias → URL as the API normalised it. */
const existing = new Map<string, string>();
let before: LinkRow[] = [];

// Targets are outside URLs that are never fetched (METADATA_FETCH=false in test servers).
const SEED_LINKS = [
  { url: 'https://example.com/um', alias: 'fixo-um' },
  { url: 'https://example.com/dois?q=a%20b&x=%C3%A7#frag', alias: 'fixo_dois' },
  { url: 'https://example.com/', alias: 'abc' },
  { url: 'https://exemplo.com.br/caminho/ação?x=ü', alias: '123-xyz' },
  { url: 'http://example.org/random-alias' },
];

beforeAll(async () => {
  server = await startTestServer();
  for (const body of SEED_LINKS) {
    const created = await createLink(server, body);
    existing.set(created.alias, created.url);
  }
  before = await snapshotLinks(server.store.db, [...existing.keys()]);
  expect(before).toHaveLength(SEED_LINKS.length);
});

afterAll(async () => {
  await server?.close();
});

async function expectExistingLinksIntact(): Promise<void> {
  expect(await snapshotLinks(server.store.db, [...existing.keys()])).toEqual(before);
  for (const [alias, url] of existing) {
    const res = await server.app.server.inject({ method: 'GET', url: `/${alias}`, headers: { 'user-agent': BROWSER } });
    expect(res.statusCode, alias).toBe(302);
    expect(res.headers.location, alias).toBe(url);
  }
}

// --- generators ---------------------------------------------------------------------------

const seedAliases = SEED_LINKS.flatMap((l) => (l.alias === undefined ? [] : [l.alias]));

/** Pieces that have broken path handling, alias rules or parsers somewhere before. */
const TRICKY = [
  '..', '../', '..\\', '/..', '%2e%2e', '%2E%2E%2F', '..%2f', '..%5c', '%00', '\u0000', '%ff', '%fe', '%c0%af', '%c0%ae',
  '%e0%80%af', '%ed%a0%80', '%f4%90%80%80', '%25', '%', '%%', '%zz', '%2', '%u0041', '\uFEFF', '\u202E', '\u200B', '\uD800',
  '\uDFFF', '\r\n', '\n', '\r', ' ', '\t', '\u00A0', '/', '//', '\\', '?', '#', ';', '&', '=', '+', '*', '~', '$', '@', ':',
  'javascript:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd', "' OR 1=1 --", '"; drop table links; --',
  '<script>alert(1)</script>', '${7*7}', '{{7*7}}', '__proto__', 'constructor', 'prototype', 'İ', 'ı', 'ß', 'ǅ', 'ﬃ',
  '\u212A', '𝔘𝔫𝔦', 'ação', 'ÇÃO', '٣٤٥', 'ＡＢＣ', '😀', 'é', 'e\u0301', 'api', 'healthz', 'metrics', 'null', 'undefined',
  'NaN', '-1', '0', '1e309', 'true', 'a'.repeat(64), 'a'.repeat(65), ...seedAliases, ...seedAliases.map((a) => a.toUpperCase()),
];

const trickyText = fc.array(fc.oneof(fc.constantFrom(...TRICKY), fc.string({ maxLength: 8 })), { maxLength: 8 }).map((parts) => parts.join(''));
const anyText = fc.oneof(
  { weight: 3, arbitrary: trickyText },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 80 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 80 }) },
  { weight: 1, arbitrary: fc.constantFrom(...TRICKY) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('a', 'x', '%', '.', 'ç', '\u0000'), fc.integer({ min: 60, max: 40_000 })).map(([c, n]) => c.repeat(n)) },
);
const wrongTypes = fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.jsonValue(), { maxLength: 3 }), fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }));
const urlLike = fc.oneof(
  { weight: 2, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom('https://example.com/', 'http://', 'https://', 'HTTPS://EXAMPLE.COM/', 'ftp://example.com/', 'javascript:', '//example.com/', 'https://user:pw@example.com/', 'https://[::1]/', 'https://127.0.0.1:3000/', 'https://exa mple.com/', 'https://xn--80ak6aa92e.com/', 'https://例え.jp/', ''), anyText).map(([a, b]) => a + b) },
  { weight: 1, arbitrary: anyText },
);
const aliasLike = fc.oneof(
  { weight: 3, arbitrary: anyText },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...seedAliases), fc.constantFrom('', ' ', '\t', '\u0000', '%00', '/..', '..', '\n', '\u00A0', '\uFEFF'), fc.boolean()).map(([a, suffix, upper]) => (upper ? a.toUpperCase() : a) + suffix) },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z0-9_-]{3,64}$/) },
);

/** JSON bodies: wrong types, unknown fields, tricky strings; some are accidentally valid. */
const jsonBody = fc.oneof(
  { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  {
    weight: 4,
    arbitrary: fc
      .record(
        { url: fc.oneof({ weight: 4, arbitrary: urlLike }, { weight: 1, arbitrary: wrongTypes }), alias: fc.oneof({ weight: 4, arbitrary: aliasLike }, { weight: 1, arbitrary: wrongTypes }), extra: fc.jsonValue() },
        { requiredKeys: [] },
      )
      .map((r) => JSON.stringify(r)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"url":"https://example.com/p","__proto__":{"alias":"fixo-um"}}',
      '{"url":"https://example.com/p","constructor":{"prototype":{"alias":"fixo-um"}}}',
      '{"url":"https://example.com/dup","alias":"fixo-um","alias":"fixo-dup"}',
      '{"url":"https://example.com/dup","url":"javascript:alert(1)"}',
      '{"url":"https://example.com/a\\u0000b","alias":"nul\\u0000byte"}',
      '{"url":"https://example.com/\\ud800","alias":"lone\\udfff"}',
      '{"url":"https://example.com/x","alias":"fixo-um"}',
      '{"url":"https://example.com/x","alias":" FIXO-UM "}',
      '{"url":"https://example.com/x","alias":"\u212Aab"}',
      `{"url":"https://example.com/${'a'.repeat(5000)}"}`,
      `{"url":"https://example.com/","alias":"${'a'.repeat(20_000)}"}`,
      '['.repeat(8000),
      `${'['.repeat(4000)}${']'.repeat(4000)}`,
      '{"url":' + '{"a":'.repeat(2000) + '1' + '}'.repeat(2001),
      '', ' ', 'null', 'true', '0', '""', '[]', '{}', '{', '}', '{"url":}', '{"url":"https://example.com/"', '\u0000', '\uFEFF{"url":"https://example.com/bom"}',
    ),
  },
);

/** Bytes that are not valid UTF-8 spliced into otherwise well-formed JSON strings. */
const invalidUtf8Body = fc
  .tuple(fc.uint8Array({ minLength: 1, maxLength: 12 }).map((b) => b.map((x) => 0x80 | x)), fc.uint8Array({ maxLength: 6 }).map((b) => b.map((x) => 0x80 | x)), fc.boolean())
  .map(([inUrl, inAlias, withAlias]) =>
    Buffer.concat([
      Buffer.from('{"url":"https://example.com/'),
      Buffer.from(inUrl),
      Buffer.from(withAlias ? '","alias":"ok' : ''),
      withAlias ? Buffer.from(inAlias) : Buffer.alloc(0),
      Buffer.from('"}'),
    ]),
  );

const body = fc.oneof(
  { weight: 5, arbitrary: jsonBody },
  { weight: 2, arbitrary: invalidUtf8Body },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 600 }).map((b) => Buffer.from(b)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('x', '{', '"', '\u0000', 'ç'), fc.integer({ min: 15_000, max: 70_000 })).map(([c, n]) => c.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom('url=https%3A%2F%2Fexample.com%2F&alias=form', '------x\r\nContent-Disposition: form-data; name="url"\r\n\r\nhttps://example.com/\r\n------x--') },
);

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-16', 'application/json; charset=latin1', 'APPLICATION/JSON', 'application/json;', 'application/jsonx', 'application/json, text/plain',
      ' application/json ', 'application/vnd.api+json', 'text/plain', 'text/json', 'text/html', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=----x',
      'application/octet-stream', '', '*/*', 'application/', '/', ';', 'application/json; charset="', 'application/json; boundary=--', undefined,
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }) },
);

const userAgent = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...Object.values(BROWSER_USER_AGENTS)) },
  { weight: 2, arbitrary: fc.constantFrom(...Object.values(CRAWLER_USER_AGENTS)) },
  { weight: 1, arbitrary: fc.oneof(fc.constant(''), fc.string({ unit: 'binary-ascii', maxLength: 200 }), fc.string({ unit: 'grapheme-ascii', maxLength: 5000 })) },
);

const percentBytes = fc
  .tuple(fc.uint8Array({ maxLength: 24 }), fc.boolean())
  .map(([bytes, upper]) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')[upper ? 'toUpperCase' : 'toLowerCase']());

const pathSegment = fc.oneof(
  { weight: 3, arbitrary: trickyText },
  { weight: 2, arbitrary: percentBytes },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-zA-Z0-9_-]{1,70}$/) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...seedAliases), fc.constantFrom('%00', '%2f', '/..', '/../', '%2e', '.', '%20', ' ', '/', '//', '?x=%ff', '#x', ';x', '\u0000', '%c0%af', '\\'), fc.boolean()).map(([a, s, up]) => (up ? a.toUpperCase() : a) + s) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('a', '%ff', '..%2f', '%', 'ç', '/'), fc.integer({ min: 100, max: 20_000 })).map(([c, n]) => c.repeat(n)) },
);

const path = fc.oneof(
  { weight: 6, arbitrary: pathSegment.map((s) => `/${s}`) },
  { weight: 1, arbitrary: pathSegment.map((s) => `//${s}`) },
  { weight: 1, arbitrary: fc.tuple(pathSegment, pathSegment).map(([a, b]) => `/${a}/${b}`) },
  { weight: 1, arbitrary: fc.tuple(pathSegment, pathSegment).map(([a, b]) => `/${a}?${b}`) },
  { weight: 1, arbitrary: pathSegment.map((s) => `/api/links/${s}`) },
);

// --- helpers ------------------------------------------------------------------------------

let storedUrls = new Set<string>();
async function isStoredUrl(url: string): Promise<boolean> {
  if (storedUrls.has(url)) return true;
  storedUrls = new Set((await server.store.db.selectFrom('links').select('url').execute()).map((r) => r.url));
  return storedUrls.has(url);
}

/** A stored URL with the request's own query parameters forwarded (forward-query.ts): its base, more parameters, its fragment. */
async function isStoredUrlWithParameters(location: string): Promise<boolean> {
  if (await isStoredUrl(location)) return true;
  return [...storedUrls].some((stored) => {
    const hashAt = stored.indexOf('#');
    const base = hashAt === -1 ? stored : stored.slice(0, hashAt);
    const fragment = hashAt === -1 ? '' : stored.slice(hashAt);
    const next = location.charAt(base.length);
    return location.startsWith(base) && location.endsWith(fragment) && (next === '?' || next === '&' || base.endsWith('?') || base.endsWith('&'));
  });
}

/** True when the WHATWG URL parser (what inject uses) cannot represent the path. */
function unrepresentable(path: string): boolean {
  try {
    new URL(path.startsWith('//') ? `http://localhost${path}` : path, 'http://localhost');
    return false;
  } catch {
    return true;
  }
}

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/**
 * An error in our own format: our security headers, and either our JSON error (a code of the
 * shared catalogue with its pt-BR message) or our HTML page; never Fastify's or Node's raw
 * English JSON ({"statusCode":…,"code":"FST_ERR_…","error":"Bad Request",…}).
 */
function expectOurAnswer(res: Answer, label: string): void {
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.body, label).not.toMatch(/FST_ERR|"statusCode"|"error":"[A-Z]/);
  const type = String(res.headers['content-type'] ?? '');
  // HEAD answers carry the headers only.
  if (type.startsWith('text/html') || res.body === '') return;
  expect(type, label).toMatch(/^application\/json/);
  const { code, message } = (JSON.parse(res.body) as ApiErrorBody).error;
  expect(Object.keys(errorMessages), label).toContain(code);
  expect(message.startsWith(errorMessages[code]), label).toBe(true);
}

/** The 404 page of an unknown alias: HTML, our headers, not cached. */
function expectNotFoundPage(res: Answer, label: string): void {
  expect(res.statusCode, label).toBe(404);
  expect(String(res.headers['content-type']), label).toMatch(/^text\/html/);
  expect(res.headers['cache-control'], label).toBe('no-store');
  expectOurAnswer(res, label);
}

function expectApiError(res: Answer, status: number, code: ApiErrorCode, label: string): void {
  expect(res.statusCode, label).toBe(status);
  expectOurAnswer(res, label);
  expect(JSON.parse(res.body), label).toEqual({ error: { code, message: errorMessages[code] } });
}

const POST_RUNS = 5000;
const GET_RUNS = 6000;

// --- tests --------------------------------------------------------------------------------

describe('fuzzing POST /api/links', () => {
  it(`answers ${POST_RUNS} generated bad bodies without a 5xx and leaves existing links alone`, async () => {
    const statuses = new Map<number, number>();
    let sent = 0;
    let created = 0;
    await fc.assert(
      fc.asyncProperty(body, contentType, fc.option(fc.constantFrom('gzip', 'br', 'identity', 'x'), { nil: undefined }), async (payload, type, encoding) => {
        const headers: Record<string, string> = {};
        if (type !== undefined) headers['content-type'] = type;
        if (encoding !== undefined) headers['content-encoding'] = encoding;
        const res = await server.app.server.inject({ method: 'POST', url: '/api/links', headers, payload });
        sent++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode === 201) {
          created++;
          const link = res.json<{ alias: string }>();
          expect(link.alias).toMatch(ALIAS_PATTERN);
          expect(existing.has(link.alias), `recreated ${link.alias}`).toBe(false);
        } else {
          expect([400, 409, 413, 415]).toContain(res.statusCode);
          expectOurAnswer(res, 'POST /api/links');
          const error = res.json<ApiErrorBody>().error;
          expect(typeof error.code).toBe('string');
          expect(error.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: POST_RUNS, endOnFailure: true },
    );
    expect(sent).toBe(POST_RUNS);
    console.info(`POST fuzz: ${sent} sent, ${created} accidentally valid, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    await expectExistingLinksIntact();
  }, 60_000);
});

describe('fuzzing GET /:alias', () => {
  it(`answers ${GET_RUNS} generated bad paths without a 5xx; every 302 goes to a stored URL (plus the request's own parameters)`, async () => {
    const statuses = new Map<number, number>();
    let sent = 0;
    let notSent = 0;
    await fc.assert(
      fc.asyncProperty(path, userAgent, fc.constantFrom('GET', 'GET', 'GET', 'HEAD'), async (url, ua, method) => {
        let res;
        try {
          res = await server.app.server.inject({ method, url, headers: { 'user-agent': ua } });
        } catch (error) {
          // inject could not build the request; only a URL the WHATWG parser rejects may do that.
          if (!unrepresentable(url)) throw error;
          notSent++;
          return;
        }
        sent++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect(res.statusCode).toBeLessThan(500);
        expect([200, 302, 400, 401, 404, 410]).toContain(res.statusCode);
        if (res.statusCode >= 400) expectOurAnswer(res, url);
        if (res.statusCode === 302) {
          const location = String(res.headers.location);
          // The one redirect that is not a link's: the API's root sends a browser to its documentation.
          const apiRoot = new URL(url, 'http://fuzz.invalid').pathname.replace(/\/$/, '') === API_PREFIX;
          if (apiRoot) expect(location).toBe(API_DOCS_PATH);
          else expect(await isStoredUrlWithParameters(location), `302 to ${location}`).toBe(true);
        }
      }),
      { numRuns: GET_RUNS, endOnFailure: true },
    );
    console.info(`GET fuzz: ${sent} sent, ${notSent} not representable, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(sent).toBeGreaterThanOrEqual(5000);
    await expectExistingLinksIntact();
  }, 60_000);

  it('answers fixed path tricks with a 4xx or the right redirect', async () => {
    // '//' and '/fixo-um/..' are the home page once inject normalises the path (dot segments) and
    // the trailing slash is ignored: not an error, not a redirect.
    const cases: [string, number | 'any4xx' | 'no-redirect'][] = [
      ['/%00', 404], ['/%ff', 'any4xx'], ['/%c0%af', 'any4xx'], ['/..%2f', 'any4xx'], ['/..%2f..%2fetc%2fpasswd', 'any4xx'], ['/../../etc/passwd', 'any4xx'],
      ['//', 'no-redirect'], ['//fixo-um', 'any4xx'], ['/fixo-um%00', 404], ['/fixo-um%2f', 'any4xx'], ['/fixo-um/..', 'no-redirect'], ['/FIXO-UM', 302], ['/fixo-um/', 302],
      [`/${'a'.repeat(100_000)}`, 'any4xx'], ['/ação', 404], ['/😀', 404], ['/%F0%9F%98%80', 404], ['/%', 'any4xx'], ['/%zz', 'any4xx'],
    ];
    for (const [url, expected] of cases) {
      const res = await server.app.server.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER } });
      if (expected === 'any4xx') expect([400, 404], url.slice(0, 40)).toContain(res.statusCode);
      else if (expected === 'no-redirect') expect([200, 400, 404], url.slice(0, 40)).toContain(res.statusCode);
      else expect(res.statusCode, url.slice(0, 40)).toBe(expected);
      if (res.statusCode === 302) expect(res.headers.location).toBe(existing.get('fixo-um'));
    }
  });
});

describe('errors raised before any route runs answer in our format', () => {
  const inject = (method: 'GET' | 'HEAD' | 'DELETE' | 'POST', url: string, extra: { headers?: Record<string, string>; payload?: string | Buffer } = {}) =>
    server.app.server.inject({ method, url, headers: { 'user-agent': BROWSER, ...extra.headers }, ...(extra.payload === undefined ? {} : { payload: extra.payload }) });

  it('a path segment longer than the router allows: the 404 page for a person, link_not_found for the API', async () => {
    // 101 characters: one past the router's maxParamLength, which once answered a raw 414.
    for (const length of [101, 150, 5000]) {
      expectNotFoundPage(await inject('GET', `/${'x'.repeat(length)}`), `GET /x×${length}`);
      expectNotFoundPage(await inject('HEAD', `/${'x'.repeat(length)}`), `HEAD /x×${length}`);
      expectApiError(await inject('GET', `/api/links/${'a'.repeat(length)}`), 404, 'link_not_found', `GET /api/links/a×${length}`);
      expectApiError(await inject('DELETE', `/api/links/${'a'.repeat(length)}`, { headers: { authorization: 'Bearer x' } }), 404, 'link_not_found', `DELETE /api/links/a×${length}`);
    }
    // Over a real socket too: the browser's view of a mangled long link.
    const res = await fetch(`${server.url}/${'x'.repeat(101)}`, { headers: { 'user-agent': BROWSER } });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('a percent-encoding that does not decode: the 404 page for a person, invalid_request for the API', async () => {
    for (const path of ['/%E0%A4%A', '/%', '/%zz', '/abc%E0%A4']) {
      expectNotFoundPage(await inject('GET', path), `GET ${path}`);
    }
    expectApiError(await inject('GET', '/api/links/%E0%A4%A'), 400, 'invalid_request', 'GET /api/links/%E0%A4%A');
    expectApiError(await inject('DELETE', '/api/links/%E0%A4%A'), 400, 'invalid_request', 'DELETE /api/links/%E0%A4%A');
  });

  it('bodies the parser refuses: 415, 413, 400 invalid_json (bad, empty), bad content-length', async () => {
    const post = (payload: string | Buffer, headers: Record<string, string>) => inject('POST', '/api/links', { payload, headers });
    expectApiError(await post('url=https://example.com/', { 'content-type': 'text/plain' }), 415, 'unsupported_media_type', 'text/plain');
    expectApiError(await post('x', { 'content-type': 'application/x-www-form-urlencoded' }), 415, 'unsupported_media_type', 'form');
    expectApiError(await post(JSON.stringify({ url: `https://example.com/${'a'.repeat(20_000)}` }), { 'content-type': 'application/json' }), 413, 'payload_too_large', 'too large');
    expectApiError(await post('{"url":', { 'content-type': 'application/json' }), 400, 'invalid_json', 'bad JSON');
    expectApiError(await post('', { 'content-type': 'application/json' }), 400, 'invalid_json', 'empty JSON body');
    expectApiError(await post('{"url":"https://example.com/"}', { 'content-type': 'application/json', 'content-length': '3' }), 400, 'invalid_request', 'content-length shorter than the body');
    const report = await inject('POST', '/api/reports', { payload: '{', headers: { 'content-type': 'application/json' } });
    expectApiError(report, 400, 'invalid_json', 'report with bad JSON');
  });

  const port = () => Number(new URL(server.url).port);
  /** The raw answer split into head (lower-cased) and body. */
  async function raw(request: string): Promise<{ status: number | undefined; head: string; body: string }> {
    const answer = await rawRequestFull(port(), Buffer.from(request, 'latin1'));
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    const status = /^HTTP\/1\.1 (\d{3})/.exec(head)?.[1];
    return { status: status === undefined ? undefined : Number(status), head: head.toLowerCase(), body: Buffer.from(body, 'latin1').toString('utf8') };
  }
  function expectRawError(answer: { status: number | undefined; head: string; body: string }, status: number, code: ApiErrorCode): void {
    expect(answer.status, answer.head).toBe(status);
    expect(answer.head).toContain('x-content-type-options: nosniff');
    expect(answer.head).toContain('content-type: application/json');
    expect(JSON.parse(answer.body)).toEqual({ error: { code, message: errorMessages[code] } });
  }

  it("what Node's parser refuses (headers too large, a URL too long, a bad content-length) gets our JSON and headers", async () => {
    expectRawError(await raw(`GET /fixo-um HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`), 431, 'headers_too_large');
    expectRawError(await raw(`GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`), 431, 'headers_too_large');
    expectRawError(await raw('POST /api/links HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\nConnection: close\r\n\r\n'), 400, 'invalid_request');
    expectRawError(await raw('GET /fixo-um HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\nContent-Length: 2\r\nConnection: close\r\n\r\n'), 400, 'invalid_request');
    expectRawError(await raw('G\xffT /fixo-um HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'), 400, 'invalid_request');
    // The router's refusals over the socket as well.
    const long = await raw(`GET /api/links/${'a'.repeat(150)} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(long.status).toBe(404);
    expect(long.head).toContain('x-content-type-options: nosniff');
    expect(JSON.parse(long.body)).toEqual({ error: { code: 'link_not_found', message: errorMessages.link_not_found } });
  });
});

describe('raw HTTP requests over a real socket', () => {
  const head = (target: Buffer) =>
    Buffer.concat([Buffer.from('GET '), target, Buffer.from(` HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: ${BROWSER}\r\nConnection: close\r\n\r\n`)]);
  const port = () => Number(new URL(server.url).port);

  it('answers 300 request lines with invalid bytes in the path with a 4xx and stays up', async () => {
    // At least one byte that can never be part of an alias: high bytes, controls, DEL (a space
    // would only end the request target).
    const invalidByte = fc.oneof(fc.integer({ min: 0x80, max: 0xff }), fc.integer({ min: 0x00, max: 0x1f }), fc.constant(0x7f));
    const aliasByte = fc.constantFrom(...Buffer.from('abcxyz019_-/.%ffFIXO'));
    const target = fc
      .tuple(fc.array(fc.oneof(aliasByte, invalidByte), { maxLength: 40 }), invalidByte, fc.nat(40))
      .map(([bytes, bad, at]) => {
        const all = [...bytes];
        all.splice(at % (all.length + 1), 0, bad);
        return Buffer.from([0x2f, ...all]);
      });
    const statuses = new Map<string, number>();
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(target, async (bytes) => {
        const answer = await rawRequest(port(), head(bytes));
        const key = `${answer.status ?? 'none'}/${answer.ended}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        expect(answer.status, `${bytes.toString('hex')}: ${answer.head}`).toBeDefined();
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(answer.head.toLowerCase(), answer.head).toContain('x-content-type-options: nosniff');
        answered++;
      }),
      { numRuns: 300, endOnFailure: true },
    );
    console.info(`raw socket fuzz: ${answered} answered, ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(answered).toBe(300);
  }, 60_000);

  it('answers hand-made malformed request lines with a 4xx and stays up', async () => {
    const lines: Buffer[] = [
      head(Buffer.from('/\xff\xfe', 'latin1')),
      head(Buffer.from('/%ff%fe')),
      head(Buffer.from('/\x00')),
      head(Buffer.from('/fixo-um\x00', 'latin1')),
      head(Buffer.from('/../../etc/passwd')),
      head(Buffer.from('/..%2f..%2fetc%2fpasswd')),
      head(Buffer.from('/%c0%af')),
      head(Buffer.from('//..')),
      head(Buffer.from(`/${'a'.repeat(20_000)}`)),
      head(Buffer.from('/a\r\nX-Injected: 1')),
      Buffer.from('GET /fixo-um HTTP/9.9\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'),
      Buffer.from('G\xffT /fixo-um HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', 'latin1'),
      Buffer.from('GET /fixo-um HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: \x00\x01\r\nConnection: close\r\n\r\n', 'latin1'),
      Buffer.from('GET /fixo-um HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\nConnection: close\r\n\r\n'),
      Buffer.from('GET /fixo-um HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\nConnection: close\r\n\r\n0\r\n\r\n'),
      Buffer.from('\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03', 'latin1'),
      Buffer.from('POST /api/links HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5\r\nConnection: close\r\n\r\n{"url', 'latin1'),
      Buffer.from('POST /api/links HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 12\r\nConnection: close\r\n\r\n{"url":"\xff\xfe"}', 'latin1'),
    ];
    for (const line of lines) {
      const answer = await rawRequest(port(), line, 3000);
      const label = line.toString('latin1').slice(0, 40);
      if (answer.status === undefined) {
        // A request cut short (the POST declaring more bytes than sent) may just be closed.
        expect(answer.ended, label).not.toBe('timeout');
        continue;
      }
      expect(answer.status, label).toBeGreaterThanOrEqual(400);
      expect(answer.status, label).toBeLessThan(500);
      expect(answer.head.toLowerCase(), label).toContain('x-content-type-options: nosniff');
    }
  }, 60_000);

  it('a client that hangs up in the middle of its body is not a failing store: readyz stays 200, no database error counted', async () => {
    const errorsBefore = await readMetric(server.url, 'shortener_database_errors_total');
    for (const path of ['/api/links', '/api/reports', '/']) {
      await new Promise<void>((resolve) => {
        const socket = net.connect({ host: '127.0.0.1', port: port() }, () => {
          socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"ur`);
          // Long enough for the server to be reading the body when the connection goes.
          setTimeout(() => socket.destroy(), 150);
        });
        socket.on('close', () => resolve());
        socket.on('error', () => undefined);
      });
    }
    await sleep(300);
    const readyz = await fetch(`${server.url}/readyz`);
    expect(await readyz.json()).toEqual({ status: 'ok' });
    expect(await readMetric(server.url, 'shortener_database_errors_total')).toBe(errorsBefore);
  });

  it('a body that never finishes gets 408 request_timeout once REQUEST_TIMEOUT_MS is over, not a connection held for good', async () => {
    const slow = await startTestServer({ env: { REQUEST_TIMEOUT_MS: '1000' } });
    try {
      const started = Date.now();
      const answer = await rawRequestFull(
        Number(new URL(slow.url).port),
        Buffer.from('POST /api/links HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"ur'),
        10_000,
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      const body = Buffer.from(answer.slice(answer.indexOf('\r\n\r\n') + 4), 'latin1').toString('utf8');
      expect(JSON.parse(body)).toEqual({ error: { code: 'request_timeout', message: errorMessages.request_timeout } });
      expect((await fetch(`${slow.url}/readyz`)).status).toBe(200);
    } finally {
      await slow.close();
    }
  });

  it('is still up: healthz answers and the links stored before the run redirect unchanged', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    for (const [alias, url] of existing) {
      const res = await fetch(`${server.url}/${alias}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(url);
    }
    await expectExistingLinksIntact();
  });
});
