import type { CreateLinkResponse } from '../../src/shared/api.js';
import type { TestServer } from './test-server.js';

export async function createLink(server: TestServer, body: Record<string, unknown>): Promise<CreateLinkResponse> {
  const res = await server.app.server.inject({ method: 'POST', url: '/api/links', payload: body });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json<CreateLinkResponse>();
}
