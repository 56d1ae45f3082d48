import type { CreateLinkResponse } from '../../src/shared/api.js';
import type { TestServer } from './test-server.js';

export async function createLink(server: TestServer, body: Record<string, unknown>): Promise<CreateLinkResponse> {
  const res = await server.app.server.inject({ method: 'POST', url: '/api/links', payload: body });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json<CreateLinkResponse>();
}

/** A link's clicks as stored (every day summed); what the server still buffers is not in it. */
export async function storedClicksOf(server: TestServer, alias: string): Promise<number> {
  const row = await server.store.db
    .selectFrom('link_clicks_daily')
    .innerJoin('links', 'links.id', 'link_clicks_daily.link_id')
    .select((eb) => eb.fn.sum<number>('link_clicks_daily.clicks').as('total'))
    .where('links.alias', '=', alias)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
