// Bulk seeding of a benchmark SQLite file, straight through better-sqlite3 (seeding through
// the API would measure the API, and take minutes).
import fs from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { addDays } from '../../src/server/calendar.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { openStore } from '../../src/server/db/store.js';
import { hostKeyOf } from '../../src/server/links/host-key.js';

/** A fresh SQLite file at `file` with the schema of today's migrations. */
export async function createMigratedFile(file: string): Promise<void> {
  const store = openStore({ kind: 'sqlite', file, busyTimeoutMs: 5000 });
  try {
    await migrateToLatest(store.db, store.dialect);
  } finally {
    await store.close();
  }
}

export const benchAlias = (i: number): string => `b${i.toString(36).padStart(6, '0')}`;

export function seedLinks(file: string, from: number, to: number): void {
  const db = new SqliteDatabase(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = OFF');
    // As the server stores a link: with its target's host key (a link without one is what an
    // older server version leaves, and the server's hourly catch-up would write them all).
    const insert = db.prepare(
      'insert into links (alias, url, created_at, manage_token_hash, target_host) values (?, ?, ?, ?, ?)',
    );
    const createdAt = new Date().toISOString();
    // Bench links are never managed: one placeholder hash for all of them.
    const hash = '0'.repeat(64);
    const targetHost = hostKeyOf('https://example.com/');
    const batch = db.transaction((start: number, end: number) => {
      for (let i = start; i < end; i++) insert.run(benchAlias(i), `https://example.com/destino/${i}`, createdAt, hash, targetHost);
    });
    for (let start = from; start < to; start += 100_000) batch(start, Math.min(to, start + 100_000));
  } finally {
    db.close();
  }
}

/**
 * Writes rows straight into `file` in one unsynced transaction, then syncs the file: otherwise
 * the store's first checkpoint (which syncs) pays for flushing all of it, a wait of 110-180 ms
 * inside the first measured statement that no server sees.
 */
export function seedThenSync(file: string, write: (db: SqliteDatabase.Database) => void): void {
  const db = new SqliteDatabase(file);
  try {
    db.pragma('synchronous = OFF');
    db.transaction(() => write(db))();
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  const handle = fs.openSync(file, 'r+');
  fs.fsyncSync(handle);
  fs.closeSync(handle);
}

/** 30 days of site-wide counters and per-link counters for the first `links` links. */
export function seedCounters(file: string, today: string, links: number): void {
  const db = new SqliteDatabase(file);
  try {
    const totals = db.prepare('insert into daily_totals (day, links_created, clicks) values (?, ?, ?) on conflict (day) do nothing');
    const perLink = db.prepare('insert into link_clicks_daily (link_id, day, clicks) values (?, ?, ?) on conflict do nothing');
    db.transaction(() => {
      for (let d = 0; d < 30; d++) {
        const day = addDays(today, -d);
        totals.run(day, 30_000 + d, 400_000 + d * 7);
        for (let id = 1 + d; id <= links; id += 30) perLink.run(id, day, 1 + (id % 17));
      }
    })();
  } finally {
    db.close();
  }
}

/** Clicks counted in each breakdown dimension, summed over every link and day (insights). */
export function insightTotals(file: string): Record<string, number> {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const rows = db.prepare('select dimension, sum(clicks) as n from link_insights_daily group by dimension').all() as { dimension: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.dimension, r.n]));
  } finally {
    db.close();
  }
}

export function totalClicks(file: string): number {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const row = db.prepare('select coalesce(sum(clicks), 0) as n from daily_totals').get() as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}
