import type { Kysely } from 'kysely';
import { type Dialect, instantType, primaryKeyId } from '../dialect.js';

export function initial(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('links')
        .addColumn('id', primaryKeyId(dialect), (col) => {
          const key = col.primaryKey();
          return dialect === 'sqlite' ? key.autoIncrement() : key;
        })
        .addColumn('alias', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('url', 'text', (col) => col.notNull())
        .addColumn('created_at', instantType(dialect), (col) => col.notNull())
        .addColumn('manage_token_hash', 'varchar(64)', (col) => col.notNull())
        .addColumn('title', 'text')
        .addColumn('description', 'text')
        .addColumn('image', 'text')
        .addColumn('metadata_fetched_at', instantType(dialect))
        .execute();

      await db.schema
        .createTable('link_clicks_daily')
        .addColumn('link_id', 'integer', (col) => col.notNull().references('links.id').onDelete('cascade'))
        .addColumn('day', 'char(10)', (col) => col.notNull())
        .addColumn('clicks', 'integer', (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('link_clicks_daily_pk', ['link_id', 'day'])
        .execute();

      await db.schema
        .createTable('daily_totals')
        .addColumn('day', 'char(10)', (col) => col.primaryKey())
        .addColumn('links_created', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('clicks', 'bigint', (col) => col.notNull().defaultTo(0))
        .execute();
      // The stats query reads at most 30 rows of daily_totals by primary key; the per-link
      // view reads one link's days through the composite primary key. No other index needed.
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('link_clicks_daily').execute();
      await db.schema.dropTable('daily_totals').execute();
      await db.schema.dropTable('links').execute();
    },
  };
}
