// What an insights read costs, bounded: the answer is kept until a flush writes the link's
// counters (a repeated read makes no query), and the reads not kept spend a process-wide budget
// of counter rows (503 with Retry-After past it). Through the real app, on both dialects; the
// cache and the budget alone below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInsightsCache } from '../../src/server/insights/insights-cache.js';
import { createInsightsReadBudget } from '../../src/server/insights/insights-read-budget.js';
import type { ApiErrorBody, CreateLinkResponse, LinkInsights } from '../../src/shared/api.js';
import { siteInsightsBusyMessage } from '../../src/shared/messages.js';
import { createLink } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

// São Paulo is UTC-3 all year.
const TODAY = '2026-05-20';
const START = Date.parse(`${TODAY}T12:00:00-03:00`);
const KEPT_MS = 600_000;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

async function linkIdOf(server: TestServer, alias: string): Promise<number> {
  return (await server.store.db.selectFrom('links').select('id').where('alias', '=', alias).executeTakeFirstOrThrow()).id;
}

/** `count` counters of one source each (1 click), spread over the 90 days before today. */
async function addSources(server: TestServer, alias: string, count: number, prefix = 's'): Promise<void> {
  const id = await linkIdOf(server, alias);
  const rows = Array.from({ length: count }, (_, i) => ({
    link_id: id,
    day: new Date(Date.parse(`${TODAY}T12:00:00Z`) - (i % 90) * 86_400_000).toISOString().slice(0, 10),
    dimension: 'sources',
    value: `${prefix}${i}`,
    clicks: 1,
  }));
  for (let at = 0; at < rows.length; at += 500) await server.store.db.insertInto('link_insights_daily').values(rows.slice(at, at + 500)).execute();
}

function ask(server: TestServer, link: CreateLinkResponse, days: number, token = link.manageToken) {
  return server.app.server.inject({ method: 'GET', url: `/api/links/${link.alias}/insights?days=${days}`, headers: { authorization: `Bearer ${token}` } });
}

async function insights(server: TestServer, link: CreateLinkResponse, days: number): Promise<LinkInsights> {
  const res = await ask(server, link, days);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<LinkInsights>();
}

async function reads(server: TestServer): Promise<{ cached: number; computed: number; refused: number }> {
  const body = (await server.app.server.inject({ method: 'GET', url: '/metrics' })).body;
  const count = (outcome: string) => Number(new RegExp(`^shortener_insights_reads_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(body)?.[1] ?? 0);
  return { cached: count('cached'), computed: count('computed'), refused: count('refused') };
}

describe('insights answers kept until the link is flushed', () => {
  let server: TestServer;
  let now = START;

  beforeAll(async () => {
    server = await startTestServer({ clock: () => now, env: { INSIGHTS_FLUSH_INTERVAL_MS: String(KEPT_MS) } });
  });
  afterAll(async () => server.close());

  it('a repeated read makes no query; another range, or the answer older than the breakdown interval, does', async () => {
    const link = await createLink(server, { url: 'https://example.com/guardado', alias: 'guardado' });
    await addSources(server, link.alias, 3);
    const first = await insights(server, link, 90);
    expect(first.sources).toHaveLength(3);
    expect(await reads(server)).toEqual({ cached: 0, computed: 1, refused: 0 });

    // Counters written behind the app's back (no flush): a kept answer does not see them.
    await addSources(server, link.alias, 2, 'x');
    expect(await insights(server, link, 90)).toEqual(first);
    expect(await reads(server)).toEqual({ cached: 1, computed: 1, refused: 0 });

    // Another range is another answer.
    expect((await insights(server, link, 7)).sources.length).toBeGreaterThan(0);
    expect(await reads(server)).toEqual({ cached: 1, computed: 2, refused: 0 });

    // The token is checked on every read, kept answer or not.
    expect((await ask(server, link, 90, 'x'.repeat(43))).statusCode).toBe(403);

    // Kept at most INSIGHTS_FLUSH_INTERVAL_MS (what other instances write is not heard).
    now += KEPT_MS;
    expect((await insights(server, link, 90)).sources).toHaveLength(5);
    expect(await reads(server)).toEqual({ cached: 1, computed: 3, refused: 0 });
  });

  it("a flush of the link's clicks, then of its breakdowns, makes the next read fresh; other links' answers stay", async () => {
    const link = await createLink(server, { url: 'https://example.com/fresco', alias: 'fresco' });
    const other = await createLink(server, { url: 'https://example.com/outro', alias: 'outro' });
    expect((await insights(server, link, 1)).totalClicks).toBe(0);
    await insights(server, other, 1);
    const before = await reads(server);

    const click = await server.app.server.inject({ method: 'GET', url: `/${link.alias}?utm_source=whatsapp`, headers: { 'user-agent': CHROME } });
    expect(click.statusCode).toBe(302);
    // The clicks alone (the breakdowns are written on their own interval).
    await server.app.clicks.flush();
    const counted = await insights(server, link, 1);
    expect(counted.totalClicks).toBe(1);
    expect(counted.sources).toEqual([]);
    // Then the breakdowns.
    await server.app.clicks.flushAll();
    const broken = await insights(server, link, 1);
    expect(broken.totalClicks).toBe(1);
    expect(broken.sources).toEqual([{ key: 'whatsapp', clicks: 1 }]);
    await insights(server, other, 1);
    expect(await reads(server)).toEqual({ cached: before.cached + 1, computed: before.computed + 2, refused: 0 });
  });
});

describe('insights read budget (INSIGHTS_READ_ROWS_PER_SECOND)', () => {
  let server: TestServer;
  let now = START;

  beforeAll(async () => {
    server = await startTestServer({ clock: () => now, env: { INSIGHTS_READ_ROWS_PER_SECOND: '1000', INSIGHTS_FLUSH_INTERVAL_MS: String(KEPT_MS) } });
  });
  afterAll(async () => server.close());

  it('past it a read not kept answers 503 unavailable with Retry-After; kept answers are still served; a second later it reads again', async () => {
    const big = await createLink(server, { url: 'https://example.com/grande', alias: 'grande' });
    await addSources(server, big.alias, 1500);
    // Admitted with the bucket full, it reads more than the bucket holds (1,500 rows + 100 for the read).
    expect((await insights(server, big, 90)).sources).toHaveLength(1500);

    const refused = await ask(server, big, 30);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.json<ApiErrorBody>().error).toEqual({ code: 'unavailable', message: siteInsightsBusyMessage });
    // The clock has not moved: still refused, and counted.
    expect((await ask(server, big, 7)).statusCode).toBe(503);
    expect((await insights(server, big, 90)).sources).toHaveLength(1500);
    expect(await reads(server)).toEqual({ cached: 1, computed: 1, refused: 2 });

    now += 1000;
    expect((await insights(server, big, 7)).sources.length).toBeGreaterThan(0);
    expect(await reads(server)).toEqual({ cached: 1, computed: 2, refused: 2 });
  });
});

describe('createInsightsCache', () => {
  const compute = (value: string, items = 1) => () => Promise.resolve({ value, items });

  it('a read running when its link is written is answered but not kept', async () => {
    const cache = createInsightsCache<string>({ maxItems: 100, maxAgeMs: 1000, now: () => 0 });
    let finish: (v: { value: string; items: number }) => void = () => undefined;
    const running = cache.read(1, 'k', () => new Promise((resolve) => (finish = resolve)));
    // A read meanwhile shares it.
    const sharing = cache.read(1, 'k', compute('never'));
    cache.invalidate(Float64Array.of(1));
    finish({ value: 'old', items: 1 });
    expect(await running).toEqual({ value: 'old', cached: false });
    expect(await sharing).toEqual({ value: 'old', cached: false });
    expect(await cache.read(1, 'k', compute('new'))).toEqual({ value: 'new', cached: false });
    expect(await cache.read(1, 'k', compute('newer'))).toEqual({ value: 'new', cached: true });
  });

  it('keeps at most maxItems, least recently read first out; a refused computation keeps nothing', async () => {
    const cache = createInsightsCache<string>({ maxItems: 10, maxAgeMs: 1000, now: () => 0 });
    await cache.read(1, 'a', compute('1a', 4));
    await cache.read(2, 'a', compute('2a', 4));
    await cache.read(1, 'a', compute('x'));
    await cache.read(3, 'a', compute('3a', 4));
    expect(cache.size()).toEqual({ answers: 2, items: 8 });
    expect((await cache.read(1, 'a', compute('x'))).cached).toBe(true);
    expect((await cache.read(2, 'a', compute('2b'))).value).toBe('2b');
    await expect(cache.read(4, 'a', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect((await cache.read(4, 'a', compute('4a'))).value).toBe('4a');
    // Larger than the cache: answered, not kept.
    await cache.read(5, 'a', compute('big', 11));
    expect((await cache.read(5, 'a', compute('again'))).value).toBe('again');
  });
});

describe('createInsightsReadBudget', () => {
  it('admits while rows are left, charges what was read, and says when it refills', () => {
    let now = 0;
    const budget = createInsightsReadBudget(1000, () => now);
    expect(budget.admit(5000)).toEqual({ admitted: true });
    expect(budget.admit(10)).toEqual({ admitted: false, retryAfterSeconds: 5 });
    // It read 3,400 rows, not 5,000: 1000 - 3400 = -2400.
    budget.settle(5000, 3400);
    expect(budget.admit(10)).toEqual({ admitted: false, retryAfterSeconds: 3 });
    now += 2500;
    expect(budget.admit(10)).toEqual({ admitted: true });
    // Never more than a second's worth.
    now += 60_000;
    budget.settle(10, 10);
    expect(budget.admit(1000)).toEqual({ admitted: true });
    expect(budget.admit(1)).toEqual({ admitted: false, retryAfterSeconds: 1 });
  });
});
