import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * SQLite only: a narrow index on `links (id)` for the click writer's "does this link still
 * exist" check (stats/sqlite-click-sink.ts names it with INDEXED BY, since the planner always
 * takes the rowid). The rowid lookup reads the table's leaf pages, which hold whole rows
 * (~25 links per 4 KB page), so a flush of 50,000 clicks spread over 1M links loaded a page
 * for nearly every click; this index holds ~400 ids per page, and clicks are written in link
 * order, so a flush reads far fewer pages. Its cost per click and its size are measured in
 * docs/performance.md ("Click writes"). PostgreSQL's primary key is such an index already.
 */
export function sqliteClickLinkCheck(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'sqlite') return;
      await sql`create index links_id_check on links (id)`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'sqlite') return;
      await sql`drop index links_id_check`.execute(db);
    },
  };
}
