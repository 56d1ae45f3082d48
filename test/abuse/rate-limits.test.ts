import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiErrorBody } from '../../src/shared/api.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openStore } from '../../src/server/db/store.js';
import { startTestServer, testDialect, type TestServer } from '../helpers/test-server.js';

const started: { close(): Promise<void> }[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const s of started.splice(0)) await s.close();
});

async function limitedServer(env: Record<string, string>): Promise<TestServer> {
  const server = await startTestServer({ env: { RATE_LIMIT_DISABLED: 'false', ...env } });
  started.push(server);
  return server;
}

function create(server: TestServer, i: number, headers: Record<string, string> = {}) {
  return server.app.server.inject({ method: 'POST', url: '/api/links', headers, payload: { url: `https://example.com/limite/${i}` } });
}

describe('rate limits on link creation', () => {
  it('per client IP per minute: 429 with Retry-After and a pt-BR message', async () => {
    const server = await limitedServer({ CREATE_RATE_LIMIT_PER_MINUTE: '3' });
    const statuses = [];
    let last;
    for (let i = 0; i < 5; i++) {
      last = await create(server, i);
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(last?.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(last?.json<ApiErrorBody>().error).toEqual({
      code: 'rate_limited',
      message: 'Muitas tentativas em pouco tempo. Aguarde um pouco e tente novamente.',
    });
    // Refused requests stored nothing.
    const rows = await server.store.db.selectFrom('links').select('id').execute();
    expect(rows).toHaveLength(3);
  });

  it('per client IP per day', async () => {
    const server = await limitedServer({ CREATE_RATE_LIMIT_PER_MINUTE: '100', CREATE_RATE_LIMIT_PER_DAY: '4' });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await create(server, i)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  // SQLite's limits are counted in memory (PostgreSQL's in the database), each in an LRU that
  // held 5,000 counts: 5,000 other creators in a day pushed a client's day count out.
  it.runIf(testDialect === 'sqlite')('per day: a client past its limit stays refused after thousands of other clients created links', async () => {
    const server = await limitedServer({ TRUST_PROXY: '1', CREATE_RATE_LIMIT_PER_MINUTE: '100', CREATE_RATE_LIMIT_PER_DAY: '2', CREATE_RATE_LIMIT_PER_NETWORK_PER_MINUTE: '100000', CREATE_GLOBAL_LIMIT_PER_MINUTE: '100000' });
    const client = { 'x-forwarded-for': '203.0.113.41' };
    for (let i = 0; i < 2; i++) expect((await create(server, i, client)).statusCode).toBe(201);
    expect((await create(server, 2, client)).statusCode).toBe(429);
    // 6,000 other clients, each in a network of its own, each with one refused creation: 6,000
    // day counts, past the 5,000 the LRU held and within the 50,000 it now holds.
    for (let start = 0; start < 6000; start += 200) {
      await Promise.all(
        Array.from({ length: 200 }, (_, k) => start + k).map((n) =>
          server.app.server.inject({ method: 'POST', url: '/api/links', headers: { 'x-forwarded-for': `10.${n >> 8}.${n & 255}.9` }, payload: { url: 'nao-e-url' } }),
        ),
      );
    }
    expect((await create(server, 3, client)).statusCode).toBe(429);
  }, 60_000);

  it('per day: its own pt-BR message, and Retry-After is the time really left in the day window', async () => {
    // Only Date is faked: the limit's window (and PostgreSQL's limit store) reads the clock.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 2, 10, 12) });
    const server = await limitedServer({ TRUST_PROXY: '1', CREATE_RATE_LIMIT_PER_MINUTE: '100', CREATE_RATE_LIMIT_PER_DAY: '3' });
    const client = { 'x-forwarded-for': '203.0.113.40' };
    for (let i = 0; i < 3; i++) expect((await create(server, i, client)).statusCode).toBe(201);
    vi.setSystemTime(Date.now() + 2 * 3600_000);
    const refused = await create(server, 3, client);
    expect(refused.statusCode).toBe(429);
    // The window opened with the first creation two hours ago: 22 hours are left, not 24.
    expect(refused.headers['retry-after']).toBe(String(22 * 3600));
    expect(refused.json<ApiErrorBody>().error).toEqual({
      code: 'rate_limited',
      message: 'Você atingiu o limite diário de criação de links (3 por dia). O limite é renovado em 22 h.',
    });
    vi.setSystemTime(Date.now() + 30 * 60_000 + 1);
    expect((await create(server, 4, client)).json<ApiErrorBody>().error.message).toBe(
      'Você atingiu o limite diário de criação de links (3 por dia). O limite é renovado em 21 h 30 min.',
    );
    // Another client is not affected.
    expect((await create(server, 5, { 'x-forwarded-for': '198.51.100.40' })).statusCode).toBe(201);
  });

  it('when the minute and the day limits are both exceeded, the day limit answers (the longer wait)', async () => {
    const server = await limitedServer({ CREATE_RATE_LIMIT_PER_MINUTE: '1', CREATE_RATE_LIMIT_PER_DAY: '1' });
    expect((await create(server, 0)).statusCode).toBe(201);
    const refused = await create(server, 1);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ApiErrorBody>().error.message).toMatch(/^Você atingiu o limite diário de criação de links \(1 por dia\)\./);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
  });

  it('uses X-Forwarded-For only when TRUST_PROXY says the proxy is trusted', async () => {
    const untrusted = await limitedServer({ CREATE_RATE_LIMIT_PER_MINUTE: '2' });
    const spoofed = [];
    for (let i = 0; i < 3; i++) spoofed.push((await create(untrusted, i, { 'x-forwarded-for': `203.0.113.${i}` })).statusCode);
    // Without a trusted proxy the header is ignored: one client, limited.
    expect(spoofed).toEqual([201, 201, 429]);

    const behindProxy = await limitedServer({ CREATE_RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '1' });
    const a = [];
    for (let i = 0; i < 3; i++) a.push((await create(behindProxy, i, { 'x-forwarded-for': '203.0.113.7' })).statusCode);
    const b = [];
    for (let i = 0; i < 2; i++) b.push((await create(behindProxy, 10 + i, { 'x-forwarded-for': '198.51.100.9' })).statusCode);
    expect(a).toEqual([201, 201, 429]);
    expect(b).toEqual([201, 201]);
  });

  it('a global ceiling holds however many addresses the requests come from', async () => {
    const server = await limitedServer({ TRUST_PROXY: '1', CREATE_RATE_LIMIT_PER_MINUTE: '100', CREATE_GLOBAL_LIMIT_PER_MINUTE: '4' });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await create(server, i, { 'x-forwarded-for': `198.51.100.${i + 1}` })).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it('reports have their own limit, and redirects are never limited', async () => {
    const server = await limitedServer({ REPORT_RATE_LIMIT_PER_HOUR: '2', CREATE_RATE_LIMIT_PER_MINUTE: '1' });
    const link = await create(server, 0);
    const alias = link.json<{ alias: string }>().alias;
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(await server.app.server.inject({ method: 'POST', url: '/api/reports', payload: { alias, reason: `Motivo número ${i} da denúncia.` } }));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 429]);
    // Waiting "a little" would not help: the refusal names the limit and when it ends.
    const refused = answers[2];
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(3500);
    expect(refused?.json()).toEqual({ error: { code: 'rate_limited', message: 'Você atingiu o limite de denúncias (2 por hora). Tente novamente em 1 h.' } });
    for (let i = 0; i < 50; i++) {
      expect((await server.app.server.inject({ method: 'GET', url: `/${alias}`, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' } })).statusCode).toBe(302);
    }
  });

  it('reports from many addresses of one network share three clients\' budget; an address past its own does not spend its neighbours\'', async () => {
    const server = await limitedServer({ TRUST_PROXY: '1', REPORT_RATE_LIMIT_PER_HOUR: '2' });
    const alias = (await create(server, 0)).json<{ alias: string }>().alias;
    const report = (address: string, i: number) =>
      server.app.server.inject({ method: 'POST', url: '/api/reports', headers: { 'x-forwarded-for': address }, payload: { alias, reason: `Denúncia número ${i} deste link.` } });
    // One address of 203.0.113.0/24, past its own 2: refused, and its neighbours keep their budget.
    const own = [];
    for (let i = 0; i < 5; i++) own.push((await report('203.0.113.60', i)).statusCode);
    expect(own).toEqual([201, 201, 429, 429, 429]);
    // Ten /64s of one /48, two each: 6 reports in all for the network, then its refusal.
    const rotating: number[] = [];
    for (let i = 0; i < 10; i++) for (let j = 0; j < 2; j++) rotating.push((await report(`2001:db8:77:${i.toString(16)}::1`, 10 * i + j)).statusCode);
    expect(rotating.filter((status) => status === 201)).toHaveLength(6);
    const refused = await report('2001:db8:77:ff::1', 99);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: 'Muitas denúncias foram enviadas a partir da sua rede. Tente novamente em 1 h.' } });
    // The /24 of the address that went past its own limit still has 4 of its 6 left.
    const neighbours = [];
    for (let i = 0; i < 5; i++) neighbours.push((await report(`203.0.113.${70 + i}`, 200 + i)).statusCode);
    expect(neighbours).toEqual([201, 201, 201, 201, 429]);
  });

  it('report attempts refused as invalid (400, 404) do not use up the report quota', async () => {
    const server = await limitedServer({ TRUST_PROXY: '1', REPORT_RATE_LIMIT_PER_HOUR: '2' });
    const alias = (await create(server, 0)).json<{ alias: string }>().alias;
    const client = { 'x-forwarded-for': '203.0.113.50' };
    const report = (payload: Record<string, unknown>) => server.app.server.inject({ method: 'POST', url: '/api/reports', headers: client, payload });
    const invalid = [];
    for (let i = 0; i < 3; i++) {
      invalid.push((await report({ alias: 'nao-existe-mesmo', reason: 'Um motivo longo o bastante.' })).statusCode);
      invalid.push((await report({ alias, reason: 'curto' })).statusCode);
      invalid.push((await report({ alias })).statusCode);
      invalid.push((await report({ alias: '%%%', reason: 'Um motivo longo o bastante.' })).statusCode);
    }
    expect(invalid).toEqual(Array(3).fill([404, 400, 400, 404]).flat());
    const valid = [];
    for (let i = 0; i < 3; i++) valid.push((await report({ alias, reason: `Motivo número ${i} da denúncia.` })).statusCode);
    expect(valid).toEqual([201, 201, 429]);
  });

  it('a flood of invalid report attempts is still bounded per client (30 a minute), without touching the quota of others', async () => {
    const server = await limitedServer({ TRUST_PROXY: '1' });
    const flood = (address: string) =>
      server.app.server.inject({ method: 'POST', url: '/api/reports', headers: { 'x-forwarded-for': address }, payload: { alias: 'nao-existe-mesmo', reason: 'Um motivo longo o bastante.' } });
    const statuses = [];
    for (let i = 0; i < 32; i++) statuses.push((await flood('203.0.113.60')).statusCode);
    expect(statuses).toEqual([...Array(30).fill(404), 429, 429]);
    expect((await flood('203.0.113.61')).statusCode).toBe(404);
  });

  it.runIf(testDialect === 'postgres')('holds across instances sharing one PostgreSQL', async () => {
    const first = await limitedServer({ CREATE_RATE_LIMIT_PER_MINUTE: '3' });
    // A second instance on the same database.
    if (first.config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const config = loadConfig({
      DATABASE_URL: first.config.database.url,
      PUBLIC_URL: first.url,
      LOG_LEVEL: 'silent',
      METADATA_FETCH: 'false',
      RATE_LIMIT_DISABLED: 'false',
      CREATE_RATE_LIMIT_PER_MINUTE: '3',
      WEB_DIST_DIR: '/nonexistent',
    });
    const store = openStore(config.database);
    const second = await buildApp({ config, store });
    started.push({ close: async () => { await second.server.close(); await store.close(); } });

    const viaSecond = (i: number) => second.server.inject({ method: 'POST', url: '/api/links', payload: { url: `https://example.com/b/${i}` } });
    const statuses = [(await create(first, 1)).statusCode, (await viaSecond(2)).statusCode, (await create(first, 3)).statusCode, (await viaSecond(4)).statusCode];
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
