// A @fastify/rate-limit store in the database, so that limits hold across every instance
// sharing one PostgreSQL. Fixed windows: one upsert per counted request, on the routes that
// are limited (never the redirect).
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../calendar.js';
import { toNumber } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

export function databaseRateLimitStore(db: Kysely<Database>, clock: Clock): FastifyRateLimitStoreCtor {
  let lastCleanup = 0;
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const now = clock();
      const resetAt = now + timeWindow;
      sql<{ count: number; reset_at: number | string }>`
        insert into rate_limit_hits (key, count, reset_at) values (${key}, 1, ${resetAt})
        on conflict (key) do update set
          count = case when rate_limit_hits.reset_at <= ${now} then 1 else rate_limit_hits.count + 1 end,
          reset_at = case when rate_limit_hits.reset_at <= ${now} then ${resetAt} else rate_limit_hits.reset_at end
        returning count, reset_at`
        .execute(db)
        .then((result) => {
          const row = result.rows[0];
          callback(null, { current: row?.count ?? 1, ttl: Math.max(0, toNumber(row?.reset_at ?? resetAt) - now) });
          // Expired windows are removed now and then, by whichever instance gets there.
          if (now - lastCleanup > 10 * 60_000) {
            lastCleanup = now;
            void db.deleteFrom('rate_limit_hits').where('reset_at', '<', now).execute().catch(() => undefined);
          }
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    child(): FastifyRateLimitStore {
      // Limiters are told apart by the key prefix their keyGenerator adds.
      return this;
    }
  }
  return DatabaseRateLimitStore;
}
