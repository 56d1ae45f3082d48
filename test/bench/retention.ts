// How long the daily insights retention holds SQLite's main thread (docs/performance.md,
// "Insights retention"). Builds a counters table of RETENTION_LINKS × RETENTION_DAYS × 3 rows in
// a temporary file, then runs the repository's own deleteBefore, once with a day to delete and
// once with nothing left, while a 1 ms timer records the longest the event loop waited.
// Usage: npx tsx test/bench/retention.ts   (RETENTION_LINKS=10000 RETENTION_DAYS=200 by default)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStore } from '../../src/server/db/store.js';
import { createInsightsRepository } from '../../src/server/insights/insights-repository.js';
import { measureEventLoopWait } from './event-loop-wait.js';
import { createMigratedFile, seedLinks, seedThenSync } from './seed.js';

const LINKS = Number(process.env.RETENTION_LINKS ?? 10_000);
const DAYS = Number(process.env.RETENTION_DAYS ?? 200);
const dayOf = (i: number) => new Date(Date.UTC(2025, 9, 1) + i * 86_400_000).toISOString().slice(0, 10);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'encurta-retention-'));
const file = path.join(dir, 'bench.db');
try {
  // Today's schema (migrations), links 1..LINKS, then their counters straight into the table.
  await createMigratedFile(file);
  seedLinks(file, 0, LINKS);
  seedThenSync(file, (db) => {
    const addCounter = db.prepare('insert into link_insights_daily (link_id, day, dimension, value, clicks) values (?, ?, ?, ?, 1)');
    for (let link = 1; link <= LINKS; link++) {
      for (let day = 0; day < DAYS; day++) for (const dimension of ['hours', 'devices', 'countries']) addCounter.run(link, dayOf(day), dimension, 'v');
    }
  });
  // The server's own store: its main connection's settings (sqlite-connection.ts).
  const store = openStore({ kind: 'sqlite', file, busyTimeoutMs: 5000 });
  const repository = createInsightsRepository(store.db);

  const measure = async (name: string, cutoff: string) => {
    const { result: deleted, ms, longestWaitMs } = await measureEventLoopWait(() => repository.deleteBefore(cutoff));
    console.log(`${name}: ${deleted.toLocaleString()} rows deleted in ${ms.toFixed(0)} ms; longest wait of the event loop ${longestWaitMs.toFixed(1)} ms`);
  };
  try {
    console.log(`${(LINKS * DAYS * 3).toLocaleString()} counters (${LINKS.toLocaleString()} links × ${DAYS} days × 3), node ${process.version}`);
    await measure('a day to delete', dayOf(1));
    await measure('another day', dayOf(2));
    await measure('nothing left', dayOf(2));
  } finally {
    await store.close();
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
