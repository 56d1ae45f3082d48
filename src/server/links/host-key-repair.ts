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
  let repaired = 0;
  for (const row of rows) {
    const keys = {
      target: hostKeyOf(row.url),
      ios: row.ios_url === null ? null : hostKeyOf(row.ios_url),
      android: row.android_url === null ? null : hostKeyOf(row.android_url),
    };
    if (keys.target === row.target_host && keys.ios === row.ios_target_host && keys.android === row.android_target_host) continue;
    await sql`update links set target_host = ${keys.target}, ios_target_host = ${keys.ios}, android_target_host = ${keys.android} where id = ${Number(row.id)}`.execute(db);
    repaired += 1;
  }
  const last = rows.at(-1);
  return { lastId: last === undefined ? undefined : Number(last.id), repaired };
}
