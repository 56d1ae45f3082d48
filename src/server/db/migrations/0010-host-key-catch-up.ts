import { type Kysely, sql } from 'kysely';
import { MISSING_HOST_KEYS_SQL, repairHostKeysPage } from '../../links/host-key-repair.js';

/**
 * `links_host_keys_missing_idx`: a partial index of the links missing a host key (a server of a
 * version before migrations 0008 and 0009, still serving during a rolling deploy, inserts links
 * without them). Every current server writes the keys, so the index stays empty and costs an
 * insert only the check of its condition; the server's hourly catch-up (links/host-key-catch-up.ts)
 * reads it. Also writes again, once, the keys of every link whose stored keys are not what the
 * current rules make (missing ones, and those of hosts such as 'example.com..', which kept an
 * empty label).
 */
export function hostKeyCatchUp() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (let after = 0; ; ) {
        const page = await repairHostKeysPage(db, after, false);
        if (page.lastId === undefined) break;
        after = page.lastId;
      }
      await sql`create index links_host_keys_missing_idx on links (id) where ${sql.raw(MISSING_HOST_KEYS_SQL)}`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('links_host_keys_missing_idx').execute();
    },
  };
}
