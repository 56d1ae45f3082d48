// Every SQLite connection of the process is opened here, with its settings in one place: the
// main connection (requests, creations, migrations) and the click writer thread's own.
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

export type SqliteRole = 'main' | 'click-writer';

/**
 * Page cache per connection, in KiB (better-sqlite3's build default is 16 MB each). The main
 * connection serves redirects from the link cache, so its page cache only holds what creation
 * and cache misses touch; the writer's batches dirty pages all over the counters table, and a
 * larger cache only held more of them resident. See docs/performance.md.
 */
const CACHE_KIB: Record<SqliteRole, number> = { main: 4096, 'click-writer': 2048 };

/** Durability of each connection's commits (see openSqliteConnection). */
const SYNCHRONOUS: Record<SqliteRole, 'FULL' | 'NORMAL'> = { main: 'FULL', 'click-writer': 'NORMAL' };

/**
 * WAL pages after which a commit on the main connection checkpoints (SQLite's default: 1,000).
 * The checkpoint runs inside that commit, on the main thread, and every request waits for it:
 * smaller checkpoints keep that stall short (docs/performance.md has the creation benchmark).
 */
const MAIN_WAL_AUTOCHECKPOINT_PAGES = 250;

export function openSqliteConnection(file: string, role: SqliteRole, busyTimeoutMs: number): SqliteDatabase.Database {
  if (role === 'main' && file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers go on while a flush writes; busy_timeout rides out a locked file. The main
  // connection's commits (a new link, before its 201; a deletion, a report, an operator's
  // action) are synced to disk (FULL): with NORMAL a power cut or a failing disk lost links
  // already answered 201. Creations are group-committed (sqlite-group-commit.ts), so that is one
  // fsync per batch. The click writer stays NORMAL: durable across a process crash, and a
  // power cut costs only the clicks the system had not yet written out (README).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${SYNCHRONOUS[role]}`);
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.trunc(busyTimeoutMs))}`);
  sqlite.pragma(`cache_size = ${-CACHE_KIB[role]}`);
  if (role === 'main') {
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`wal_autocheckpoint = ${MAIN_WAL_AUTOCHECKPOINT_PAGES}`);
  } else {
    // The writer's own EXISTS check already looks the link up; the foreign key would do it a
    // second time. Deletions (and their cascade) run on the main connection, which enforces keys.
    sqlite.pragma('foreign_keys = OFF');
  }
  return sqlite;
}
