// Puts right the host keys (host-key.ts) of links that lack them or hold stale ones. The keys are
// written with each new link, but a server of a version from before a key's column (during a
// rolling deploy, after the new version migrated the shared database) inserts links without it,
// and an earlier version of the key rules kept an empty label ('example.com..'). Such links escape
// the console's search by domain and the blocklist's count of links a domain affects.
import { type QueryExecutorProvider, type RawBuilder, sql } from 'kysely';
import { hostKeyOf } from './host-key.js';

/**
 * The links whose host keys are missing. Migration 0010 indexes exactly this condition (a partial
 * index, empty while every server writes the keys), so the catch-up finds them without a scan:
 * keep the two the same text, or the database stops using the index.
 */
export const MISSING_HOST_KEYS_SQL = '(target_host is null or (ios_url is not null and ios_target_host is null) or (android_url is not null and android_target_host is null))';

/** Links read per statement. */
export const REPAIR_PAGE = 1000;

interface StoredTargets {
  id: number | string;
  url: string;
  ios_url: string | null;
  android_url: string | null;
  target_host: string | null;
  ios_target_host: string | null;
  android_target_host: string | null;
}

/** The statement reading one page of links after `afterId`, in id order: all of them, or only those missing a key. */
export function hostKeysPageQuery(afterId: number, onlyMissing: boolean): RawBuilder<StoredTargets> {
  const condition = onlyMissing ? sql` and ${sql.raw(MISSING_HOST_KEYS_SQL)}` : sql``;
  return sql<StoredTargets>`
    select id, url, ios_url, android_url, target_host, ios_target_host, android_target_host from links
    where id > ${afterId}${condition} order by id limit ${REPAIR_PAGE}`;
}

/**
 * Reads one page (hostKeysPageQuery) and writes again the keys that are not what the current
 * rules make. The last id read (undefined: none left) and how many links changed.
 */
export async function repairHostKeysPage(
  db: QueryExecutorProvider,
  afterId: number,
  onlyMissing: boolean,
): Promise<{ lastId: number | undefined; repaired: number }> {
  const { rows } = await hostKeysPageQuery(afterId, onlyMissing).execute(db);
  const wrong = [];
  for (const row of rows) {
    const target = hostKeyOf(row.url);
    const ios = row.ios_url === null ? null : hostKeyOf(row.ios_url);
    const android = row.android_url === null ? null : hostKeyOf(row.android_url);
    if (target !== row.target_host || ios !== row.ios_target_host || android !== row.android_target_host) wrong.push(sql`(cast(${Number(row.id)} as integer), cast(${target} as text), cast(${ios} as text), cast(${android} as text))`);
  }
  // One statement for the page (one commit outside a transaction), not one per link; UPDATE …
  // FROM (SQLite 3.33+, PostgreSQL) finds each link by id (a subquery per column searched the
  // unindexed VALUES once per link: 117 ms a page of 1,000 on SQLite, against ~40 ms).
  if (wrong.length > 0) {
    await sql`with keys (id, target, ios, android) as (values ${sql.join(wrong)})
      update links set target_host = keys.target, ios_target_host = keys.ios, android_target_host = keys.android
      from keys where links.id = keys.id`.execute(db);
  }
  const last = rows.at(-1);
  return { lastId: last === undefined ? undefined : Number(last.id), repaired: wrong.length };
}
