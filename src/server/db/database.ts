// Opens the store named by the configuration: SQLite (one file, WAL) by default, or
// PostgreSQL when DATABASE_URL is postgres://… Repositories see only Kysely.
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type SqliteDatabase as KyselySqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteStatement,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Dialect } from './dialect.js';
import type { Database } from './schema.js';
import { createGroupCommit, type WriteInBatch } from './sqlite-group-commit.js';

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL connection string, for listeners that need a connection of their own. */
  postgresUrl?: string;
  /** The SQLite file, for a writer thread with a connection of its own (not for :memory:). */
  sqlite?: { file: string; busyTimeoutMs: number };
  /**
   * SQLite only: runs a compiled read at once. better-sqlite3 is synchronous anyway; this
   * skips Kysely's promise chain and connection mutex (~2 µs), which shows on the redirect's
   * cache miss. Undefined while a transaction is open on the connection: the read must then
   * wait for it (through Kysely) rather than see rows that could still be rolled back.
   */
  readNow?: <R>(query: CompiledQuery<R>) => R[] | undefined;
  /**
   * SQLite only: group commit (see sqlite-group-commit.ts). The writes queued in one turn of
   * the event loop commit together; each unit is still all or none, and answered after the commit.
   */
  writeInBatch?: WriteInBatch;
  close(): Promise<void>;
}

export function openStore(database: Config['database']): Store {
  return database.kind === 'postgres' ? openPostgres(database.url, database.poolSize) : openSqlite(database.file, database.busyTimeoutMs);
}

/**
 * SQLite's page cache for this connection, in KiB. better-sqlite3 builds SQLite with 16 MB per
 * connection, and the link cache warm-up reads the whole links table through it: 16 MB of
 * resident memory that redirects (answered from the link cache) no longer need. Creation
 * touches a few index pages per link; what misses here comes from the OS's file cache.
 */
const SQLITE_CACHE_KIB = 4096;

/**
 * WAL pages after which a commit on this connection checkpoints (SQLite's default: 1,000). The
 * checkpoint runs inside that commit, on the main thread: it copies the pages into the
 * database file and syncs both files (~4 ms per fsync on the benchmark's disk), and every
 * request waits meanwhile. Smaller checkpoints keep that stall short: under the creation
 * benchmark 250 gave p99 18-19 ms in 3 of 3 runs, 1,000 gave 20-52 ms, 4,000 about 30 ms.
 */
const MAIN_WAL_AUTOCHECKPOINT_PAGES = 250;

function openSqlite(file: string, busyTimeoutMs: number): Store {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers go on while a flush writes; NORMAL sync is durable across process
  // crashes (not power loss) and keeps commits cheap; busy_timeout rides out a locked file.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.trunc(busyTimeoutMs))}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`cache_size = ${-SQLITE_CACHE_KIB}`);
  sqlite.pragma(`wal_autocheckpoint = ${MAIN_WAL_AUTOCHECKPOINT_PAGES}`);
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SafeRollbackSqliteDialect(sqlite, { database: statements }) });
  const writeInBatch = createGroupCommit(
    { inTransaction: () => sqlite.inTransaction, prepare: (sql) => statements.prepare(sql) },
    // Through Kysely's connection (its mutex): never inside one of its open transactions.
    (run) => db.connection().execute(async () => run()),
  );
  return {
    db,
    dialect: 'sqlite',
    readNow: <R>(query: CompiledQuery<R>) =>
      sqlite.inTransaction ? undefined : (statements.prepare(query.sql).all(query.parameters) as R[]),
    writeInBatch,
    ...(file === ':memory:' ? {} : { sqlite: { file, busyTimeoutMs } }),
    async close() {
      await db.destroy();
    },
  };
}

/**
 * After an I/O error or a full disk SQLite has already rolled the transaction back itself;
 * Kysely's own ROLLBACK then fails ("no transaction is active") and that second error hides
 * the first, turning a 503 (store unavailable) into a 500. Roll back only what is open.
 */
class SafeRollbackSqliteDialect extends SqliteDialect {
  constructor(
    private readonly sqlite: SqliteDatabase.Database,
    private readonly driverConfig: SqliteDialectConfig,
  ) {
    super(driverConfig);
  }

  override createDriver(): Driver {
    const sqlite = this.sqlite;
    return new (class extends SqliteDriver {
      override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
        if (sqlite.inTransaction) await super.rollbackTransaction(connection);
      }
    })(this.driverConfig);
  }
}

/**
 * Kysely's SQLite driver prepares every query anew, which doubles the cost of the redirect's
 * alias lookup (measured: 7.7 µs prepared once, 16.8 µs prepared each time, on 1M links).
 * Prepared statements are reusable in better-sqlite3, so keep the most recent ones; the
 * driver runs one query at a time, so no statement is used by two queries at once.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, size = 200): KyselySqliteDatabase {
  const statements = new LRUCache<string, SqliteStatement>({ max: size });
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

function openPostgres(url: string, poolSize: number): Store {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server emits 'error' on the pool; without a listener
  // that would crash the process. The next query gets a fresh connection.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    postgresUrl: url,
    async close() {
      await db.destroy();
    },
  };
}
