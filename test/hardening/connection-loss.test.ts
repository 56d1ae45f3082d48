// PostgreSQL ends the server's connections while requests are using them (a failover, a
// restart, an operator's pg_terminate_backend). A connection in use emits its error on the
// client, not on the pool: unheard, that was an uncaught 'error' event and the process died.
// Here a real server process takes owner views, creations and clicks while every backend of its
// database is terminated, five times: it stays up, answers no 500 (503 while a query's
// connection drops) and serves everything again afterwards.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import type { CreateLinkResponse } from '../../src/shared/api.js';
import { type ChildServer, freePort, spawnServer, waitUntilReady } from '../helpers/child-server.js';
import { BROWSER } from '../helpers/fixtures.js';
import { createThrowawayDatabase } from '../helpers/postgres.js';
import { testDialect } from '../helpers/test-server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(testDialect === 'postgres')('PostgreSQL ends connections that are in use', () => {
  let database: { url: string; drop(): Promise<void> };
  let server: ChildServer;
  let link: CreateLinkResponse;

  beforeAll(async () => {
    database = await createThrowawayDatabase(inject('postgresAdminUrl'));
    server = spawnServer({
      PORT: String(await freePort()),
      PUBLIC_URL: 'http://127.0.0.1:9',
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '4',
      CLICK_FLUSH_INTERVAL_MS: '100',
      // The insights writer thread has a pool of its own: keep it writing during the drops.
      INSIGHTS_FLUSH_INTERVAL_MS: '100',
      RATE_LIMIT_DISABLED: 'true',
    });
    await waitUntilReady(server, 30_000);
    const res = await fetch(`${server.url}/api/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'https://example.com/queda' }) });
    expect(res.status).toBe(201);
    link = (await res.json()) as CreateLinkResponse;
  }, 60_000);

  afterAll(async () => {
    if (server !== undefined && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await database?.drop();
  }, 30_000);

  it('stays up, answers 503 rather than 500 while they drop, and works again after', async () => {
    const statuses = new Map<string, number[]>();
    const seen = (kind: string, status: number) => statuses.set(kind, [...(statuses.get(kind) ?? []), status]);
    let running = true;
    const ownerView = () => fetch(`${server.url}/api/links/${link.alias}`, { headers: { authorization: `Bearer ${link.manageToken}` } });
    const creation = (i: number) =>
      fetch(`${server.url}/api/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: `https://example.com/queda/${i}` }) });
    const click = () => fetch(`${server.url}/${link.alias}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
    // A loop that stops at the first refused connection: the process is gone.
    const loop = async (kind: string, send: (i: number) => Promise<Response>) => {
      for (let i = 0; running; i++) {
        try {
          const res = await send(i);
          await res.arrayBuffer();
          seen(kind, res.status);
        } catch {
          seen(kind, -1);
          return;
        }
      }
    };
    const traffic = [
      ...Array.from({ length: 8 }, () => loop('owner view', ownerView)),
      ...Array.from({ length: 2 }, () => loop('creation', creation)),
      loop('click', click),
    ];

    // Each round waits for owner views to succeed again (the pool has connections back) rather
    // than for a fixed time, so a loaded machine still drops connections that are in use.
    const answered = () => (statuses.get('owner view') ?? []).filter((status) => status === 200).length;
    const untilAnswered = async (more: number) => {
      const goal = answered() + more;
      for (const deadline = Date.now() + 15_000; answered() < goal && Date.now() < deadline; ) await sleep(20);
      return answered() >= goal;
    };

    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const ended: number[] = [];
    const served: boolean[] = [];
    try {
      for (let round = 0; round < 5; round++) {
        served.push(await untilAnswered(10));
        const result = await admin.query<{ n: string }>(
          'select count(*) as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) t',
        );
        ended.push(Number(result.rows[0]?.n));
      }
      await sleep(500);
    } finally {
      running = false;
      await Promise.all(traffic);
      await admin.end();
    }

    expect(server.output()).not.toContain("Unhandled 'error' event");
    expect(server.child.exitCode, server.output()).toBeNull();
    // Before each round, owner views were being served; each round ended the server's
    // connections (the pool's, which had just served them, and its listener's).
    expect(served).toEqual([true, true, true, true, true]);
    for (const n of ended) expect(n).toBeGreaterThan(0);
    for (const [kind, codes] of statuses) {
      // -1: the connection was refused (the process died); 500: an unexpected error.
      const unexpected = codes.filter((status) => ![200, 201, 302, 503].includes(status));
      expect(unexpected, `${kind}: ${codes.length} requests`).toEqual([]);
    }

    // Afterwards the pool has replaced its connections: everything answers as before.
    expect((await ownerView()).status).toBe(200);
    expect((await creation(-1)).status).toBe(201);
    expect((await click()).status).toBe(302);
    expect(server.output()).not.toContain('click writer thread stopped');
  }, 120_000);
});
