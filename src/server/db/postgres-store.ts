// The PostgreSQL store adapter: a pool of connections, shared by every instance. Lookups and
// writes are asynchronous I/O, so they run in process; cache invalidation and rate-limit
// counters must reach the other instances, so they go through the database (NOTIFY, a table).
import { Kysely, PostgresDialect, sql } from 'kysely';
import { databaseRateLimitStore } from '../abuse/rate-limit-store.js';
import { createInProcessClickWriter, createWorkerClickWriter } from '../stats/click-writer.js';
import { createCounterRepository } from '../stats/counter-repository.js';
import { INVALIDATION_NOT_SENT } from './dialect.js';
import { compileLinkLookups, takeVisitQuery, withAlias } from './link-statements.js';
import { createPostgresCreations } from './postgres-creations.js';
import { createPostgresInvalidation, INVALIDATION_CHANNEL, invalidationPayload } from './postgres-invalidation.js';
import { createPostgresPool } from './postgres-pool.js';
import type { Database } from './schema.js';
import type { Store } from './store.js';

export function openPostgresStore(url: string, poolSize: number): Store {
  // Who hears of lost connections: the services' log, once they exist (the store is opened first).
  let connectionErrorListener: (error: Error) => void = () => undefined;
  const pool = createPostgresPool({ url, max: poolSize, onConnectionError: (error) => connectionErrorListener(error) });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const lookups = compileLinkLookups(db);
  const notifyQuery = (payload: string) => sql`select pg_notify(${INVALIDATION_CHANNEL}, ${payload})`;
  const notify = async (payload: string): Promise<void> => {
    await notifyQuery(payload).execute(db);
  };

  return {
    db,
    dialect: 'postgres',
    findRedirectTarget: async (alias) => (await db.executeQuery(withAlias(lookups.redirect, alias))).rows[0],
    findPreviewTarget: async (alias) => (await db.executeQuery(withAlias(lookups.preview, alias))).rows[0],
    // The creations of one event-loop turn in one statement (postgres-creations.ts).
    insertCountedLink: createPostgresCreations(db),
    takeVisit: async (id) => (await takeVisitQuery(db, id).executeTakeFirst()) !== undefined,
    async deleteLink({ id, alias }) {
      let notifying = false;
      try {
        return await db.transaction().execute(async (trx) => {
          const deleted = await trx.deleteFrom('links').where('id', '=', id).executeTakeFirst();
          if (deleted.numDeletedRows === 0n) return false;
          const now = new Date().toISOString();
          // The alias is never given out again (migration 0011).
          await trx.insertInto('retired_aliases').values({ alias, retired_at: now }).onConflict((oc) => oc.column('alias').doNothing()).execute();
          notifying = true;
          // Queued now, delivered at commit to every listening instance (this one too: the
          // payload names no origin, and forgetting a deleted alias twice is harmless).
          await notifyQuery(invalidationPayload(alias)).execute(trx);
          return true;
        });
      } catch (error) {
        // The NOTIFY failed, or the commit that queues it (a full notification queue): the
        // deletion was rolled back, and says so as a store that cannot be written now.
        if (notifying) throw Object.assign(new Error('link deletion rolled back: its cache invalidation could not be sent', { cause: error }), { code: INVALIDATION_NOT_SENT });
        throw error;
      }
    },
    // Clicks in process; breakdowns (GeoIP lookups, adding up, writing) in a thread of their own.
    createClickWriter: (insights) =>
      insights === undefined
        ? createInProcessClickWriter(createCounterRepository(db))
        : createWorkerClickWriter({ postgres: { url, counters: createCounterRepository(db) } }, insights),
    createInvalidation: (target, log) => createPostgresInvalidation({ url, cache: target, notify, log }),
    notifyChanged: (alias) => notify(invalidationPayload(alias)),
    onConnectionError(listener) {
      connectionErrorListener = listener;
    },
    rateLimitStore: (clock) => databaseRateLimitStore(db, clock),
    aliasBytes: sql<string>`(alias collate "C")`,
    queriesHoldEventLoop: false,
    async close() {
      await db.destroy();
    },
  };
}
