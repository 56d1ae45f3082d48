import { type Kysely, sql } from 'kysely';
import { hostKeyOf } from '../../links/host-key.js';
import { type Dialect, instantType, primaryKeyId } from '../dialect.js';

/** Links backfilled per statement (two parameters each). */
const BACKFILL_BATCH = 1000;

/**
 * The operator's console (src/server/admin):
 * - `operators`: who may sign in (scrypt password hash); `admin_sessions`: their sessions
 *   (@fastify/session's store), deleted with the operator;
 * - `audit_log`: every operator action, from the console or the terminal tool;
 * - `link_reports.resolved_at`: a report leaves the queue once the operator acted on it; a
 *   partial index keeps the open ones at hand;
 * - `links.target_host`: the target's host as a reversed-label key (links/host-key.ts), indexed
 *   with the id, so a search by domain (and the blocklist's count of links a domain affects) is
 *   a range of the index; existing links are backfilled here. Aliases are searched by prefix on
 *   their unique index. On PostgreSQL both compare byte-wise (collation "C"): under a linguistic
 *   collation '-' and '_' are ignored at first and a prefix is no longer one range;
 * - `server_secrets`: values every instance must share and nobody configured, such as the
 *   session cookie's signing secret, made by the first instance that needs one.
 */
export function operatorConsole(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('operators')
        .addColumn('id', primaryKeyId(dialect), (col) => {
          const key = col.primaryKey();
          return dialect === 'sqlite' ? key.autoIncrement() : key;
        })
        .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
        .addColumn('password_hash', 'text', (col) => col.notNull())
        .addColumn('created_at', instantType(dialect), (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('admin_sessions')
        .addColumn('id', 'varchar(128)', (col) => col.primaryKey())
        .addColumn('operator_id', 'integer', (col) => col.notNull().references('operators.id').onDelete('cascade'))
        .addColumn('data', 'text', (col) => col.notNull())
        .addColumn('expires_at', instantType(dialect), (col) => col.notNull())
        .execute();
      await db.schema.createIndex('admin_sessions_expires_idx').on('admin_sessions').column('expires_at').execute();
      await db.schema.createIndex('admin_sessions_operator_idx').on('admin_sessions').column('operator_id').execute();
      await db.schema
        .createTable('audit_log')
        .addColumn('id', primaryKeyId(dialect), (col) => {
          const key = col.primaryKey();
          return dialect === 'sqlite' ? key.autoIncrement() : key;
        })
        .addColumn('at', instantType(dialect), (col) => col.notNull())
        .addColumn('actor', 'varchar(300)', (col) => col.notNull())
        .addColumn('via', 'varchar(10)', (col) => col.notNull())
        .addColumn('action', 'varchar(40)', (col) => col.notNull())
        .addColumn('target', 'text')
        .addColumn('detail', 'text')
        .execute();
      await db.schema
        .createTable('server_secrets')
        .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute();

      await db.schema.alterTable('link_reports').addColumn('resolved_at', instantType(dialect)).execute();
      await db.schema
        .createIndex('link_reports_open_idx')
        .on('link_reports')
        .columns(['alias', 'created_at'])
        .where(sql.ref('resolved_at'), 'is', null)
        .execute();

      await db.schema.alterTable('links').addColumn('target_host', dialect === 'postgres' ? sql`text collate "C"` : 'text').execute();
      await backfillTargetHosts(db);
      await db.schema.createIndex('links_target_host_idx').on('links').columns(['target_host', 'id']).execute();
      if (dialect === 'postgres') await sql`create index links_alias_bytes_idx on links ((alias collate "C"))`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') await db.schema.dropIndex('links_alias_bytes_idx').execute();
      await db.schema.dropIndex('links_target_host_idx').execute();
      await db.schema.alterTable('links').dropColumn('target_host').execute();
      await db.schema.dropIndex('link_reports_open_idx').execute();
      await db.schema.alterTable('link_reports').dropColumn('resolved_at').execute();
      await db.schema.dropTable('server_secrets').execute();
      await db.schema.dropTable('audit_log').execute();
      await db.schema.dropTable('admin_sessions').execute();
      await db.schema.dropTable('operators').execute();
    },
  };
}

/** Every existing link gets its target_host, a thousand per statement, in id order. */
async function backfillTargetHosts(db: Kysely<unknown>): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; url: string }>`select id, url from links where id > ${after} order by id limit ${BACKFILL_BATCH}`.execute(db);
    if (rows.length === 0) return;
    const values = sql.join(rows.map((row) => sql`(cast(${Number(row.id)} as integer), ${hostKeyOf(row.url)})`));
    await sql`with keys (id, host) as (values ${values})
      update links set target_host = (select keys.host from keys where keys.id = links.id)
      where id in (select keys.id from keys)`.execute(db);
    after = Number(rows[rows.length - 1]?.id ?? after);
  }
}
