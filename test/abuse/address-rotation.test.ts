// An attacker with many addresses (a list of IPv4 addresses, or any number of addresses from
// one IPv6 network) against the creation limits. Client addresses are forwarded headers from a
// trusted proxy (TRUST_PROXY=1), as behind the site's real load balancer.
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/shared/api.js';
import { createClientKey, NOT_AN_ADDRESS } from '../../src/server/abuse/client-key.js';
import { networkCreationLimitMessage, siteCreationLimitMessage } from '../../src/shared/messages.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const started: TestServer[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.close();
});

async function limitedServer(env: Record<string, string>): Promise<TestServer> {
  const server = await startTestServer({ env: { RATE_LIMIT_DISABLED: 'false', TRUST_PROXY: '1', ...env } });
  started.push(server);
  return server;
}

const from = (address: string) => ({ 'x-forwarded-for': address, 'content-type': 'application/json' });
/** The i-th of many IPv4 addresses, each in a /24 of its own (the per-network limit is another test's). */
const ipv4 = (i: number) => `10.${(i >> 8) & 255}.${i & 255}.${(i * 37) & 255}`;
/** The i-th address of one /64 (what one home or one VPS customer is given). */
const hex = (n: number) => n.toString(16);
const inOneNetwork = (i: number) => `2001:db8:1234:5678:${hex(i >> 16)}:${hex(i & 0xffff)}:${hex((i * 7919) & 0xffff)}:1`;

function create(server: TestServer, address: string, payload: string) {
  return server.app.server.inject({ method: 'POST', url: '/api/links', headers: from(address), payload });
}
const valid = (i: number) => JSON.stringify({ url: `https://example.com/rotacao/${i}` });
const linkCount = async (server: TestServer) => (await server.store.db.selectFrom('links').select('id').execute()).length;

describe('creation limits against rotating addresses', () => {
  it('1,200 malformed creations from 1,200 addresses do not use the site-wide budget', async () => {
    const server = await limitedServer({ CREATE_GLOBAL_LIMIT_PER_MINUTE: '1200' });
    const bad = ['{"url": ', '{"url": "nao e uma url"}', '{"url": "javascript:alert(1)"}', '{"url": "https://example.com/x", "alias": "a b"}'];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1200; i++) {
      const status = (await create(server, ipv4(i), bad[i % bad.length] ?? '')).statusCode;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect([...statuses.keys()].every((status) => status === 400)).toBe(true);
    // The next person, with a fresh address and a valid URL, creates a link.
    const next = await create(server, '203.0.113.200', valid(0));
    expect(next.statusCode).toBe(201);
  });

  it('taken and reserved aliases do not use the site-wide budget either; valid creations do, whatever the address', async () => {
    const server = await limitedServer({ CREATE_GLOBAL_LIMIT_PER_MINUTE: '5' });
    expect((await create(server, ipv4(1), JSON.stringify({ url: 'https://example.com/a', alias: 'ocupado' }))).statusCode).toBe(201);
    for (let i = 0; i < 50; i++) {
      expect((await create(server, ipv4(100 + i), JSON.stringify({ url: 'https://example.com/b', alias: 'ocupado' }))).statusCode).toBe(409);
      expect((await create(server, ipv4(200 + i), JSON.stringify({ url: 'https://example.com/b', alias: 'admin' }))).statusCode).toBe(400);
    }
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await create(server, ipv4(1000 + i), valid(i))).statusCode);
    // One budget spent by the first link, four left, then the ceiling.
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    const refused = await create(server, ipv4(2000), valid(99));
    // Nothing this person did: the message says the site is busy, not "too many attempts".
    expect(refused.json<ApiErrorBody>().error).toEqual({ code: 'rate_limited', message: siteCreationLimitMessage });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await linkCount(server)).toBe(5);
  });

  it('addresses of one IPv6 /64 count as one client, per minute and per day', async () => {
    const server = await limitedServer({ CREATE_RATE_LIMIT_PER_MINUTE: '10', CREATE_RATE_LIMIT_PER_DAY: '15', CREATE_RATE_LIMIT_PER_NETWORK_PER_MINUTE: '10000' });
    let created = 0;
    for (let i = 0; i < 1300; i++) if ((await create(server, inOneNetwork(i), valid(i))).statusCode === 201) created++;
    expect(created).toBe(10);
    // Another /64 is another client.
    expect((await create(server, '2001:db8:1234:9999::1', valid(5000))).statusCode).toBe(201);
    expect(await linkCount(server)).toBe(11);
  });

  it('RATE_LIMIT_IPV6_PREFIX widens the network counted as one client', async () => {
    const server = await limitedServer({ CREATE_RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_IPV6_PREFIX: '48' });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await create(server, `2001:db8:1234:${i.toString(16)}::1`, valid(i))).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it('one holder of many addresses is one network: an IPv6 /48 or an IPv4 /24 creates 60 a minute, whatever its clients; the next network is not affected', async () => {
    const server = await limitedServer({ CREATE_GLOBAL_LIMIT_PER_MINUTE: '1200' });
    const outcomes = async (address: (i: number) => string, first: number) => {
      const statuses = new Map<number, number>();
      let message: string | undefined;
      for (let i = 0; i < 70; i++) {
        const res = await create(server, address(i), valid(first + i));
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode === 429) message = res.json<ApiErrorBody>().error.message;
      }
      return { statuses: Object.fromEntries(statuses), message };
    };
    // 70 /64s of one /48 (each its own client, under its own 10 a minute), then 70 addresses of one /24.
    const v6 = await outcomes((i) => `2001:db8:aaaa:${hex(0x100 + i)}::1`, 0);
    const v4 = await outcomes((i) => `198.51.100.${i + 1}`, 100);
    for (const outcome of [v6, v4]) expect(outcome).toEqual({ statuses: { 201: 60, 429: 10 }, message: networkCreationLimitMessage });
    // Neighbouring networks, and the site for everyone else, still create.
    expect((await create(server, '2001:db8:aaab:1::1', valid(500))).statusCode).toBe(201);
    expect((await create(server, '198.51.101.1', valid(501))).statusCode).toBe(201);
    expect(await linkCount(server)).toBe(122);
  });

  it('forwarded entries that are not addresses share one budget (each new string was a fresh client)', async () => {
    const server = await limitedServer({ CREATE_RATE_LIMIT_PER_MINUTE: '3' });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await create(server, `garbage-${i}`, valid(i))).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    // A real address is its own client.
    expect((await create(server, '203.0.113.50', valid(9))).statusCode).toBe(201);
  });

  it('an IPv4-mapped IPv6 address counts as the IPv4 address it carries', async () => {
    const server = await limitedServer({ CREATE_RATE_LIMIT_PER_MINUTE: '2' });
    const statuses = [
      (await create(server, '198.51.100.7', valid(1))).statusCode,
      (await create(server, '::ffff:198.51.100.7', valid(2))).statusCode,
      (await create(server, '::ffff:c633:6407', valid(3))).statusCode,
    ];
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('an address a proxy wrote with its port (Azure, IIS) counts as the address: a new port is not a new client', async () => {
    const server = await limitedServer({ CREATE_RATE_LIMIT_PER_MINUTE: '2' });
    const statuses = [];
    for (const [i, address] of ['198.51.100.8:51001', '198.51.100.8:51002', '198.51.100.8:51003'].entries()) statuses.push((await create(server, address, valid(i))).statusCode);
    for (const [i, address] of ['[2001:db8:77::1]:443', '[2001:db8:77::2]:444', '2001:db8:77::3'].entries()) statuses.push((await create(server, address, valid(10 + i))).statusCode);
    expect(statuses).toEqual([201, 201, 429, 201, 201, 429]);
  });
});

describe('client key', () => {
  const key = createClientKey(64);
  it('keys IPv4 by address and IPv6 by its network', () => {
    expect(key('203.0.113.9')).toBe('203.0.113.9');
    expect(key('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(key('2001:DB8:1:2::ffff')).toBe('2001:db8:1:2::/64');
    expect(key('2001:db8:1:3::1')).not.toBe(key('2001:db8:1:2::1'));
    expect(key('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(createClientKey(128)('2001:db8::1')).toBe('2001:db8::1/128');
    expect(createClientKey(56)('2001:db8:1:2ff::1')).toBe('2001:db8:1:200::/56');
  });
  it('keys IPv4 by its network when asked (the password attempts per network)', () => {
    const network = createClientKey(48, 24);
    expect(network('198.51.100.77')).toBe('198.51.100.0/24');
    expect(network('::ffff:198.51.100.77')).toBe('198.51.100.0/24');
    expect(network('2001:db8:5:ffff::1')).toBe('2001:db8:5::/48');
  });
  it("drops the port a proxy may write after the address", () => {
    expect(key('203.0.113.9:5555')).toBe('203.0.113.9');
    expect(key('[2001:db8:1:2::9]:443')).toBe('2001:db8:1:2::/64');
    expect(key('[::ffff:203.0.113.9]:80')).toBe('203.0.113.9');
  });
  it('keys everything that is not an address alike: a new string is not a new client', () => {
    for (const raw of ['unix-socket', 'unknown', 'garbage-1', 'garbage-2', '198.019.255.7', '1.2.3.4%eth0', '1.2.3.4 5', 'x'.repeat(15_000), '']) expect(key(raw)).toBe(NOT_AN_ADDRESS);
  });
});
