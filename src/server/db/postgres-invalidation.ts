// Cache invalidation across instances on one PostgreSQL: every instance LISTENs on one channel
// and forgets the aliases NOTIFYed on it. While the listening connection is down the cache is
// not trusted (lookups read the store first), so a deletion elsewhere still takes effect at once.
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { CacheInvalidation, CacheTarget } from '../redirect/cache-invalidation.js';

export const INVALIDATION_CHANNEL = 'link_cache_invalidation';

/**
 * A notification's payload: the alias, then a space and the publishing instance's id (aliases
 * have no spaces). The admin tool, which has no cache, sends the alias alone.
 */
export function invalidationPayload(alias: string, origin?: string): string {
  return origin === undefined ? alias : `${alias} ${origin}`;
}

function parsePayload(payload: string): { alias: string; origin: string | undefined } {
  const space = payload.indexOf(' ');
  return space === -1 ? { alias: payload, origin: undefined } : { alias: payload.slice(0, space), origin: payload.slice(space + 1) };
}
const RECONNECT_DELAY_MS = 1000;

export function createPostgresInvalidation(options: {
  url: string;
  cache: CacheTarget;
  /** NOTIFY on the channel with this payload, through the store's pool. */
  notify: (payload: string) => Promise<void>;
  log: FastifyBaseLogger;
}): CacheInvalidation {
  const { cache, log } = options;
  /** This instance, in the payloads it publishes. */
  const origin = randomUUID();
  let client: pg.Client | undefined;
  let listening = false;
  let stopped = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  /** When a working listener was lost (undefined: listening, or never was). */
  let lostAt: number | undefined;

  function lost(reason: unknown): void {
    if (!listening && client === undefined) return;
    const wasListening = listening;
    listening = false;
    client = undefined;
    // The cache is kept but not trusted: lookups go to the store, and fall back on it only
    // when the store cannot answer either. It is cleared when the listener is back.
    if (stopped) return;
    // Said once when it is lost and once when it is back: a reconnection failing every second
    // through an outage was a line a second.
    if (wasListening) {
      lostAt = Date.now();
      log.warn({ err: reason }, 'cache invalidation listener lost; redirect cache bypassed until it is back');
    } else log.debug({ err: reason }, 'cache invalidation listener: reconnection failed');
    reconnectTimer ??= setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, RECONNECT_DELAY_MS);
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    const next = new pg.Client({ connectionString: options.url });
    next.on('notification', (message) => {
      if (message.channel !== INVALIDATION_CHANNEL || message.payload === undefined) return;
      const { alias, origin: from } = parsePayload(message.payload);
      // This instance forgot the alias when it published; forgetting again would drop what it
      // cached since (the link it just created, above all).
      if (from !== origin) cache.forget(alias);
    });
    next.on('error', (error) => lost(error));
    next.on('end', () => lost(new Error('connection ended')));
    try {
      await next.connect();
      await next.query(`LISTEN ${INVALIDATION_CHANNEL}`);
      client = next;
      // Whatever happened while we were not listening is unknown: start from an empty cache.
      cache.forgetAll();
      listening = true;
      if (lostAt !== undefined) {
        log.info({ downMs: Date.now() - lostAt }, 'cache invalidation listener back; redirect cache trusted again');
        lostAt = undefined;
      }
    } catch (error) {
      await next.end().catch(() => undefined);
      client = next;
      lost(error);
    }
  }

  return {
    async publish(alias) {
      cache.forget(alias);
      await options.notify(invalidationPayload(alias, origin));
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
