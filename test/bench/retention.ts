// How long the daily insights retention holds SQLite's main thread (docs/performance.md,
// "Insights retention"). Builds a counters table of RETENTION_LINKS × RETENTION_DAYS × 3 rows in
// a temporary file, then runs the repository's own deleteBefore, once with a day to delete and
// once with nothing left, while a 1 ms timer records the longest the event loop waited.
// Usage: npx tsx test/bench/retention.ts   (RETENTION_LINKS=10000 RETENTION_DAYS=200 by default)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database as Schema } from '../../src/server/db/schema.js';
import { createInsightsRepository } from '../../src/server/insights/insights-repository.js';

const LINKS = Number(process.env.RETENTION_LINKS ?? 10_000);
const DAYS = Number(process.env.RETENTION_DAYS ?? 200);
const dayOf = (i: number) => new Date(Date.UTC(2025, 9, 1) + i * 86_400_000).toISOString().slice(0, 10);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'encurta-retention-'));
const raw = new Database(path.join(dir, 'bench.db'));
try {
  // The shape that matters: the counters' key as migration 0005 makes it, and the main
  // connection's settings (sqlite-connection.ts).
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('cache_size = -8192');
  raw.pragma('wal_autocheckpoint = 250');
  raw.exec(`
    create table links (id integer primary key, alias text not null);
    create table link_insights_daily (
      link_id integer not null references links (id) on delete cascade,
      day char(10) not null, dimension varchar(16) not null, value varchar(64) not null,
      clicks integer not null default 0,
      constraint link_insights_daily_pk primary key (link_id, day, dimension, value)
    ) without rowid`);
  const addLink = raw.prepare('insert into links (id, alias) values (?, ?)');
  const addCounter = raw.prepare('insert into link_insights_daily values (?, ?, ?, ?, 1)');
  raw.transaction(() => {
    for (let link = 1; link <= LINKS; link++) {
      addLink.run(link, `r${link}`);
      for (let day = 0; day < DAYS; day++) for (const dimension of ['hours', 'devices', 'countries']) addCounter.run(link, dayOf(day), dimension, 'v');
    }
  })();
  raw.pragma('wal_checkpoint(TRUNCATE)');
  const repository = createInsightsRepository(new Kysely<Schema>({ dialect: new SqliteDialect({ database: raw }) }));

  const measure = async (name: string, cutoff: string) => {
    let last = performance.now();
    let longest = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    last = performance.now();
    longest = 0;
    const started = performance.now();
    const deleted = await repository.deleteBefore(cutoff);
    const ms = performance.now() - started;
    // One more tick, so a wait that ended with the run is counted.
    await new Promise((resolve) => setTimeout(resolve, 5));
    clearInterval(ticker);
    console.log(`${name}: ${deleted.toLocaleString()} rows deleted in ${ms.toFixed(0)} ms; longest wait of the event loop ${longest.toFixed(1)} ms`);
  };
  console.log(`${(LINKS * DAYS * 3).toLocaleString()} counters (${LINKS.toLocaleString()} links × ${DAYS} days × 3), node ${process.version}`);
  await measure('a day to delete', dayOf(1));
  await measure('another day', dayOf(2));
  await measure('nothing left', dayOf(2));
} finally {
  raw.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
