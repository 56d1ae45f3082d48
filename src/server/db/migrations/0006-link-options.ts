import { type Kysely, sql } from 'kysely';
import { type Dialect, instantType } from '../dialect.js';

/**
 * Link options on the link row (src/shared/link-options.ts): expiry, click limit with its
 * atomic counter (`clicks_left`, decremented by the visit itself, not by the batched click
 * counters), the password's scrypt hash, and the app-store targets. `has_options` is what the
 * redirect's lookup reads: a plain link (0) is answered from the cache entry alone; only a link
 * with options has them read (once, then cached). On SQLite the covering index of the
 * redirect's lookup (migration 0003) gains the column, so a cache miss still reads one B-tree.
 */
export function linkOptions(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('links').addColumn('expires_at', instantType(dialect)).execute();
      await db.schema.alterTable('links').addColumn('max_clicks', 'integer').execute();
      await db.schema.alterTable('links').addColumn('clicks_left', 'integer').execute();
      await db.schema.alterTable('links').addColumn('password_hash', 'text').execute();
      await db.schema.alterTable('links').addColumn('ios_url', 'text').execute();
      await db.schema.alterTable('links').addColumn('android_url', 'text').execute();
      await db.schema.alterTable('links').addColumn('has_options', 'integer', (col) => col.notNull().defaultTo(0)).execute();
      if (dialect === 'sqlite') {
        await sql`drop index links_redirect_lookup`.execute(db);
        await sql`create index links_redirect_lookup on links (alias, id, url, disabled_at, has_options)`.execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        await sql`drop index links_redirect_lookup`.execute(db);
        await sql`create index links_redirect_lookup on links (alias, id, url, disabled_at)`.execute(db);
      }
      for (const column of ['has_options', 'android_url', 'ios_url', 'password_hash', 'clicks_left', 'max_clicks', 'expires_at']) {
        await db.schema.alterTable('links').dropColumn(column).execute();
      }
    },
  };
}
