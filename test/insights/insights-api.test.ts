// GET /api/links/:alias/insights and the expiry of old insight counters, through the real app
// on both dialects. The counters are written straight into the tables (the click path that
// fills them is tested with it), so each case knows exactly what the answer must add up to.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { createCalendar } from '../../src/server/calendar.js';
import { loadConfig } from '../../src/server/config.js';
import { retentionBounds, retentionDelete } from '../../src/server/insights/insights-repository.js';
import { createInsightsRetention } from '../../src/server/insights/insights-retention.js';
import { hostKeyOf } from '../../src/server/links/host-key.js';
import { createInsightsService } from '../../src/server/insights/insights-service.js';
import { hashManageToken } from '../../src/server/links/manage-token.js';
import type { ApiErrorBody, CreateLinkResponse, LinkInsights } from '../../src/shared/api.js';
import { insightsPath } from '../../src/shared/api.js';
import type { InsightDimension } from '../../src/shared/insights.js';
import { createLink } from '../helpers/api.js';
import { queryPlan } from '../helpers/query-plan.js';
import { openTestStore, startTestServer, type TestServer, testDialect } from '../helpers/test-server.js';

// São Paulo is UTC-3 all year (no daylight saving since 2019).
const at = (saoPauloLocal: string): number => Date.parse(`${saoPauloLocal}-03:00`);
const TODAY = '2026-05-20';
let now = at(`${TODAY}T12:00:00`);

type InsightRow = [day: string, dimension: InsightDimension, value: string, clicks: number];

async function linkId(server: TestServer, alias: string): Promise<number> {
  const row = await server.store.db.selectFrom('links').select('id').where('alias', '=', alias).executeTakeFirstOrThrow();
  return row.id;
}

async function addInsights(server: TestServer, id: number, rows: InsightRow[]): Promise<void> {
  await server.store.db
    .insertInto('link_insights_daily')
    .values(rows.map(([day, dimension, value, clicks]) => ({ link_id: id, day, dimension, value, clicks })))
    .execute();
}

async function addClicks(server: TestServer, id: number, rows: [day: string, clicks: number][]): Promise<void> {
  await server.store.db
    .insertInto('link_clicks_daily')
    .values(rows.map(([day, clicks]) => ({ link_id: id, day, clicks })))
    .execute();
}

function askInsights(server: TestServer, alias: string, options: { token?: string; authorization?: string; query?: string } = {}) {
  const authorization = options.authorization ?? (options.token === undefined ? undefined : `Bearer ${options.token}`);
  return server.app.server.inject({
    method: 'GET',
    url: `/api/links/${alias}/insights${options.query ?? ''}`,
    headers: authorization === undefined ? {} : { authorization },
  });
}

async function insights(server: TestServer, link: CreateLinkResponse, query = ''): Promise<LinkInsights> {
  const res = await askInsights(server, link.alias, { token: link.manageToken, query });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<LinkInsights>();
}

const hoursWith = (values: Record<number, number>): number[] => Array.from({ length: 24 }, (_, hour) => values[hour] ?? 0);

describe('GET /api/links/:alias/insights', () => {
  let server: TestServer;
  let link: CreateLinkResponse;
  let other: CreateLinkResponse;

  beforeAll(async () => {
    server = await startTestServer({ clock: () => now });
    link = await createLink(server, { url: 'https://example.com/campanha', alias: 'campanha' });
    other = await createLink(server, { url: 'https://example.com/vizinho', alias: 'vizinho' });
    const id = await linkId(server, link.alias);
    const otherId = await linkId(server, other.alias);

    // The last 7 days (05-14..05-20) hold 10 clicks, the 30 days 110, the 90 days 111.
    await addClicks(server, id, [
      ['2026-02-19', 1000], // the day before the 90-day window
      ['2026-02-20', 1], // its first day
      ['2026-05-13', 100], // in the 30 days, not the 7
      ['2026-05-14', 2],
      ['2026-05-18', 3],
      [TODAY, 5],
      ['2026-05-21', 7], // tomorrow (a clock running ahead elsewhere): never shown
    ]);
    await addInsights(server, id, [
      [TODAY, 'sources', 'whatsapp', 4],
      [TODAY, 'sources', 'direct', 1],
      ['2026-05-18', 'sources', 'instagram', 3],
      ['2026-05-14', 'sources', 'instagram', 1],
      ['2026-05-14', 'sources', 'direct', 1],
      [TODAY, 'devices', 'mobile', 5],
      ['2026-05-18', 'devices', 'desktop', 3],
      ['2026-05-14', 'devices', 'mobile', 2],
      [TODAY, 'systems', 'android', 3],
      [TODAY, 'systems', 'ios', 2],
      ['2026-05-18', 'systems', 'windows', 3],
      ['2026-05-14', 'systems', 'ios', 2],
      [TODAY, 'browsers', 'chrome', 5],
      ['2026-05-18', 'browsers', 'chrome', 3],
      ['2026-05-14', 'browsers', 'safari', 2],
      [TODAY, 'countries', 'BR', 4],
      [TODAY, 'countries', 'unknown', 1],
      ['2026-05-18', 'countries', 'PT', 3],
      ['2026-05-14', 'countries', 'BR', 2],
      [TODAY, 'regions', 'BR-SC', 2],
      [TODAY, 'regions', 'BR-SP', 2],
      [TODAY, 'regions', 'unknown', 1],
      ['2026-05-18', 'regions', 'unknown', 3],
      ['2026-05-14', 'regions', 'BR-SC', 2],
      [TODAY, 'hours', '00', 1],
      [TODAY, 'hours', '09', 4],
      ['2026-05-18', 'hours', '23', 3],
      ['2026-05-14', 'hours', '09', 2],
      // Outside the 7 days.
      ['2026-05-13', 'sources', 'facebook', 100],
      ['2026-05-13', 'hours', '12', 100],
      ['2026-02-20', 'sources', 'email', 1],
      ['2026-02-19', 'sources', 'sms', 1000],
      ['2026-05-21', 'sources', 'amanha', 7],
    ]);
    // Another link's counters on the same days must not leak in.
    await addClicks(server, otherId, [[TODAY, 99], ['2026-05-18', 99]]);
    await addInsights(server, otherId, [
      [TODAY, 'sources', 'tiktok', 99],
      [TODAY, 'devices', 'tablet', 99],
      [TODAY, 'hours', '09', 99],
      ['2026-05-18', 'countries', 'AR', 99],
    ]);
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers the last 7 days: daily padded with zeros, hours as 24 numbers, lists sorted by clicks then key', async () => {
    const view = await insights(server, link, '?days=7');
    expect(view).toEqual({
      alias: 'campanha',
      days: 7,
      from: '2026-05-14',
      to: TODAY,
      totalClicks: 10,
      daily: [
        { day: '2026-05-14', clicks: 2 },
        { day: '2026-05-15', clicks: 0 },
        { day: '2026-05-16', clicks: 0 },
        { day: '2026-05-17', clicks: 0 },
        { day: '2026-05-18', clicks: 3 },
        { day: '2026-05-19', clicks: 0 },
        { day: TODAY, clicks: 5 },
      ],
      hours: hoursWith({ 0: 1, 9: 6, 23: 3 }),
      // instagram and whatsapp tie at 4: key order decides.
      sources: [
        { key: 'instagram', clicks: 4 },
        { key: 'whatsapp', clicks: 4 },
        { key: 'direct', clicks: 2 },
      ],
      devices: [
        { key: 'mobile', clicks: 7 },
        { key: 'desktop', clicks: 3 },
      ],
      systems: [
        { key: 'ios', clicks: 4 },
        { key: 'android', clicks: 3 },
        { key: 'windows', clicks: 3 },
      ],
      browsers: [
        { key: 'chrome', clicks: 8 },
        { key: 'safari', clicks: 2 },
      ],
      countries: [
        { key: 'BR', clicks: 6 },
        { key: 'PT', clicks: 3 },
        { key: 'unknown', clicks: 1 },
      ],
      regions: [
        { key: 'BR-SC', clicks: 4 },
        { key: 'unknown', clicks: 4 },
        { key: 'BR-SP', clicks: 2 },
      ],
      breakdowns: true,
      // The stored rows name states, but this server has no GEOIP_CITY_DB: new clicks would not.
      regionLookup: false,
    } satisfies LinkInsights);
    // Every breakdown adds up to the clicks of the range here.
    for (const list of [view.sources, view.devices, view.systems, view.browsers, view.countries, view.regions]) {
      expect(list.reduce((sum, c) => sum + c.clicks, 0)).toBe(view.totalClicks);
    }
    expect(view.hours.reduce((sum, c) => sum + c, 0)).toBe(view.totalClicks);
  });

  it('answers today only for days=1', async () => {
    const view = await insights(server, link, '?days=1');
    expect(view).toMatchObject({ days: 1, from: TODAY, to: TODAY, totalClicks: 5, daily: [{ day: TODAY, clicks: 5 }] });
    expect(view.sources).toEqual([
      { key: 'whatsapp', clicks: 4 },
      { key: 'direct', clicks: 1 },
    ]);
    expect(view.hours).toEqual(hoursWith({ 0: 1, 9: 4 }));
    expect(view.regions).toEqual([
      { key: 'BR-SC', clicks: 2 },
      { key: 'BR-SP', clicks: 2 },
      { key: 'unknown', clicks: 1 },
    ]);
  });

  it('answers 30 days, also when days is not given, and 90 days up to the window edge', async () => {
    const thirty = await insights(server, link, '?days=30');
    expect(await insights(server, link)).toEqual(thirty);
    expect(thirty).toMatchObject({ days: 30, from: '2026-04-21', to: TODAY, totalClicks: 110 });
    expect(thirty.daily).toHaveLength(30);
    expect(thirty.daily[0]).toEqual({ day: '2026-04-21', clicks: 0 });
    expect(thirty.daily.at(-1)).toEqual({ day: TODAY, clicks: 5 });
    expect(thirty.sources[0]).toEqual({ key: 'facebook', clicks: 100 });
    expect(thirty.hours[12]).toBe(100);
    expect(thirty.sources.map((s) => s.key)).not.toContain('email');

    const ninety = await insights(server, link, '?days=90');
    expect(ninety).toMatchObject({ days: 90, from: '2026-02-20', to: TODAY, totalClicks: 111 });
    expect(ninety.daily).toHaveLength(90);
    expect(ninety.daily[0]).toEqual({ day: '2026-02-20', clicks: 1 });
    const keys = ninety.sources.map((s) => s.key);
    expect(keys).toContain('email');
    // The day before the window and tomorrow are never counted.
    expect(keys).not.toContain('sms');
    expect(keys).not.toContain('amanha');
    // Nothing of the other link.
    expect(keys).not.toContain('tiktok');
    expect(ninety.devices.map((d) => d.key)).not.toContain('tablet');
    expect(ninety.countries.map((c) => c.key)).not.toContain('AR');
    expect(ninety.hours[9]).toBe(6);
  });

  it('uses the São Paulo day: 23:30 there is already tomorrow in UTC', async () => {
    now = at(`${TODAY}T23:30:00`);
    try {
      expect((await insights(server, link, '?days=1')).to).toBe(TODAY);
    } finally {
      now = at(`${TODAY}T12:00:00`);
    }
  });

  it('a link without counters answers zeros and empty lists', async () => {
    const quiet = await createLink(server, { url: 'https://example.com/quieto' });
    const view = await insights(server, quiet, '?days=7');
    expect(view.totalClicks).toBe(0);
    expect(view.daily).toHaveLength(7);
    expect(view.daily.every((d) => d.clicks === 0)).toBe(true);
    expect(view.hours).toEqual(hoursWith({}));
    expect([view.sources, view.devices, view.systems, view.browsers, view.countries, view.regions]).toEqual([[], [], [], [], [], []]);
    expect(view.breakdowns).toBe(true);
  });

  it('the shared insightsPath builds the route and the alias is case-insensitive', async () => {
    const res = await server.app.server.inject({
      method: 'GET',
      url: insightsPath('CAMPANHA', 7),
      headers: { authorization: `Bearer ${link.manageToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<LinkInsights>()).toMatchObject({ alias: 'campanha', days: 7, totalClicks: 10 });
  });

  it('needs the token: 401 without, 403 wrong or another link’s, 404 unknown alias', async () => {
    const missing = await askInsights(server, link.alias, { query: '?days=7' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.json<ApiErrorBody>().error).toEqual({
      code: 'unauthorized',
      message: 'É preciso informar o código de gerenciamento deste link.',
    });
    expect((await askInsights(server, link.alias, { authorization: `Basic ${link.manageToken}` })).statusCode).toBe(401);

    const wrong = await askInsights(server, link.alias, { token: 'x'.repeat(43) });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json<ApiErrorBody>().error).toEqual({ code: 'forbidden', message: 'O código de gerenciamento não confere com este link.' });
    expect((await askInsights(server, link.alias, { token: other.manageToken })).statusCode).toBe(403);

    const unknown = await askInsights(server, 'nao-existe', { token: link.manageToken });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiErrorBody>().error).toEqual({ code: 'link_not_found', message: 'Link não encontrado ou expirado.' });
    expect((await askInsights(server, 'x%00y', { token: link.manageToken })).statusCode).toBe(404);
  });

  it.each([
    ['?days=2'],
    ['?days=abc'],
    ['?days='],
    ['?days=030'],
    ['?days=7.0'],
    ['?days=%207'],
    ['?days=-7'],
    ['?days=365'],
    ['?days=30&days=7'],
    ['?days=7&days=7'],
  ])('refuses %s with 400 invalid_days and the pt-BR message', async (query) => {
    const res = await askInsights(server, link.alias, { token: link.manageToken, query });
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json<ApiErrorBody>().error).toEqual({ code: 'invalid_days', message: 'Escolha um período de 1, 7, 30 ou 90 dias.' });
  });

  it('refuses any other query parameter as an unknown field, naming it', async () => {
    const res = await askInsights(server, link.alias, { token: link.manageToken, query: '?dias=7' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>().error).toEqual({
      code: 'unknown_field',
      message: 'A requisição tem um campo desconhecido. Campo não permitido: "dias".',
    });
    expect((await askInsights(server, link.alias, { token: link.manageToken, query: '?days=7&x=1' })).json<ApiErrorBody>().error.code).toBe(
      'unknown_field',
    );
  });

  it('deleting the link deletes its insight and click counters (foreign key cascade), not its neighbour’s', async () => {
    if (testDialect === 'sqlite') {
      // The cascade needs foreign keys on the connection that deletes.
      const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(server.store.db);
      expect(rows[0]?.foreign_keys).toBe(1);
    }
    const doomed = await createLink(server, { url: 'https://example.com/efemero', alias: 'efemero' });
    const id = await linkId(server, doomed.alias);
    await addClicks(server, id, [[TODAY, 2]]);
    await addInsights(server, id, [
      [TODAY, 'sources', 'direct', 2],
      [TODAY, 'hours', '10', 2],
    ]);
    const count = async (table: 'link_insights_daily' | 'link_clicks_daily', linkIdValue: number): Promise<number> =>
      (await server.store.db.selectFrom(table).select('link_id').where('link_id', '=', linkIdValue).execute()).length;
    expect(await count('link_insights_daily', id)).toBe(2);
    const neighbour = await count('link_insights_daily', await linkId(server, other.alias));

    const deleted = await server.app.server.inject({ method: 'DELETE', url: `/api/links/${doomed.alias}`, headers: { authorization: `Bearer ${doomed.manageToken}` } });
    expect(deleted.statusCode).toBe(204);
    expect(await count('link_insights_daily', id)).toBe(0);
    expect(await count('link_clicks_daily', id)).toBe(0);
    expect(await count('link_insights_daily', await linkId(server, other.alias))).toBe(neighbour);
    expect((await askInsights(server, doomed.alias, { token: doomed.manageToken })).statusCode).toBe(404);
  });
});

describe('insights service (the database\'s row order does not matter)', () => {
  const token = 'segredo-do-dono';
  const deps = (breakdownsBetween: () => Promise<{ dimension: string; value: string; clicks: number }[]>, breakdowns = true, regionLookup = true) =>
    createInsightsService({
      links: {
        findByAlias: async (alias) =>
          alias === 'ordem' ? { id: 1, alias, url: 'https://example.com/', createdAt: '2026-05-01T00:00:00.000Z', manageTokenHash: hashManageToken(token), apiKeyId: null, disabled: false } : undefined,
      },
      counters: { linkClicksBetween: async () => [] },
      insights: { breakdownsBetween },
      calendar: createCalendar('America/Sao_Paulo', () => now),
      breakdowns,
      regionLookup,
    });

  it('sorts by clicks, most first, then by key in code-unit order; skips unknown dimensions and hours it cannot place', async () => {
    const service = deps(async () => [
      { dimension: 'sources', value: 'whatsapp', clicks: 4 },
      { dimension: 'sources', value: 'direct', clicks: 1 },
      { dimension: 'sources', value: 'instagram', clicks: 4 },
      { dimension: 'sources', value: 'Zeta', clicks: 4 },
      { dimension: 'sources', value: 'facebook', clicks: 9 },
      { dimension: 'hours', value: '23', clicks: 2 },
      { dimension: 'hours', value: '7', clicks: 5 },
      { dimension: 'hours', value: '24', clicks: 5 },
      { dimension: 'moods', value: 'happy', clicks: 3 },
    ]);
    const view = await service.getInsights('ordem', token, 7);
    expect(view.sources.map((s) => s.key)).toEqual(['facebook', 'Zeta', 'instagram', 'whatsapp', 'direct']);
    expect(view.hours).toEqual(hoursWith({ 23: 2 }));
    expect(view).not.toHaveProperty('moods');
  });

  it('does not read the breakdowns at all when they are off', async () => {
    const breakdownsBetween = vi.fn(async () => []);
    const view = await deps(breakdownsBetween, false).getInsights('ordem', token, 1);
    expect(breakdownsBetween).not.toHaveBeenCalled();
    // A city database configured does not make states looked up while breakdowns are off.
    expect(view).toMatchObject({ breakdowns: false, regionLookup: false, sources: [], hours: hoursWith({}) });
  });

  it('says whether states are looked up, as configured', async () => {
    expect((await deps(async () => [], true, true).getInsights('ordem', token, 1)).regionLookup).toBe(true);
    expect((await deps(async () => [], true, false).getInsights('ordem', token, 1)).regionLookup).toBe(false);
  });
});

describe('INSIGHTS=false', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clock: () => now, env: { INSIGHTS: 'false' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers the daily clicks with breakdowns false, empty lists and 24 zero hours', async () => {
    const link = await createLink(server, { url: 'https://example.com/sem-detalhes' });
    const id = await linkId(server, link.alias);
    await addClicks(server, id, [[TODAY, 3], ['2026-05-19', 1]]);
    // Counters kept from before the operator turned breakdowns off are not shown either.
    await addInsights(server, id, [
      [TODAY, 'sources', 'whatsapp', 3],
      [TODAY, 'hours', '08', 3],
    ]);
    const view = await insights(server, link, '?days=7');
    expect(view).toMatchObject({ days: 7, from: '2026-05-14', to: TODAY, totalClicks: 4, breakdowns: false });
    expect(view.daily.slice(-2)).toEqual([
      { day: '2026-05-19', clicks: 1 },
      { day: TODAY, clicks: 3 },
    ]);
    expect(view.hours).toEqual(hoursWith({}));
    expect([view.sources, view.devices, view.systems, view.browsers, view.countries, view.regions]).toEqual([[], [], [], [], [], []]);
  });
});

describe('insights retention', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clock: () => now, env: { INSIGHTS_RETENTION_DAYS: '90' } });
  });
  afterAll(async () => {
    await server.close();
  });
  afterEach(() => {
    now = at(`${TODAY}T12:00:00`);
  });

  const daysLeft = async (): Promise<string[]> =>
    (await server.store.db.selectFrom('link_insights_daily').select('day').distinct().orderBy('day').execute()).map((r) => r.day.trim());

  it('runOnce deletes exactly the days before the window (today and the 89 before stay), and never the daily clicks', async () => {
    const first = await createLink(server, { url: 'https://example.com/antigo-1' });
    const second = await createLink(server, { url: 'https://example.com/antigo-2' });
    const a = await linkId(server, first.alias);
    const b = await linkId(server, second.alias);
    // The window of 2026-05-20 with 90 days starts on 2026-02-20.
    await addInsights(server, a, [
      ['2025-12-31', 'sources', 'direct', 1],
      ['2026-02-18', 'sources', 'direct', 1],
      ['2026-02-19', 'sources', 'direct', 1],
      ['2026-02-19', 'hours', '03', 1],
      ['2026-02-20', 'sources', 'direct', 1],
      [TODAY, 'sources', 'direct', 1],
    ]);
    await addInsights(server, b, [
      ['2026-02-19', 'devices', 'mobile', 1],
      ['2026-02-20', 'devices', 'mobile', 1],
    ]);
    await addClicks(server, a, [['2026-02-19', 2], ['2026-02-20', 1], [TODAY, 1]]);

    expect(await server.app.services.insightsRetention.runOnce()).toBe(5);
    expect(await daysLeft()).toEqual(['2026-02-20', TODAY]);
    expect(await server.app.services.insightsRetention.runOnce()).toBe(0);
    const clicks = await server.store.db.selectFrom('link_clicks_daily').select(['day', 'clicks']).where('link_id', '=', a).orderBy('day').execute();
    expect(clicks.map((r) => r.day.trim())).toEqual(['2026-02-19', '2026-02-20', TODAY]);

    // A day later (in São Paulo) the window's first day moves on by one.
    now = at('2026-05-21T00:01:00');
    expect(await server.app.services.insightsRetention.runOnce()).toBe(2);
    expect(await daysLeft()).toEqual([TODAY]);
  });

  it('runOnce walks every link, across its statements of a few hundred links each', async () => {
    // 450 links straight into the table (ids in a row), the first, a middle and the last with
    // old and current counters: three statements' worth of links, each one's rows found.
    const createdAt = new Date().toISOString();
    const rows = Array.from({ length: 450 }, (_, i) => ({ alias: `ret-${i}`, url: `https://example.com/ret/${i}` }));
    for (let start = 0; start < rows.length; start += 150) {
      await server.store.db
        .insertInto('links')
        .values(rows.slice(start, start + 150).map((row) => ({ ...row, created_at: createdAt, manage_token_hash: `h-${row.alias}`, target_host: hostKeyOf(row.url) })))
        .execute();
    }
    const ids = await Promise.all(['ret-0', 'ret-225', 'ret-449'].map((alias) => linkId(server, alias)));
    for (const id of ids) {
      await addInsights(server, id, [
        ['2026-01-05', 'sources', 'direct', 1],
        ['2026-02-19', 'countries', 'BR', 2],
        [TODAY, 'sources', 'direct', 3],
      ]);
    }
    expect(await server.app.services.insightsRetention.runOnce()).toBe(6);
    const left = await server.store.db.selectFrom('link_insights_daily').select(['link_id', 'day']).where('link_id', 'in', ids).orderBy('link_id').execute();
    expect(left.map((r) => [r.link_id, r.day.trim()])).toEqual(ids.map((id) => [id, TODAY]));
  });

  // The plan on SQLite, whose statements run on the main thread; PostgreSQL's planner picks by
  // the table's size, which a test table does not have (its deletions are checked above).
  it.runIf(testDialect === 'sqlite')('the retention searches the key (each link\'s old days, the two ends), never scans the table', async () => {
    const deletion = await queryPlan(server.store, retentionDelete(server.store.db, 1, 201, '2026-02-20'));
    expect(deletion).toMatch(/SEARCH link_insights_daily USING PRIMARY KEY \(link_id=\? AND day<\?\)/);
    expect(deletion).not.toMatch(/PRIMARY KEY \(link_id>\? AND link_id<\?\)/);
    const bounds = await queryPlan(server.store, retentionBounds(server.store.db));
    expect(bounds).toMatch(/SEARCH link_insights_daily USING PRIMARY KEY/);
    expect(bounds).not.toMatch(/SCAN link_insights_daily/);
  });

  it('start runs once soon, then each interval until a run succeeds for the day; a failure is logged, never thrown; stop ends it', async () => {
    vi.useFakeTimers();
    try {
      const calls: string[] = [];
      let fail = false;
      const log = { info: vi.fn(), warn: vi.fn() };
      const retention = createInsightsRetention({
        repository: {
          deleteBefore: async (day) => {
            calls.push(day);
            if (fail) throw new Error('store down');
            return 3;
          },
        },
        calendar: createCalendar('America/Sao_Paulo', () => now),
        retentionDays: 400,
        log,
        intervalMs: 60_000,
        firstRunDelayMs: 1_000,
      });
      retention.start();
      retention.start(); // a second start adds no second timer
      await vi.advanceTimersByTimeAsync(999);
      expect(calls).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      // 400 days kept, today included: 2026-05-20 back 399 days.
      expect(calls).toEqual(['2025-04-16']);
      expect(log.info).toHaveBeenCalledTimes(1);

      // The delete walks the whole table: done for this cutoff day, the next checks do nothing.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(calls).toHaveLength(1);

      // A new day: a new cutoff. A failed run is logged and tried again at the next check.
      now += 86_400_000;
      fail = true;
      await vi.advanceTimersByTimeAsync(60_000);
      expect(calls).toEqual(['2025-04-16', '2025-04-17']);
      expect(log.warn).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(calls).toHaveLength(3);
      expect(log.warn).toHaveBeenCalledTimes(2);

      await retention.stop();
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(calls).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the API plugin starts it when the server is ready and stops it when the server closes', async () => {
    const opened = await openTestStore();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shortener-insights-'));
    try {
      const config = loadConfig({ LOG_LEVEL: 'silent', METADATA_FETCH: 'false', WEB_DIST_DIR: path.join(dir, 'no-web'), LINK_CACHE_WARM: 'false' });
      const app = await buildApp({ config, store: opened.store, clock: () => now });
      const start = vi.spyOn(app.services.insightsRetention, 'start');
      const stop = vi.spyOn(app.services.insightsRetention, 'stop');
      await app.server.ready();
      expect(start).toHaveBeenCalledTimes(1);
      expect(stop).not.toHaveBeenCalled();
      await app.server.close();
      expect(stop).toHaveBeenCalledTimes(1);
    } finally {
      await opened.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
