import { type Kysely, sql } from 'kysely';
import { hostKeyOf } from '../../links/host-key.js';
import type { Dialect } from '../dialect.js';

/** Links backfilled per statement (three parameters each). */
const BACKFILL_BATCH = 1000;

/**
 * `links.ios_target_host` and `links.android_target_host`: the host keys (links/host-key.ts) of
 * a link's iPhone and Android targets, null when it has none, each with a partial index of the
 * links that have one. A link is blocked when any of its targets' domains is (the redirect
 * answers 410), so the blocklist's count of links a domain affects reads three ranges: the main
 * target's (target_host, migration 0008) and these two. Partial, the indexes cost plain links
 * nothing. On PostgreSQL they compare byte-wise (collation "C"), as target_host does. Existing
 * links with app targets are backfilled here.
 */
export function appTargetHosts(dialect: Dialect) {
  const hostType = dialect === 'postgres' ? sql`text collate "C"` : 'text';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('links').addColumn('ios_target_host', hostType).execute();
      await db.schema.alterTable('links').addColumn('android_target_host', hostType).execute();
      await backfillAppTargetHosts(db);
      for (const column of ['ios_target_host', 'android_target_host']) {
        await db.schema
          .createIndex(`links_${column}_idx`)
          .on('links')
          .column(column)
          .where(sql.ref(column), 'is not', null)
          .execute();
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const column of ['android_target_host', 'ios_target_host']) {
        await db.schema.dropIndex(`links_${column}_idx`).execute();
        await db.schema.alterTable('links').dropColumn(column).execute();
      }
    },
  };
}

/** Every existing link with an app target gets its host keys, a thousand per statement, in id order. */
async function backfillAppTargetHosts(db: Kysely<unknown>): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; ios_url: string | null; android_url: string | null }>`
      select id, ios_url, android_url from links
      where id > ${after} and (ios_url is not null or android_url is not null)
      order by id limit ${BACKFILL_BATCH}`.execute(db);
    if (rows.length === 0) return;
    const keyOf = (url: string | null) => (url === null ? null : hostKeyOf(url));
    const values = sql.join(rows.map((row) => sql`(cast(${Number(row.id)} as integer), cast(${keyOf(row.ios_url)} as text), cast(${keyOf(row.android_url)} as text))`));
    await sql`with keys (id, ios, android) as (values ${values})
      update links set
        ios_target_host = (select keys.ios from keys where keys.id = links.id),
        android_target_host = (select keys.android from keys where keys.id = links.id)
      where id in (select keys.id from keys)`.execute(db);
    after = Number(rows[rows.length - 1]?.id ?? after);
  }
}
