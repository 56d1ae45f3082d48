import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * SQLite's schema for the redirect's hot path; PostgreSQL keeps its schema. Both changes were
 * measured with the redirect benchmark (docs/performance.md).
 *
 * - `links_redirect_lookup` covers the redirect's lookup (alias → id, url, disabled_at), so a
 *   cache miss reads one B-tree instead of the alias index and then the table. The SQLite store
 *   names it with INDEXED BY, because the planner would otherwise take the unique alias index.
 * - `link_clicks_daily` becomes WITHOUT ROWID: the (link_id, day) key is the table, so a new
 *   counter row is one B-tree insert instead of two (table and primary-key index).
 */
export function sqliteHotPath(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'sqlite') return;
      await sql`create index links_redirect_lookup on links (alias, id, url, disabled_at)`.execute(db);
      await rebuildClickCounters(db, { withoutRowid: true });
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'sqlite') return;
      await sql`drop index links_redirect_lookup`.execute(db);
      await rebuildClickCounters(db, { withoutRowid: false });
    },
  };
}

/** SQLite cannot change a table to or from WITHOUT ROWID: copy it into a new one. */
async function rebuildClickCounters(db: Kysely<unknown>, options: { withoutRowid: boolean }): Promise<void> {
  await sql`
    create table link_clicks_daily_rebuilt (
      link_id integer not null references links (id) on delete cascade,
      day char(10) not null,
      clicks integer not null default 0,
      constraint link_clicks_daily_pk primary key (link_id, day)
    )${options.withoutRowid ? sql` without rowid` : sql``}`.execute(db);
  await sql`insert into link_clicks_daily_rebuilt (link_id, day, clicks) select link_id, day, clicks from link_clicks_daily`.execute(db);
  await sql`drop table link_clicks_daily`.execute(db);
  await sql`alter table link_clicks_daily_rebuilt rename to link_clicks_daily`.execute(db);
}
