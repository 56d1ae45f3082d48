// The metadata service against a real migrated SQLite store and loopback fixture sites.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/server/config.js';
import { assertTestSwitchesOff, loadConfig } from '../../src/server/config.js';
import { createMetadataRepository, type MetadataRepository } from '../../src/server/metadata/metadata-repository.js';
import { createMetadataService, type MetadataLog, type MetadataServiceDeps } from '../../src/server/metadata/metadata-service.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { type FixtureServer, html, OG_PAGE, startFixtureServer } from './fixture-server.js';

let server: TestServer;
let site: FixtureServer;
let repository: MetadataRepository;
let now = Date.parse('2025-03-10T12:00:00.000Z');
const clock = () => now;
let concurrent = 0;
let maxConcurrent = 0;

beforeAll(async () => {
  site = await startFixtureServer({
    '/og': html(OG_PAGE),
    '/slow': (_request, response) => {
      concurrent += 1;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      setTimeout(() => {
        concurrent -= 1;
        response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Devagar</title>');
      }, 150);
    },
    '/broken-site': (_request, response) => {
      response.writeHead(503, { 'content-type': 'text/html' }).end('<title>Fora do ar</title>');
    },
    '/empty': html('<p>sem metadados</p>'),
    '/bad-deflate': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'deflate' }).end('<title>não é deflate</title>');
    },
  });
  server = await startTestServer({
    env: { UNSAFE_ALLOW_PRIVATE_FETCH: 'true', METADATA_ALLOWED_PORTS: String(site.port) },
  });
  repository = createMetadataRepository(server.store.db);
});

afterAll(async () => {
  await server.close();
  await site.close();
});

afterEach(() => {
  now = Date.parse('2025-03-10T12:00:00.000Z');
});

async function createLink(url: string): Promise<{ alias: string; url: string }> {
  const response = await fetch(`${server.url}/api/links`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { alias: string; url: string };
  return { alias: body.alias, url: body.url };
}

type ServiceOverrides = Partial<Omit<MetadataServiceDeps, 'options'>> & { options?: Partial<Config['metadata']> };

function makeService(overrides: ServiceOverrides = {}) {
  const logs: { msg: string; obj: object }[] = [];
  const updated: string[] = [];
  const log: MetadataLog = {
    info: (obj, msg) => logs.push({ obj, msg }),
    error: (obj, msg) => logs.push({ obj, msg }),
  };
  const service = createMetadataService({
    repository,
    clock,
    log,
    onUpdated: (alias) => updated.push(alias),
    ...overrides,
    // The app's own service is off in tests (METADATA_FETCH=false); this one is on.
    options: { ...server.config.metadata, enabled: true, ...overrides.options },
  });
  return { service, logs, updated };
}

function requestsTo(path: string): number {
  return site.requests.filter((request) => request === path).length;
}

describe('metadata service', () => {
  it('stores the target’s metadata in the background and reports the alias', async () => {
    const link = await createLink(`${site.origin}/og`);
    const { service, updated } = makeService();
    const before = await repository.findMetadata(link.alias);
    expect(before).toEqual({ title: null, description: null, image: null, metadataFetchedAt: null });
    expect(service.isStale({ metadataFetchedAt: null })).toBe(true);

    // Returns at once, before the fetch has even reached the site: nothing was awaited. (Not a
    // wall-clock bound: a busy neighbour on a shared CPU can stretch any synchronous call.)
    expect(service.refreshInBackground(link)).toBeUndefined();
    expect(requestsTo('/og')).toBe(0);
    await service.idle();

    const stored = await repository.findMetadata(link.alias);
    expect(stored).toEqual({
      title: 'Praia do Rosa & arredores',
      description: 'Guia completo de Santa Catarina',
      image: 'https://cdn.example.com/rosa.jpg',
      metadataFetchedAt: '2025-03-10T12:00:00.000Z',
    });
    expect(updated).toEqual([link.alias]);
    expect(service.isStale({ metadataFetchedAt: stored?.metadataFetchedAt ?? null })).toBe(false);
  });

  it('remembers "fetched, nothing found" so the page is not fetched again until stale', async () => {
    const link = await createLink(`${site.origin}/empty`);
    const { service } = makeService();
    expect(await service.refresh(link)).toBe('stored');
    const stored = await repository.findMetadata(link.alias);
    expect(stored).toMatchObject({ title: null, description: null, image: null });
    expect(stored?.metadataFetchedAt).not.toBeNull();
  });

  it('fetches a link once when asked many times concurrently', async () => {
    const link = await createLink(`${site.origin}/slow?dedupe`);
    const { service } = makeService();
    const before = requestsTo('/slow?dedupe');
    const outcomes = await Promise.all([service.refresh(link), service.refresh(link), service.refresh({ ...link, alias: link.alias.toUpperCase() })]);
    service.refreshInBackground(link);
    await service.idle();
    expect(outcomes).toEqual(['stored', 'stored', 'stored']);
    // The background call came after the first finished, so it fetched once more: 2 at most.
    expect(requestsTo('/slow?dedupe') - before).toBeLessThanOrEqual(2);
    expect(requestsTo('/slow?dedupe') - before).toBeGreaterThanOrEqual(1);
  });

  it('dedupes concurrent calls to exactly one request', async () => {
    const link = await createLink(`${site.origin}/slow?exactly-one`);
    const { service } = makeService();
    for (let i = 0; i < 5; i += 1) service.refreshInBackground(link);
    await service.idle();
    expect(requestsTo('/slow?exactly-one')).toBe(1);
  });

  it('remembers a failure for failureTtlMs: no request within it, one after it', async () => {
    const link = await createLink(`${site.origin}/broken-site`);
    const { service, logs } = makeService({ options: { failureTtlMs: 60_000 } });
    const before = requestsTo('/broken-site');

    expect(await service.refresh(link)).toBe('failed');
    expect(requestsTo('/broken-site') - before).toBe(1);
    expect(logs.at(-1)).toMatchObject({ msg: 'metadata fetch failed', obj: { alias: link.alias, reason: 'http_status' } });
    // Nothing stored: the preview keeps its defaults (or older metadata).
    expect((await repository.findMetadata(link.alias))?.metadataFetchedAt).toBeNull();

    now += 30_000;
    expect(await service.refresh(link)).toBe('recently_failed');
    expect(requestsTo('/broken-site') - before).toBe(1);

    now += 31_000;
    expect(await service.refresh(link)).toBe('failed');
    expect(requestsTo('/broken-site') - before).toBe(2);
  });

  it('remembers a refused host for every link to it, without any connection', async () => {
    const guarded = await startFixtureServer({ '/': html(OG_PAGE) });
    try {
      const { service } = makeService({ options: { allowPrivateAddresses: false, allowedPorts: [guarded.port] } });
      const first = { alias: 'ssrf-a', url: `http://localhost:${guarded.port}/a` };
      const second = { alias: 'ssrf-b', url: `http://localhost:${guarded.port}/b` };
      expect(await service.refresh(first)).toBe('failed');
      expect(await service.refresh(second)).toBe('recently_failed');
      expect(guarded.connections).toBe(0);
    } finally {
      await guarded.close();
    }
  });

  it("a page whose body cannot be decoded fails alone: the host's other pages are still fetched", async () => {
    const { service, logs } = makeService({ options: { failureTtlMs: 60_000 } });
    expect(await service.refresh(await createLink(`${site.origin}/bad-deflate`))).toBe('failed');
    expect(logs.at(-1)).toMatchObject({ msg: 'metadata fetch failed', obj: { reason: 'bad_body' } });
    expect(await service.refresh(await createLink(`${site.origin}/og?after-bad-body`))).toBe('stored');
  });

  it('runs at most `concurrency` fetches and drops refreshes when the queue is full', async () => {
    maxConcurrent = 0;
    const links = await Promise.all([1, 2, 3, 4].map((n) => createLink(`${site.origin}/slow?limit=${n}`)));
    const { service, logs } = makeService({ options: { concurrency: 2 }, maxQueued: 1 });
    const outcomes = await Promise.all(links.map((link) => service.refresh(link)));
    expect(outcomes).toEqual(['stored', 'stored', 'stored', 'queue_full']);
    expect(maxConcurrent).toBe(2);
    expect(logs.some((entry) => entry.msg === 'metadata refresh dropped: queue full')).toBe(true);
  });

  it('does not write to a link that no longer matches (deleted, or alias reused)', async () => {
    const link = await createLink(`${site.origin}/og`);
    const { service, updated } = makeService();
    expect(await service.refresh({ alias: link.alias, url: `${site.origin}/og?other` })).toBe('link_gone');
    expect(await service.refresh({ alias: 'nao-existe', url: `${site.origin}/og` })).toBe('link_gone');
    expect(updated).toEqual([]);
  });

  it('does nothing when disabled', async () => {
    const link = await createLink(`${site.origin}/og?disabled`);
    const { service } = makeService({ options: { enabled: false } });
    service.refreshInBackground(link);
    expect(await service.refresh(link)).toBe('disabled');
    await service.idle();
    expect(requestsTo('/og?disabled')).toBe(0);
    expect(service.isStale({ metadataFetchedAt: null })).toBe(false);
  });

  it('isStale follows maxAgeMs', () => {
    const { service } = makeService({ options: { maxAgeMs: 3_600_000 } });
    expect(service.isStale({ metadataFetchedAt: null })).toBe(true);
    expect(service.isStale({ metadataFetchedAt: new Date(now - 3_599_000).toISOString() })).toBe(false);
    expect(service.isStale({ metadataFetchedAt: new Date(now - 3_601_000) })).toBe(true);
    expect(service.isStale({ metadataFetchedAt: 'garbage' })).toBe(true);
  });

  it('never lets a crashing hook or store escape, and close() aborts running fetches', async () => {
    const link = await createLink(`${site.origin}/og?hook`);
    const { service, logs } = makeService({
      onUpdated: () => {
        throw new Error('hook broke');
      },
    });
    expect(await service.refresh(link)).toBe('stored');
    expect(logs.some((entry) => entry.msg === 'metadata onUpdated hook failed')).toBe(true);

    const failingStore = makeService({
      repository: { saveMetadata: () => Promise.reject(new Error('disk full')) },
    });
    expect(await failingStore.service.refresh({ alias: 'x', url: `${site.origin}/og?store` })).toBe('failed');

    const slow = await createLink(`${site.origin}/slow?close`);
    const closing = makeService();
    const pending = closing.service.refresh(slow);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await closing.service.close();
    expect(await pending).toBe('closed');
    expect(await closing.service.refresh(slow)).toBe('closed');
  });
});

describe('assertTestSwitchesOff', () => {
  it('refuses either test switch unless forced', () => {
    expect(() => assertTestSwitchesOff(loadConfig({ UNSAFE_ALLOW_LOOPBACK_TARGETS: 'true' }))).toThrow(/UNSAFE_ALLOW_LOOPBACK_TARGETS/);
    expect(() => assertTestSwitchesOff(loadConfig({}))).not.toThrow();
    expect(() => assertTestSwitchesOff(loadConfig({ UNSAFE_ALLOW_PRIVATE_FETCH: 'true' }))).toThrow(/UNSAFE_FORCE_TEST_SWITCHES/);
    expect(() =>
      assertTestSwitchesOff(loadConfig({ UNSAFE_ALLOW_PRIVATE_FETCH: 'true', UNSAFE_FORCE_TEST_SWITCHES: 'true' })),
    ).not.toThrow();
    // The default configuration is production-safe.
    expect(loadConfig({}).metadata.allowPrivateAddresses).toBe(false);
  });
});
