// What the start checks of its store before it listens, and how a failure is said: a server
// that starts on a database it cannot write (a read-only disk, a PostgreSQL standby) answered
// /readyz "ok" until its first write failed, and a damaged SQLite file was named nowhere.
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from './schema.js';
import type { Dialect } from './dialect.js';

/** A start refused because of the store: its message is the one line the start prints. */
export class StoreStartError extends Error {}

/**
 * Writes once, changing nothing: SQLite's user_version set to what it is (a committed write to
 * the file's header); on PostgreSQL, whether the server is a standby, which refuses every write.
 */
export async function assertStoreWritable(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ user_version: number }>`pragma user_version`.execute(db);
    await sql.raw(`pragma user_version = ${Number(rows[0]?.user_version ?? 0)}`).execute(db);
    return;
  }
  const { rows } = await sql<{ standby: boolean }>`select pg_is_in_recovery() as standby`.execute(db);
  if (rows[0]?.standby === true) throw new StoreStartError('the PostgreSQL server of DATABASE_URL is a standby (read-only): point DATABASE_URL at the primary');
}

/** SQLite's answers that say the file itself is the problem, and what to do about each. */
const SQLITE_ADVICE: Record<string, string> = {
  SQLITE_NOTADB: 'it is not a SQLite database: restore it from a backup (README, "Upgrades and backups")',
  SQLITE_CORRUPT: 'it is damaged: restore it from a backup (README, "Upgrades and backups")',
  SQLITE_READONLY: 'it cannot be written: check the disk (mounted read-only?) and the permissions of the file and its folder',
  SQLITE_CANTOPEN: 'it cannot be opened: check that the path is a file in a folder that exists and can be written',
  SQLITE_IOERR: 'the disk answers with errors: check it (full, failing, read-only?)',
  SQLITE_FULL: 'the disk is full',
};

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null | undefined)?.code;

/** The start's one line for a store failure: for SQLite, the file and what to do. */
export function storeStartMessage(error: unknown, database: Config['database']): string {
  if (error instanceof StoreStartError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  if (database.kind !== 'sqlite') return message;
  // A migration's failure carries the driver's error as its cause.
  const code = String(codeOf(error) ?? codeOf(error instanceof Error ? error.cause : undefined) ?? '');
  const advice = SQLITE_ADVICE[code] ?? SQLITE_ADVICE[code.replace(/_[A-Z]+$/, '')];
  const file = database.file === ':memory:' ? database.file : path.resolve(database.file);
  return advice === undefined ? `${file}: ${message}` : `${file}: ${advice} (${code}: ${message})`;
}
