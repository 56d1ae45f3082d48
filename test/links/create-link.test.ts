import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, CreateLinkResponse } from '../../src/shared/api.js';
import { errorMessages } from '../../src/shared/messages.js';
import { hashManageToken } from '../../src/server/links/manage-token.js';
import { createLink } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function post(payload: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const res = await server.app.server.inject({
    method: 'POST',
    url: '/api/links',
    headers,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  return res;
}

function errorOf(body: string): ApiErrorBody['error'] {
  return (JSON.parse(body) as ApiErrorBody).error;
}

describe('POST /api/links: creating', () => {
  it('creates a link with a chosen alias, lowercased, with the short URL built from PUBLIC_URL', async () => {
    const res = await post({ url: 'https://example.com/promo?x=1', alias: 'Black-Friday_2026' });
    expect(res.statusCode).toBe(201);
    const body = res.json<CreateLinkResponse>();
    expect(body.alias).toBe('black-friday_2026');
    expect(body.shortUrl).toBe(`${server.url}/black-friday_2026`);
    expect(body.url).toBe('https://example.com/promo?x=1');
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    expect(body.manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('generates a random alias of 6 base-36 characters when none is given (or it is empty)', async () => {
    const seen = new Set<string>();
    for (const alias of [undefined, '', '   ']) {
      const body = await createLink(server, alias === undefined ? { url: 'https://example.com/a' } : { url: 'https://example.com/a', alias });
      expect(body.alias).toMatch(/^[0-9a-z]{6}$/);
      expect(body.shortUrl).toBe(`${server.url}/${body.alias}`);
      seen.add(body.alias);
    }
    expect(seen.size).toBe(3);
  });

  it('stores the manage token only as a SHA-256 hash', async () => {
    const body = await createLink(server, { url: 'https://example.com/token', alias: 'token-check' });
    const row = await server.store.db
      .selectFrom('links')
      .select(['manage_token_hash'])
      .where('alias', '=', 'token-check')
      .executeTakeFirstOrThrow();
    expect(row.manage_token_hash).toBe(hashManageToken(body.manageToken));
    expect(row.manage_token_hash).not.toContain(body.manageToken);
  });

  it('normalises the URL (host lowercased, surrounding spaces removed)', async () => {
    const body = await createLink(server, { url: '  https://EXAMPLE.com/Caminho  ' });
    expect(body.url).toBe('https://example.com/Caminho');
  });

  it('treats /Promo and /promo as one alias: the second create is a 409', async () => {
    expect((await post({ url: 'https://example.com/1', alias: 'Promo' })).statusCode).toBe(201);
    const res = await post({ url: 'https://example.com/2', alias: 'promo' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body)).toEqual({ code: 'alias_taken', message: 'Este alias personalizado já está em uso.' });
  });

  it('lets exactly one of 20 parallel creates of one alias win; the rest get 409', async () => {
    const requests = Array.from({ length: 20 }, (_, i) =>
      fetch(`${server.url}/api/links`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: `https://example.com/race/${i}`, alias: 'corrida' }),
      }),
    );
    const statuses = (await Promise.all(requests)).map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await server.store.db.selectFrom('links').select('id').where('alias', '=', 'corrida').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/links: URL rules', () => {
  const cases: [string, unknown, string][] = [
    ['missing url', { alias: 'sem-url' }, 'invalid_url'],
    ['empty url', { url: '' }, 'invalid_url'],
    ['blank url', { url: '   ' }, 'invalid_url'],
    ['javascript:', { url: 'javascript:alert(1)' }, 'url_protocol'],
    ['data:', { url: 'data:text/html,<script>alert(1)</script>' }, 'url_protocol'],
    ['file:', { url: 'file:///etc/passwd' }, 'url_protocol'],
    ['ftp:', { url: 'ftp://example.com/file' }, 'url_protocol'],
    ['relative', { url: '/caminho/relativo' }, 'invalid_url'],
    ['no scheme', { url: 'exemplo.com.br/pagina' }, 'url_protocol'],
    ['no host', { url: 'http://' }, 'invalid_url'],
    ['credentials', { url: 'https://usuario:senha@example.com/' }, 'url_credentials'],
    // Hosts no DNS answers for, and port 0: WHATWG parsing takes them.
    ['empty labels (two root dots)', { url: 'https://example.com../a' }, 'invalid_url'],
    ['an empty label inside', { url: 'https://example..com/a' }, 'invalid_url'],
    ['a label past 63 characters', { url: `https://${'a'.repeat(64)}.com/` }, 'invalid_url'],
    ['a name past 253 characters', { url: `https://${Array.from({ length: 5 }, () => 'a'.repeat(60)).join('.')}.com/` }, 'invalid_url'],
    ['port 0', { url: 'https://example.com:0/' }, 'invalid_url'],
    ['too long', { url: `https://example.com/${'a'.repeat(4100)}` }, 'url_too_long'],
    ['non-string url', { url: 12345 }, 'invalid_url'],
    ['null url', { url: null }, 'invalid_url'],
    ['array url', { url: ['https://example.com'] }, 'invalid_url'],
  ];
  it.each(cases)('refuses %s with 400 and its own code', async (_name, payload, code) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    const error = errorOf(res.body);
    expect(error.code).toBe(code);
    expect(error.message).toBe(errorMessages[code as keyof typeof errorMessages]);
  });

  it('writes the bounds in its messages as pt-BR writes numbers (4.096, not 4096)', async () => {
    const res = await post({ url: `https://example.com/${'a'.repeat(4100)}` });
    expect(errorOf(res.body).message).toBe('A URL é longa demais: o máximo é de 4.096 caracteres.');
  });

  it('refuses a link to our own host (no redirect loops)', async () => {
    const res = await post({ url: `${server.url}/outro-link` });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).code).toBe('self_link');
  });

  it('accepts the DNS root\'s one trailing dot, 63-character labels and IPv6 literals', async () => {
    for (const url of ['https://example.com./a', `https://${'a'.repeat(63)}.com/`, 'https://[2001:4860:4860::8888]/', 'https://café.com.br/x']) {
      expect((await post({ url })).statusCode, url).toBe(201);
    }
  });

  it('accepts a URL of exactly 4096 characters', async () => {
    const url = `https://example.com/${'b'.repeat(4096 - 'https://example.com/'.length)}`;
    expect(url).toHaveLength(4096);
    expect((await post({ url })).statusCode).toBe(201);
  });
});

describe('POST /api/links: alias rules', () => {
  it.each([
    ['ab', 'invalid_alias'],
    ['a'.repeat(65), 'invalid_alias'],
    ['com espaço', 'invalid_alias'],
    ['promoção', 'invalid_alias'],
    ['a/b', 'invalid_alias'],
    ['../etc', 'invalid_alias'],
    ['link.com', 'invalid_alias'],
    // The Kelvin sign lowercases to an ASCII k: still not a–z.
    ['\u212Aab', 'invalid_alias'],
    ['api', 'reserved_alias'],
    ['FAQ', 'reserved_alias'],
    ['dashboard', 'reserved_alias'],
    ['admin', 'reserved_alias'],
    ['login', 'reserved_alias'],
    ['denuncia', 'reserved_alias'],
    ['Contato', 'reserved_alias'],
    ['healthz', 'reserved_alias'],
    ['assets', 'reserved_alias'],
  ])('refuses alias %j with %s', async (alias, code) => {
    const res = await post({ url: 'https://example.com/', alias });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).code).toBe(code);
  });

  it('accepts 3 and 64 characters, digits, - and _', async () => {
    expect((await post({ url: 'https://example.com/', alias: 'a_1' })).statusCode).toBe(201);
    expect((await post({ url: 'https://example.com/', alias: `x-${'9'.repeat(62)}` })).statusCode).toBe(201);
  });

  it('refuses a non-string alias', async () => {
    const res = await post({ url: 'https://example.com/', alias: 42 });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).code).toBe('invalid_alias');
  });
});

describe('POST /api/links: malformed requests never get a 500', () => {
  it('malformed JSON → 400 invalid_json', async () => {
    const res = await post('{"url": "https://example.com"');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).code).toBe('invalid_json');
  });

  it('empty JSON body → 400', async () => {
    const res = await post('');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).message).toMatch(/JSON|inválid/);
  });

  it('no body at all (curl -X POST without -d: no Content-Type) → 400 invalid_json, as an empty JSON body', async () => {
    const key = (await server.app.services.apiKeys.create('sem corpo', null)).key;
    for (const [url, headers] of [
      ['/api/links', {}],
      ['/api/links', { 'content-length': '0' }],
      ['/api/links/bulk', { authorization: `Bearer ${key}` }],
      ['/api/reports', {}],
    ] as const) {
      const res = await server.app.server.inject({ method: 'POST', url, headers });
      expect(res.statusCode, url).toBe(400);
      expect(errorOf(res.body), url).toEqual({ code: 'invalid_json', message: errorMessages.invalid_json });
    }
    const empty = await post('');
    expect(errorOf(empty.body).code).toBe('invalid_json');
  });

  it('JSON that is not an object → 400', async () => {
    for (const body of ['null', '[]', '"https://example.com"', '42']) {
      const res = await post(body);
      expect(res.statusCode, body).toBe(400);
      expect(errorOf(res.body).message.length).toBeGreaterThan(0);
    }
  });

  it('wrong content type → 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await post('url=https://example.com', { 'content-type': type });
      expect(res.statusCode, type).toBe(415);
      expect(errorOf(res.body).code).toBe('unsupported_media_type');
    }
  });

  it('oversized body → 413', async () => {
    const res = await post({ url: `https://example.com/${'x'.repeat(20_000)}` });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res.body).code).toBe('payload_too_large');
  });

  it('unknown fields → 400 unknown_field naming the field', async () => {
    const res = await post({ url: 'https://example.com/', alias: 'campo-extra', user_id: 7 });
    expect(res.statusCode).toBe(400);
    const error = errorOf(res.body);
    expect(error.code).toBe('unknown_field');
    expect(error.message).toContain('user_id');
  });

  it('prototype pollution attempts → 400', async () => {
    const res = await post('{"url":"https://example.com/","__proto__":{"admin":true}}');
    expect(res.statusCode).toBe(400);
  });

  it('nothing stored by refused requests', async () => {
    const before = await server.store.db.selectFrom('links').select('alias').execute();
    await post({ url: 'javascript:alert(1)', alias: 'nao-deve-existir' });
    await post('{bad json');
    const after = await server.store.db.selectFrom('links').select('alias').execute();
    expect(after).toEqual(before);
  });

  it('unknown API routes answer a JSON 404', async () => {
    const res = await server.app.server.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res.body).code).toBe('route_not_found');
  });
});

describe("a link to our own host written with the DNS root's dot ('encurta.example.')", () => {
  let named: TestServer;
  beforeAll(async () => {
    // A host name, as in production: an IP address loses its trailing dot in URL parsing anyway.
    named = await startTestServer({ env: { PUBLIC_URL: 'https://encurta.example' } });
  });
  afterAll(async () => {
    await named.close();
  });
  const create = async (payload: Record<string, string>) => {
    const res = await named.app.server.inject({ method: 'POST', url: '/api/links', headers: { 'content-type': 'application/json' }, payload });
    return { status: res.statusCode, code: res.statusCode === 201 ? undefined : errorOf(res.body).code };
  };

  it('is refused as a self link (it would loop just as surely), and as an app address', async () => {
    for (const own of ['https://encurta.example./promo', 'https://encurta.example../promo', 'http://ENCURTA.EXAMPLE./promo']) {
      expect(await create({ url: own })).toEqual({ status: 400, code: 'self_link' });
      expect(await create({ url: 'https://example.com/app', iosUrl: own })).toEqual({ status: 400, code: 'invalid_ios_url' });
      expect(await create({ url: 'https://example.com/app', androidUrl: own })).toEqual({ status: 400, code: 'invalid_android_url' });
    }
  });

  it('another host ending in a dot is a target like any other', async () => {
    expect(await create({ url: 'https://example.com./ponto' })).toEqual({ status: 201, code: undefined });
    expect(await create({ url: 'https://sub.encurta.example./ponto' })).toEqual({ status: 201, code: undefined });
  });
});
