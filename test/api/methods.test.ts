// A known API path asked with a method it does not take answers 405 method_not_allowed with an
// `Allow` header naming the methods it does take (RFC 9110 §15.5.6); an unknown path stays 404
// route_not_found. Both in the API's JSON error shape, with its headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/shared/api.js';
import { errorMessages } from '../../src/shared/messages.js';
import { createLink } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await createLink(server, { url: 'https://example.com/metodos', alias: 'metodos' });
});
afterAll(async () => {
  await server.close();
});

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

async function send(method: Method, url: string) {
  return server.app.server.inject({ method, url, headers: { 'content-type': 'application/json' }, ...(method === 'GET' || method === 'HEAD' ? {} : { payload: '{}' }) });
}

describe('wrong methods on API paths', () => {
  it('a known path with another method is 405 method_not_allowed, with Allow', async () => {
    const cases: [Method, string, string][] = [
      ['PUT', '/api/links', 'GET, HEAD, POST'],
      ['PATCH', '/api/links', 'GET, HEAD, POST'],
      ['DELETE', '/api/links', 'GET, HEAD, POST'],
      ['OPTIONS', '/api/links', 'GET, HEAD, POST'],
      ['PUT', '/api/links/', 'GET, HEAD, POST'],
      ['PUT', '/api/links?limit=5', 'GET, HEAD, POST'],
      ['POST', '/api/links/metodos', 'GET, HEAD, DELETE'],
      ['PUT', '/api/links/nao-existe', 'GET, HEAD, DELETE'],
      ['POST', '/api/links/metodos/insights', 'GET, HEAD'],
      ['POST', '/api/stats', 'GET, HEAD'],
      ['DELETE', '/api/reports', 'POST'],
      ['POST', '/api/openapi.json', 'GET, HEAD'],
      ['POST', '/api', 'GET, HEAD'],
      ['POST', '/api/', 'GET, HEAD'],
      ['PUT', '/api', 'GET, HEAD'],
      ['OPTIONS', '/api', 'GET, HEAD'],
      ['POST', '/api/docs', 'GET, HEAD'],
    ];
    for (const [method, url, allow] of cases) {
      const res = await send(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.json<ApiErrorBody>().error, `${method} ${url}`).toEqual({ code: 'method_not_allowed', message: errorMessages.method_not_allowed });
    }
  });

  it('a HEAD of a POST-only path is 405 without a body (over a real socket)', async () => {
    const res = await fetch(`${server.url}/api/reports`, { method: 'HEAD' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.text()).toBe('');
  });

  it('an unknown path is still 404 route_not_found, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nada'],
      ['POST', '/api/nada'],
      ['OPTIONS', '/api/nada'],
      ['GET', '/api/links/metodos/outra-coisa'],
      ['PUT', '/api/links/metodos/insights/x'],
    ] as [Method, string][]) {
      const res = await send(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers.allow).toBeUndefined();
      expect(res.json<ApiErrorBody>().error.code).toBe('route_not_found');
    }
  });

  it('changes nothing: the link a wrong method named is still there', async () => {
    await send('POST', '/api/links/metodos');
    await send('PUT', '/api/links/metodos');
    const row = await server.store.db.selectFrom('links').select('alias').where('alias', '=', 'metodos').executeTakeFirst();
    expect(row?.alias).toBe('metodos');
  });
});
