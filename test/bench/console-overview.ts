// How long the console overview's most-clicked lists take and hold SQLite's main thread
// (docs/performance.md, "Console overview"). Builds OVERVIEW_LINKS links with OVERVIEW_DAYS days of
// click counters each in a temporary file, then runs topLinks for today and for 7 days, three
// times each, while a 1 ms timer records the longest the event loop waited.
// OVERVIEW_ONE_STATEMENT=1 reads the way PostgreSQL's store does, in one statement (the way
// SQLite's did before it walked the links), for the figure before.
// Usage: npx tsx test/bench/console-overview.ts   (OVERVIEW_LINKS=100000 OVERVIEW_DAYS=90 by default)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { topLinks } from '../../src/server/admin/admin-queries.js';
import { openStore } from '../../src/server/db/store.js';
import { measureEventLoopWait } from './event-loop-wait.js';
import { createMigratedFile, seedLinks, seedThenSync } from './seed.js';

const LINKS = Number(process.env.OVERVIEW_LINKS ?? 100_000);
const DAYS = Number(process.env.OVERVIEW_DAYS ?? 90);
const dayOf = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'encurta-overview-'));
const file = path.join(dir, 'bench.db');
try {
  // Today's schema (migrations), links 1..LINKS, each clicked on every one of DAYS days.
  await createMigratedFile(file);
  seedLinks(file, 0, LINKS);
  seedThenSync(file, (db) => {
    const addDay = db.prepare('insert into link_clicks_daily (link_id, day, clicks) values (?, ?, ?)');
    for (let link = 1; link <= LINKS; link++) for (let day = 0; day < DAYS; day++) addDay.run(link, dayOf(day), ((link * 7 + day) % 50) + 1);
  });
  // The server's own store: its main connection's settings (sqlite-connection.ts).
  const store = openStore({ kind: 'sqlite', file, busyTimeoutMs: 5000 });
  const source = { db: store.db, queriesHoldEventLoop: process.env.OVERVIEW_ONE_STATEMENT !== '1' };
  const today = dayOf(DAYS - 1);

  const measure = async (name: string, from: string) => {
    const { result: top, ms, longestWaitMs } = await measureEventLoopWait(() => topLinks(source, from, today, 10));
    const first = top[0] === undefined ? 'none' : `${top[0].alias} (${top[0].clicks} clicks)`;
    console.log(`${name}: ${ms.toFixed(0)} ms; longest wait of the event loop ${longestWaitMs.toFixed(1)} ms; first ${first}`);
  };
  try {
    const way = source.queriesHoldEventLoop ? 'in steps of 500 links' : 'in one statement';
    console.log(`${(LINKS * DAYS).toLocaleString()} day counters (${LINKS.toLocaleString()} links × ${DAYS} days), read ${way}, node ${process.version}`);
    for (let round = 0; round < 3; round++) await measure('today', today);
    for (let round = 0; round < 3; round++) await measure('7 days', dayOf(DAYS - 7));
  } finally {
    await store.close();
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
