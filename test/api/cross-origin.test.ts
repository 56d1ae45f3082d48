// Calls from another site's page. The OpenAPI document is readable from any page (browser-based
// API tools import it from its URL); no other API route sends CORS headers, so a browser on
// another site cannot read their answers nor pass a JSON request's preflight: links are created
// from servers (an API key never belongs in a browser), and the console stays same-site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
let apiKey: string;

beforeAll(async () => {
  server = await startTestServer();
  apiKey = (await server.app.services.apiKeys.create('outro site', null)).key;
});
afterAll(async () => {
  await server.close();
});

const ORIGIN = 'https://loja.example';

const corsHeadersOf = (headers: Record<string, unknown>) => Object.keys(headers).filter((name) => name.startsWith('access-control-'));

describe('from another origin', () => {
  it('GET /api/openapi.json is readable by any page: Access-Control-Allow-Origin: *, no credentials', async () => {
    for (const headers of [{ origin: ORIGIN }, {}]) {
      const res = await server.app.server.inject({ method: 'GET', url: '/api/openapi.json', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.json<{ openapi: string }>().openapi).toBe('3.1.0');
    }
  });

  it('no other API route sends CORS headers, keyed or not, and a JSON preflight is refused', async () => {
    const requests = [
      { method: 'GET', url: '/api/stats' },
      { method: 'GET', url: '/api/links', headers: { authorization: `Bearer ${apiKey}` } },
      { method: 'POST', url: '/api/links', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ url: 'https://example.com/cors' }) },
      { method: 'POST', url: '/api/links', headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` }, payload: JSON.stringify({ url: 'https://example.com/cors' }) },
      { method: 'GET', url: '/api/admin/session' },
      { method: 'OPTIONS', url: '/api/links', headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization' } },
      { method: 'OPTIONS', url: '/api/admin/session', headers: { 'access-control-request-method': 'POST' } },
    ] as const;
    for (const request of requests) {
      const res = await server.app.server.inject({ ...request, headers: { ...('headers' in request ? request.headers : {}), origin: ORIGIN } });
      expect(res.statusCode, `${request.method} ${request.url}`).toBeLessThan(500);
      expect(corsHeadersOf(res.headers), `${request.method} ${request.url}`).toEqual([]);
      if (request.method === 'OPTIONS') expect(res.statusCode, `${request.method} ${request.url}`).toBeGreaterThanOrEqual(400);
    }
  });
});
