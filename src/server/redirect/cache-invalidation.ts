// Telling every instance to forget an alias (after a deletion, a creation that replaces a
// cached miss, or new metadata). With one SQLite process it is a local call; with several
// instances on PostgreSQL it goes through LISTEN/NOTIFY. While the listening connection is
// down the cache is bypassed, so a deletion elsewhere still takes effect at once.
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema.js';

export const CHANNEL = 'link_cache_invalidation';
const RECONNECT_DELAY_MS = 1000;

export interface CacheInvalidation {
  /** Forget `alias` here and on every other instance. */
  publish(alias: string): Promise<void>;
  /**
   * False while other instances' invalidations could be missed: then read the store first,
   * and use the cache only if the store cannot answer.
   */
  cacheTrusted(): boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface CacheTarget {
  forget(alias: string): void;
  forgetAll(): void;
}

export function createLocalInvalidation(cache: CacheTarget): CacheInvalidation {
  return {
    publish: async (alias) => cache.forget(alias),
    cacheTrusted: () => true,
    start: async () => undefined,
    stop: async () => undefined,
  };
}

export function createPostgresInvalidation(options: {
  url: string;
  db: Kysely<Database>;
  cache: CacheTarget;
  log: FastifyBaseLogger;
}): CacheInvalidation {
  const { cache, log } = options;
  let client: pg.Client | undefined;
  let listening = false;
  let stopped = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  function lost(reason: unknown): void {
    if (!listening && client === undefined) return;
    listening = false;
    client = undefined;
    // The cache is kept but not trusted: lookups go to the store, and fall back on it only
    // when the store cannot answer either. It is cleared when the listener is back.
    if (stopped) return;
    log.warn({ err: reason }, 'cache invalidation listener lost; redirect cache bypassed until it is back');
    reconnectTimer ??= setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, RECONNECT_DELAY_MS);
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    const next = new pg.Client({ connectionString: options.url });
    next.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload !== undefined) cache.forget(message.payload);
    });
    next.on('error', (error) => lost(error));
    next.on('end', () => lost(new Error('connection ended')));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      client = next;
      // Whatever happened while we were not listening is unknown: start from an empty cache.
      cache.forgetAll();
      listening = true;
    } catch (error) {
      await next.end().catch(() => undefined);
      client = next;
      lost(error);
    }
  }

  return {
    async publish(alias) {
      cache.forget(alias);
      await sql`select pg_notify(${CHANNEL}, ${alias})`.execute(options.db);
    },
    cacheTrusted: () => listening,
    start: connect,
    async stop() {
      stopped = true;
      if (reconnectTimer !== undefined) clearTimeout(reconnectTimer);
      listening = false;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
