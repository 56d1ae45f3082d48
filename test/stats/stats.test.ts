import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_STATS, type StatsResponse } from '../../src/shared/api.js';
import { addDays, createCalendar } from '../../src/server/calendar.js';
import { createLink } from '../helpers/api.js';
import { BROWSER } from '../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

// São Paulo is UTC-3 all year (no daylight saving since 2019).
const at = (saoPauloLocal: string): number => Date.parse(`${saoPauloLocal}-03:00`);

let now = at('2026-03-10T12:00:00');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now, env: { STATS_CACHE_MS: '0' } });
});
afterAll(async () => {
  await server.close();
});

async function click(alias: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await server.app.server.inject({ method: 'GET', url: `/${alias}`, headers: { 'user-agent': BROWSER } });
    expect(res.statusCode).toBe(302);
  }
  await server.app.clicks.flush();
}

async function stats(): Promise<StatsResponse> {
  const res = await server.app.server.inject({ method: 'GET', url: '/api/stats' });
  expect(res.statusCode).toBe(200);
  return res.json<StatsResponse>();
}

describe('calendar', () => {
  it('names days in the configured time zone', () => {
    const calendar = createCalendar('America/Sao_Paulo', () => 0);
    expect(calendar.dayOf(at('2026-03-10T23:30:00'))).toBe('2026-03-10');
    expect(calendar.dayOf(at('2026-03-11T00:00:00'))).toBe('2026-03-11');
    expect(calendar.dayOf(Date.parse('2026-03-11T02:59:59Z'))).toBe('2026-03-10');
  });

  it('moves "today" at midnight even though it is cached', () => {
    let t = at('2026-03-10T23:59:30');
    const calendar = createCalendar('America/Sao_Paulo', () => t);
    expect(calendar.today()).toBe('2026-03-10');
    t = at('2026-03-11T00:00:00');
    expect(calendar.today()).toBe('2026-03-11');
    t = at('2026-03-10T23:00:00');
    expect(calendar.today()).toBe('2026-03-10');
  });

  it('adds calendar days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -29)).toBe('2025-12-03');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('GET /api/stats', () => {
  it('starts at zero with the six fields of get_link_stats, all integers', async () => {
    const body = await stats();
    expect(Object.keys(body).sort()).toEqual([
      'clicks_last_30_days', 'clicks_last_7_days', 'clicks_today', 'links_last_30_days', 'links_last_7_days', 'links_today',
    ]);
    expect(body).toEqual(EMPTY_STATS);
  });

  it('counts links and clicks in today / last 7 days / last 30 days, São Paulo days', async () => {
    // 30 days before 2026-03-11 is 2026-02-10 (in the window); 2026-02-09 is out.
    now = at('2026-02-09T18:00:00');
    await createLink(server, { url: 'https://example.com/old', alias: 'fora-30' });
    await click('fora-30', 7);
    now = at('2026-02-10T09:00:00');
    await createLink(server, { url: 'https://example.com/d30', alias: 'dentro-30' });
    await click('dentro-30', 5);
    // 7 days before 2026-03-11 is 2026-03-05 (in); 2026-03-04 is out of the 7-day window.
    now = at('2026-03-04T23:59:00');
    await createLink(server, { url: 'https://example.com/d7', alias: 'fora-7' });
    await click('fora-7', 11);
    now = at('2026-03-10T12:00:00');
    await createLink(server, { url: 'https://example.com/a', alias: 'ontem' });
    await click('ontem', 3);
    // 23:30 in São Paulo is 02:30 UTC of the next day: it still counts on the 10th.
    now = at('2026-03-10T23:30:00');
    await click('ontem', 4);
    now = at('2026-03-11T00:10:00');
    await createLink(server, { url: 'https://example.com/b', alias: 'hoje' });
    await click('hoje', 2);

    const perDay = await server.store.db
      .selectFrom('link_clicks_daily')
      .innerJoin('links', 'links.id', 'link_clicks_daily.link_id')
      .select(['links.alias', 'link_clicks_daily.day', 'link_clicks_daily.clicks'])
      .where('links.alias', 'in', ['ontem', 'hoje'])
      .orderBy('link_clicks_daily.day')
      .execute();
    expect(perDay.map((r) => [r.alias, r.day, Number(r.clicks)])).toEqual([
      ['ontem', '2026-03-10', 7],
      ['hoje', '2026-03-11', 2],
    ]);

    expect(await stats()).toEqual({
      links_today: 1,
      clicks_today: 2,
      links_last_7_days: 2,
      clicks_last_7_days: 9,
      links_last_30_days: 4,
      clicks_last_30_days: 25,
    });
  });

  it('rolls the windows over at São Paulo midnight', async () => {
    now = at('2026-03-11T23:59:00');
    expect((await stats()).clicks_today).toBe(2);
    now = at('2026-03-12T00:00:30');
    const next = await stats();
    expect(next.links_today).toBe(0);
    expect(next.clicks_today).toBe(0);
    expect(next.clicks_last_7_days).toBe(9);
    // 2026-02-10 has left the 30-day window (now 2026-02-11 .. 2026-03-12).
    expect(next.links_last_30_days).toBe(3);
    expect(next.clicks_last_30_days).toBe(20);
  });
});

describe('stats cache', () => {
  it('serves from a short cache and refreshes after a create', async () => {
    const cached = await startTestServer({ env: { STATS_CACHE_MS: '60000' } });
    try {
      const get = async () => (await cached.app.server.inject({ method: 'GET', url: '/api/stats' })).json<StatsResponse>();
      expect((await get()).links_today).toBe(0);
      await createLink(cached, { url: 'https://example.com/c', alias: 'cache-1' });
      // Creating a link drops the cache on this instance, so the new link shows at once.
      expect((await get()).links_today).toBe(1);
      await cached.app.server.inject({ method: 'GET', url: '/cache-1', headers: { 'user-agent': BROWSER } });
      await cached.app.clicks.flush();
      // A click does not drop the cache: it shows when the cache expires.
      expect((await get()).clicks_today).toBe(0);
    } finally {
      await cached.close();
    }
  });
});
