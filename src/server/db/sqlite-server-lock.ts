// One server process per SQLite file. Two servers on one file both answered, but neither heard
// of the other's changes: an owner's deletion on one left the link redirecting from the other's
// cache for up to an hour, and each kept rate limits of its own. Several instances are what
// PostgreSQL is for (README), so a second server on the same file is refused at its start.
//
// The lock is SQLite's own file lock, held by an exclusive transaction on a file beside the
// database for as long as the process lives. The operating system drops it when the process
// ends, however it ends: a server killed with SIGKILL or by a power cut leaves no stale lock, as
// a file with a PID in it would. The admin and migration commands do not take it: they share the
// database with a running server on purpose.
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { StoreStartError } from './store-check.js';

export interface ServerLock {
  /** Lets another server start on the file (the end of the process does it too). */
  release(): void;
}

/** The file whose lock stands for "a server runs on this database". */
export function serverLockFile(databaseFile: string): string {
  return `${path.resolve(databaseFile)}-server-lock`;
}

/**
 * Takes the file's server lock, or throws a StoreStartError naming the file when another server
 * (another process, or another open store in this one) holds it. Not for ':memory:'.
 */
export function holdServerLock(databaseFile: string): ServerLock {
  const file = serverLockFile(databaseFile);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // timeout 0: the holder does not let go while it runs, so waiting would only delay the refusal.
  const lock = new SqliteDatabase(file, { timeout: 0 });
  try {
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
    throw new StoreStartError(
      `${path.resolve(databaseFile)}: another server process is running on this SQLite file (it holds ${file}): stop it first; for several instances use PostgreSQL (README, "PostgreSQL and several instances")`,
    );
  }
  return {
    release: () => {
      if (lock.open) lock.close();
    },
  };
}
