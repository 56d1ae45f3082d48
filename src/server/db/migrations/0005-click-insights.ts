import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Click insights: counters per (link, day, dimension, value), nothing about the visitor
 * (src/server/insights/). The key leads with the link and the day, which is how the owner's
 * view reads them and how a link's deletion finds them (the cascade); on SQLite the key is the
 * table (WITHOUT ROWID), as for link_clicks_daily. No index on `day`: it made every new counter
 * two B-tree inserts (measured: ~35% of the writer's time), for a retention that runs once a
 * day and walks the key in ranges of links instead (insights-repository.ts).
 */
export function clickInsights(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`
        create table link_insights_daily (
          link_id integer not null references links (id) on delete cascade,
          day char(10) not null,
          dimension varchar(16) not null,
          value varchar(64) not null,
          clicks integer not null default 0,
          constraint link_insights_daily_pk primary key (link_id, day, dimension, value)
        )${dialect === 'sqlite' ? sql` without rowid` : sql``}`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`drop table link_insights_daily`.execute(db);
    },
  };
}
