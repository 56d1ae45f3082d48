import { type Kysely, sql } from 'kysely';
import { type Dialect, instantType, primaryKeyId } from '../dialect.js';

/** Abuse controls: disabled links, blocked domains, reports, and shared rate-limit counters. */
export function abuseControls(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('links').addColumn('disabled_at', instantType(dialect)).execute();
      // Servers poll for newly disabled links; almost none are, so the index stays tiny.
      await db.schema
        .createIndex('links_disabled_at_idx')
        .on('links')
        .column('disabled_at')
        .where(sql.ref('disabled_at'), 'is not', null)
        .execute();

      await db.schema
        .createTable('blocked_domains')
        .addColumn('domain', 'varchar(253)', (col) => col.primaryKey())
        .addColumn('reason', 'text')
        .addColumn('created_at', instantType(dialect), (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('link_reports')
        .addColumn('id', primaryKeyId(dialect), (col) => {
          const key = col.primaryKey();
          return dialect === 'sqlite' ? key.autoIncrement() : key;
        })
        .addColumn('alias', 'varchar(64)', (col) => col.notNull())
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('created_at', instantType(dialect), (col) => col.notNull())
        .execute();
      await db.schema.createIndex('link_reports_created_idx').on('link_reports').column('created_at').execute();

      // Fixed-window counters shared by every instance (PostgreSQL); reset_at in epoch ms.
      await db.schema
        .createTable('rate_limit_hits')
        .addColumn('key', 'varchar(200)', (col) => col.primaryKey())
        .addColumn('count', 'integer', (col) => col.notNull())
        .addColumn('reset_at', 'bigint', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('rate_limit_hits').execute();
      await db.schema.dropTable('link_reports').execute();
      await db.schema.dropTable('blocked_domains').execute();
      await db.schema.alterTable('links').dropColumn('disabled_at').execute();
    },
  };
}
