// Group commit on SQLite: the writes queued in one turn of the event loop share a transaction,
// yet each unit is all or none, a failed commit loses them all (and says so to each), and a
// batch never lands inside one of Kysely's open transactions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore, type SqliteStore } from '../../src/server/db/sqlite-store.js';
import type { Store } from '../../src/server/db/store.js';
import { isUniqueViolation } from '../../src/server/db/dialect.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import type { WriteInBatch } from '../../src/server/db/sqlite-group-commit.js';
import { testDialect } from '../helpers/test-server.js';

describe.runIf(testDialect === 'sqlite')('SQLite group commit', () => {
  // Made in beforeAll: a skipped suite (the PostgreSQL project) still runs this body to collect
  // it, and left one empty folder behind per run.
  let dir = '';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shortener-group-commit-'));
  });
  const stores: SqliteStore[] = [];
  let count = 0;
  const newStore = async (busyTimeoutMs = 2000): Promise<{ store: Store; write: WriteInBatch; file: string }> => {
    const file = path.join(dir, `store-${++count}.db`);
    const store = openSqliteStore(file, busyTimeoutMs);
    stores.push(store);
    await migrateToLatest(store.db, store.dialect);
    return { store, write: store.writeInBatch, file };
  };
  afterAll(async () => {
    for (const store of stores) await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const insertLink = (store: Store, alias: string): CompiledQuery =>
    store.db
      .insertInto('links')
      .values({ alias, url: `https://example.com/${alias}`, created_at: '2026-03-01T12:00:00.000Z', manage_token_hash: 'a'.repeat(64) })
      .returning('id')
      .compile();
  const countCreation = (store: Store): CompiledQuery =>
    store.db
      .insertInto('daily_totals')
      .values({ day: '2026-03-01', links_created: 1, clicks: 0 })
      .onConflict((oc) => oc.column('day').doUpdateSet({ links_created: sql`daily_totals.links_created + 1` }))
      .compile();
  const aliases = async (store: Store) => (await store.db.selectFrom('links').select('alias').orderBy('alias').execute()).map((row) => row.alias);
  const created = async (store: Store) =>
    (await store.db.selectFrom('daily_totals').select('links_created').where('day', '=', '2026-03-01').executeTakeFirst())?.links_created ?? 0;
  /** Writes made by the store's connection, seen from another one: only what was committed. */
  const committedAliases = (file: string): string[] => {
    const other = new SqliteDatabase(file, { readonly: true });
    try {
      return (other.prepare('select alias from links order by alias').all() as { alias: string }[]).map((row) => row.alias);
    } finally {
      other.close();
    }
  };

  it('units queued in one turn share one commit, and a failing unit is undone alone', async () => {
    const { store, write, file } = await newStore();
    await write([insertLink(store, 'existente')]);
    // Counted first, then the duplicate insert fails: the count must be undone with it.
    const outcomes = await Promise.allSettled([
      write([insertLink(store, 'primeiro'), countCreation(store)]),
      write([countCreation(store), insertLink(store, 'existente')]),
      write([insertLink(store, 'terceiro'), countCreation(store)]),
    ]);
    expect(outcomes[0]).toMatchObject({ status: 'fulfilled', value: [[{ id: expect.any(Number) }], []] });
    expect(outcomes[1]?.status).toBe('rejected');
    expect(outcomes[1]?.status === 'rejected' && isUniqueViolation(outcomes[1].reason)).toBe(true);
    expect(outcomes[2]).toMatchObject({ status: 'fulfilled' });
    expect(await aliases(store)).toEqual(['existente', 'primeiro', 'terceiro']);
    expect(await created(store)).toBe(2);
    expect(committedAliases(file)).toEqual(['existente', 'primeiro', 'terceiro']);
  });

  it('a commit that fails rejects every unit of the batch and stores none of them', async () => {
    const { store, write, file } = await newStore();
    // A deferred foreign key is checked at COMMIT: a click row for a link that does not exist
    // makes the commit itself fail, after every unit succeeded.
    const deferKeys = sql`pragma defer_foreign_keys = on`.compile(store.db);
    const orphanClicks = store.db.insertInto('link_clicks_daily').values({ link_id: 999_999, day: '2026-03-01', clicks: 1 }).compile();
    const outcomes = await Promise.allSettled([
      write([insertLink(store, 'perdido-1'), countCreation(store)]),
      write([deferKeys, orphanClicks]),
      write([insertLink(store, 'perdido-2'), countCreation(store)]),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(outcomes[0]?.status === 'rejected' && String((outcomes[0].reason as { code?: string }).code)).toMatch(/^SQLITE_CONSTRAINT/);
    expect(await aliases(store)).toEqual([]);
    expect(await created(store)).toBe(0);
    expect(committedAliases(file)).toEqual([]);
    // The connection is usable afterwards: no transaction was left open.
    await write([insertLink(store, 'depois')]);
    expect(committedAliases(file)).toEqual(['depois']);
  });

  it('when the write lock cannot be had, every unit is rejected and nothing is stored', async () => {
    const { store, write, file } = await newStore(50);
    const other = new SqliteDatabase(file);
    other.pragma('busy_timeout = 0');
    other.prepare('begin immediate').run();
    try {
      const outcomes = await Promise.allSettled([write([insertLink(store, 'a')]), write([insertLink(store, 'b')])]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
      expect(outcomes[0]?.status === 'rejected' && (outcomes[0].reason as { code?: string }).code).toBe('SQLITE_BUSY');
    } finally {
      other.prepare('rollback').run();
      other.close();
    }
    expect(await aliases(store)).toEqual([]);
    await write([insertLink(store, 'c')]);
    expect(await aliases(store)).toEqual(['c']);
  });

  it('a batch waits for a Kysely transaction open across an await, and is not rolled back with it', async () => {
    const { store, write, file } = await newStore();
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = store.db.transaction().execute(async (trx) => {
      await trx.executeQuery(insertLink(store, 'da-transacao'));
      await held;
      throw new Error('rolled back on purpose');
    });
    // Let the transaction begin before the unit is queued.
    await new Promise((resolve) => setImmediate(resolve));
    let unitDone = false;
    const unit = write([insertLink(store, 'do-lote')]).then(() => (unitDone = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(unitDone).toBe(false);
    release();
    await expect(transaction).rejects.toThrow('rolled back on purpose');
    await unit;
    expect(await aliases(store)).toEqual(['do-lote']);
    expect(committedAliases(file)).toEqual(['do-lote']);
  });
});
