// The SQLite store adapter: one file in WAL mode through better-sqlite3. Lookups run at once
// (the driver is synchronous), creations share a commit per event-loop turn, clicks are
// written by a worker thread with its own connection, and there is one process, so cache
// invalidation and rate-limit counters stay in memory.
import type SqliteDatabase from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type SqliteDatabase as KyselySqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteStatement,
  sql,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import { createLocalInvalidation } from '../redirect/cache-invalidation.js';
import { createKyselyInsightWriter } from '../insights/insight-writes.js';
import { createInProcessClickWriter, createWorkerClickWriter } from '../stats/click-writer.js';
import { createCounterRepository } from '../stats/counter-repository.js';
import { compileLinkLookups, countCreationQuery, insertLinkQuery, type LinkLookups, takeVisitQuery, withAlias } from './link-statements.js';
import type { Database } from './schema.js';
import { openSqliteConnection } from './sqlite-connection.js';
import { createGroupCommit, type WriteInBatch } from './sqlite-group-commit.js';
import type { Store } from './store.js';

/**
 * The lookups as this adapter runs them. The redirect's names its covering index (migration
 * 0003): the planner would take the unique one, which then reads the table row too. Exported
 * so the index tests EXPLAIN these very statements.
 */
export function sqliteLinkLookups(db: Kysely<Database>): LinkLookups {
  return compileLinkLookups(db, sql` indexed by links_redirect_lookup`);
}

export interface SqliteStore extends Store {
  /** Group commit (sqlite-group-commit.ts), which creations go through; exposed for its tests. */
  writeInBatch: WriteInBatch;
}

export function openSqliteStore(file: string, busyTimeoutMs: number): SqliteStore {
  const sqlite = openSqliteConnection(file, 'main', busyTimeoutMs);
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SafeRollbackSqliteDialect(sqlite, { database: statements }) });
  const lookups = sqliteLinkLookups(db);
  const writeInBatch = createGroupCommit(
    { inTransaction: () => sqlite.inTransaction, prepare: (query) => statements.prepare(query) },
    // Through Kysely's connection (its mutex): never inside one of its open transactions.
    (run) => db.connection().execute(async () => run()),
  );

  /**
   * Runs a lookup at once, skipping Kysely's promise chain and connection mutex, which showed on
   * the redirect's cache miss. While a transaction is open on the connection the read waits for
   * it (through Kysely) rather than see rows that could still be rolled back.
   */
  function readFirst<R>(query: CompiledQuery<R>, alias: string): R | undefined | Promise<R | undefined> {
    const compiled = withAlias(query, alias);
    if (!sqlite.inTransaction) return (statements.prepare(compiled.sql).all(compiled.parameters) as R[])[0];
    return db.executeQuery(compiled).then((result) => result.rows[0]);
  }

  return {
    db,
    dialect: 'sqlite',
    writeInBatch,
    findRedirectTarget: (alias) => readFirst(lookups.redirect, alias),
    findPreviewTarget: async (alias) => readFirst(lookups.preview, alias),
    async insertCountedLink(link) {
      // The same two statements as on PostgreSQL, committed with the other creations of this turn.
      const [inserted] = await writeInBatch([insertLinkQuery(db, link).compile(), countCreationQuery(db, link.day).compile()]);
      const id = (inserted?.[0] as { id?: unknown } | undefined)?.id;
      if (typeof id !== 'number') throw new Error('insert returned no id');
      return id;
    },
    async takeVisit(id) {
      const [taken] = await writeInBatch([takeVisitQuery(db, id).compile()]);
      return (taken?.length ?? 0) > 0;
    },
    // One server process: its caller forgets the alias itself.
    async deleteLink({ id, alias }) {
      return db.transaction().execute(async (trx) => {
        const deleted = await trx.deleteFrom('links').where('id', '=', id).executeTakeFirst();
        if (deleted.numDeletedRows === 0n) return false;
        const now = new Date().toISOString();
        // The alias is never given out again (migration 0011).
        await trx.insertInto('retired_aliases').values({ alias, retired_at: now }).onConflict((oc) => oc.column('alias').doNothing()).execute();
        return true;
      });
    },
    // A file: a writer thread with a connection of its own. In memory there is no file to share.
    createClickWriter: (insights) =>
      file === ':memory:'
        ? createInProcessClickWriter(createCounterRepository(db), insights && { writing: insights, store: createKyselyInsightWriter(db) })
        : createWorkerClickWriter({ sqlite: { file, busyTimeoutMs } }, insights),
    // One process: forgetting here is forgetting everywhere.
    createInvalidation: (target) => createLocalInvalidation(target),
    // Servers on this file are other processes: they see disabled links through the blocklist's refresh.
    notifyChanged: async () => undefined,
    // One file, no connection a server can end: a failing statement fails on its own.
    onConnectionError: () => undefined,
    rateLimitStore: () => undefined,
    aliasBytes: sql<string>`alias`,
    queriesHoldEventLoop: true,
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
 * Kysely's SQLite driver prepares every query anew, which roughly doubles the cost of the
 * redirect's alias lookup. Prepared statements are reusable in better-sqlite3, so keep the most
 * recent ones; the driver runs one query at a time, so no statement is used by two at once.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, size = 200): KyselySqliteDatabase {
  const statements = new LRUCache<string, SqliteStatement>({ max: size });
  return {
    close: () => sqlite.close(),
    prepare(query) {
      let statement = statements.get(query);
      if (statement === undefined) {
        statement = sqlite.prepare(query);
        statements.set(query, statement);
      }
      return statement;
    },
  };
}
