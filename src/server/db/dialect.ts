// Every difference between SQLite and PostgreSQL that the repositories or migrations care
// about lives here, so services and repositories stay dialect-free.
import type { ColumnDataType } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** What inserting a link with a retired alias fails with (migration 0011's trigger). */
export const RETIRED_ALIAS_ERROR = 'alias retired';

export function primaryKeyId(dialect: Dialect): ColumnDataType {
  return dialect === 'sqlite' ? 'integer' : 'serial';
}

export function instantType(dialect: Dialect): ColumnDataType {
  return dialect === 'sqlite' ? 'text' : 'timestamptz';
}

/**
 * True when the error is a unique-constraint violation (SQLite or PostgreSQL 23505), or SQLite's
 * trigger refusing a retired alias (migration 0011; PostgreSQL's raises 23505 itself).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (code === 'SQLITE_CONSTRAINT_TRIGGER') return (error as { message?: unknown }).message === RETIRED_ALIAS_ERROR;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

export function toIsoString(value: string | Date): string {
  return value instanceof Date ? value.toISOString() : value;
}

export function toNumber(value: number | string | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0;
  return typeof value === 'number' ? value : Number(value);
}

/**
 * Serialization failures and deadlocks (PostgreSQL 40001/40P01), SQLite busy: worth one more
 * try. And a foreign key violation (23503): the counter writes that retry (clicks, breakdowns)
 * insert only for links that exist, so one means another instance deleted a link between that
 * check and the insert; the next try leaves it out.
 */
export function isRetryableTransactionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '40001' || code === '40P01' || code === '23503' || code === 'SQLITE_BUSY';
}

/** Runs `work` again (up to `attempts` times in all) when it fails with a retryable error. */
export async function withTransactionRetry<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryableTransactionError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20));
    }
  }
}

/**
 * Our own error code: a change whose cache invalidation could not be sent (PostgreSQL: the NOTIFY
 * in the change's own transaction failed, or the commit that queues it), so the change was
 * rolled back (db/postgres-store.ts). Nothing changed; the caller answers 503 and may try again.
 */
export const INVALIDATION_NOT_SENT = 'INVALIDATION_NOT_SENT';

const UNREACHABLE_CODES = new Set([
  INVALIDATION_NOT_SENT,
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE',
  // PostgreSQL: admin shutdown, crash shutdown, cannot connect now, connection failures, too many connections
  '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300',
  // SQLite: locked for too long, read-only or unopenable file, disk I/O error or full
  'SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_READONLY', 'SQLITE_CANTOPEN', 'SQLITE_IOERR', 'SQLITE_FULL', 'SQLITE_PERM',
]);

/** True when the error says the store cannot be reached or written right now (a 503, not a bug). */
export function isStoreUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^SQLITE_(IOERR|READONLY|CANTOPEN|BUSY)/.test(code))) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED/i.test(message);
}
