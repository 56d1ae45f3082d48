// An upgrade from the first release's schema with data in it, on both dialects: a database is
// built the way older releases left it (each table filled at the migration that brought it:
// links and clicks at the first schema, reports and the blocklist at 0002, click insights at
// 0005, link options at 0006, API keys at 0007), then this release starts on it as `npm start`
// does. Every row and every count must still be there, and the old links, tokens and keys must
// still work. A migration that drops, rewrites or breaks data fails here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LinkInsights, LinkListResponse, LinkOwnerView, StatsResponse } from '../../src/shared/api.js';
import { migrationProvider } from '../../src/server/db/migrate.js';
import type { Database } from '../../src/server/db/schema.js';
import { openStore } from '../../src/server/db/store.js';
import { hashSecret } from '../../src/server/secret-hash.js';
import { createLink } from '../helpers/api.js';
import { BROWSER } from '../helpers/fixtures.js';
import { createThrowawayDatabase } from '../helpers/postgres.js';
import { startTestServer, testDialect, type TestServer } from '../helpers/test-server.js';

const now = Date.parse('2026-05-01T10:00:00-03:00');
const TODAY = '2026-05-01';
const at = '2026-04-20T12:00:00.000Z';
const TOKEN = { um: 'token-do-link-um-'.padEnd(43, 'a'), dois: 'token-do-link-dois-'.padEnd(43, 'b') };
const KEY_PUBLIC_ID = '0123456789abcdef';
const KEY_SECRET = 'segredo-da-chave-'.padEnd(43, 'c');
const API_KEY = `ebr_${KEY_PUBLIC_ID}_${KEY_SECRET}`;

// Every table an older release wrote, with what this file puts in it (written out, not read back
// after the old migrations: a loss in any migration, the first ones included, must show).
const TABLES = ['links', 'link_clicks_daily', 'daily_totals', 'blocked_domains', 'link_reports', 'link_insights_daily', 'api_keys'] as const;
const WRITTEN = {
  links: 5,
  link_clicks_daily: 3,
  daily_totals: 3,
  blocked_domains: 1,
  link_reports: 1,
  link_insights_daily: 3,
  api_keys: 1,
  'sum(link_clicks_daily.clicks)': 10,
  'sum(daily_totals.clicks)': 10,
  'sum(link_insights_daily.clicks)': 15,
};

let dir: string;
let databaseUrl: string;
let dropPostgres: (() => Promise<void>) | undefined;
let server: TestServer | undefined;

async function countRows(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(row.rows[0]?.n);
  }
  const sums = await sql<{ clicks: number | string | null; totals: number | string | null; insights: number | string | null }>`
    select (select sum(clicks) from link_clicks_daily) as clicks, (select sum(clicks) from daily_totals) as totals,
           (select sum(clicks) from link_insights_daily) as insights`.execute(db);
  counts['sum(link_clicks_daily.clicks)'] = Number(sums.rows[0]?.clicks);
  counts['sum(daily_totals.clicks)'] = Number(sums.rows[0]?.totals);
  counts['sum(link_insights_daily.clicks)'] = Number(sums.rows[0]?.insights);
  return counts;
}

/** The database an older release left: each table filled at the migration that brought it. */
async function buildOldDatabase(): Promise<void> {
  const database =
    testDialect === 'postgres'
      ? ({ kind: 'postgres', url: databaseUrl, poolSize: 2 } as const)
      : ({ kind: 'sqlite', file: databaseUrl.slice('sqlite:'.length), busyTimeoutMs: 2000 } as const);
  const store = openStore(database);
  try {
    const { db } = store;
    const migrator = new Migrator({ db, provider: migrationProvider(store.dialect) });
    const step = async (name: string) => expect((await migrator.migrateTo(name)).error).toBeUndefined();
    const idOf = async (alias: string) => (await db.selectFrom('links').select('id').where('alias', '=', alias).executeTakeFirstOrThrow()).id;

    await step('0001-initial');
    await sql`insert into links (alias, url, created_at, manage_token_hash, title, description, image, metadata_fetched_at)
      values ('antigo-um', 'https://example.com/um?x=1', ${at}, ${hashSecret(TOKEN.um)}, 'Página um', 'Descrição', 'https://example.com/um.png', ${at}),
             ('antigo-dois', 'https://www.example.org/dois', ${at}, ${hashSecret(TOKEN.dois)}, null, null, null, null),
             ('golpe-velho', 'https://golpe.example/pix', ${at}, ${hashSecret('x')}, null, null, null, null)`.execute(db);
    const um = await idOf('antigo-um');
    const dois = await idOf('antigo-dois');
    await sql`insert into link_clicks_daily (link_id, day, clicks)
      values (${um}, ${TODAY}, 5), (${um}, '2026-04-30', 3), (${dois}, '2026-04-20', 2)`.execute(db);
    await sql`insert into daily_totals (day, links_created, clicks)
      values ('2026-04-20', 3, 2), ('2026-04-30', 0, 3), (${TODAY}, 0, 5)`.execute(db);

    await step('0002-abuse-controls');
    await sql`insert into blocked_domains (domain, reason, created_at) values ('golpe.example', 'golpe', ${at})`.execute(db);
    await sql`insert into link_reports (alias, reason, created_at) values ('golpe-velho', 'golpe de pix aqui', ${at})`.execute(db);

    await step('0005-click-insights');
    await sql`insert into link_insights_daily (link_id, day, dimension, value, clicks)
      values (${um}, ${TODAY}, 'sources', 'instagram', 5), (${um}, ${TODAY}, 'devices', 'mobile', 5), (${um}, ${TODAY}, 'hours', '10', 5)`.execute(db);

    await step('0006-link-options');
    await sql`insert into links (alias, url, created_at, manage_token_hash, expires_at, max_clicks, clicks_left, has_options)
      values ('com-limite', 'https://example.com/limite', ${at}, ${hashSecret('y')}, '2030-01-01T00:00:00.000Z', 10, 10, 1)`.execute(db);

    await step('0007-api-keys');
    await sql`insert into api_keys (public_id, secret_hash, name, per_minute, created_at)
      values (${KEY_PUBLIC_ID}, ${hashSecret(KEY_SECRET)}, 'Loja antiga', null, ${at})`.execute(db);
    const key = (await db.selectFrom('api_keys').select('id').executeTakeFirstOrThrow()).id;
    await sql`insert into links (alias, url, created_at, manage_token_hash, api_key_id)
      values ('da-chave', 'https://example.com/chave', ${at}, ${hashSecret('z')}, ${key})`.execute(db);
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shortener-upgrade-'));
  if (testDialect === 'postgres') {
    const postgres = await createThrowawayDatabase(inject('postgresAdminUrl'));
    databaseUrl = postgres.url;
    dropPostgres = () => postgres.drop();
  } else {
    databaseUrl = `sqlite:${path.join(dir, 'links.db')}`;
  }
  await buildOldDatabase();
  // This release's start: it migrates the old database to the latest schema, then serves.
  server = await startTestServer({ databaseUrl, clock: () => now });
});

afterAll(async () => {
  await server?.close();
  await dropPostgres?.();
  fs.rmSync(dir, { recursive: true, force: true });
});

const started = (): TestServer => {
  if (server === undefined) throw new Error('the server starts in beforeAll');
  return server;
};
const get = (url: string, headers: Record<string, string> = {}) => started().app.server.inject({ method: 'GET', url, headers });

describe(`upgrade from the first schema with data (${testDialect})`, () => {
  it('keeps every row and every count', async () => {
    expect(await countRows(started().store.db)).toEqual(WRITTEN);
  });

  it('still serves the old links: redirects, a blocked domain, a link with options', async () => {
    const redirect = await get('/antigo-um', { 'user-agent': BROWSER });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('https://example.com/um?x=1');
    expect((await get('/antigo-dois', { 'user-agent': BROWSER })).headers.location).toBe('https://www.example.org/dois');
    expect((await get('/golpe-velho', { 'user-agent': BROWSER })).statusCode).toBe(410);
    const limited = await get('/com-limite', { 'user-agent': BROWSER });
    expect(limited.statusCode).toBe(302);
    expect(limited.headers.location).toBe('https://example.com/limite');
    // The preview a crawler gets still carries the metadata fetched by the old release.
    const preview = await get('/antigo-um', { 'user-agent': 'WhatsApp/2.23' });
    expect(preview.body).toContain('Página um');
  });

  it("answers the old manage tokens with the old clicks, and counts new ones on top", async () => {
    await started().app.clicks.flush();
    const owner = await get('/api/links/antigo-um', { authorization: `Bearer ${TOKEN.um}` });
    expect(owner.statusCode).toBe(200);
    const view = owner.json<LinkOwnerView>();
    // 5 today and 3 yesterday from the old release, plus the redirect and preview above
    // (whichever of them count, today's entry grows from 5, never resets).
    expect(view.totalClicks).toBeGreaterThanOrEqual(9);
    expect(view.daily.find((d) => d.day === '2026-04-30')?.clicks).toBe(3);
    const insights = await get('/api/links/antigo-um/insights?days=7', { authorization: `Bearer ${TOKEN.um}` });
    expect(insights.statusCode).toBe(200);
    expect(insights.json<LinkInsights>().sources.find((s) => s.key === 'instagram')?.clicks).toBeGreaterThanOrEqual(5);
    expect((await get('/api/links/antigo-dois', { authorization: `Bearer ${TOKEN.dois}` })).json<LinkOwnerView>().totalClicks).toBe(3);
  });

  it("answers the old API key with its links, and the site's totals with the old days", async () => {
    const listing = await get('/api/links', { authorization: `Bearer ${API_KEY}` });
    expect(listing.statusCode).toBe(200);
    expect(listing.json<LinkListResponse>().links.map((l) => l.alias)).toEqual(['da-chave']);
    const stats = (await get('/api/stats')).json<StatsResponse>();
    expect(stats.clicks_last_30_days).toBeGreaterThanOrEqual(10);
    expect(stats.links_last_30_days).toBeGreaterThanOrEqual(3);
  });

  it('fills what newer releases added for old rows: host keys and the reported targets', async () => {
    const { db } = started().store;
    const hosts = await db.selectFrom('links').select(['alias', 'target_host']).orderBy('alias').execute();
    expect(hosts.every((h) => h.target_host !== null)).toBe(true);
    const report = await db.selectFrom('link_reports').select(['alias', 'url']).executeTakeFirstOrThrow();
    expect(report).toEqual({ alias: 'golpe-velho', url: 'https://golpe.example/pix' });
  });

  it('creates new links next to the old ones without an id or alias clash', async () => {
    for (let i = 0; i < 3; i++) await createLink(started(), { url: `https://example.com/novo-${i}` });
    await expect(createLink(started(), { url: 'https://example.com/outro', alias: 'antigo-um' })).rejects.toThrow(/409/);
    const fresh = await createLink(started(), { url: 'https://example.com/depois' });
    expect((await get(`/${fresh.alias}`, { 'user-agent': BROWSER })).headers.location).toBe('https://example.com/depois');
  });
});
