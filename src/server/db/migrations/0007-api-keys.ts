import { type Kysely, sql } from 'kysely';
import { type Dialect, instantType, primaryKeyId } from '../dialect.js';

/**
 * API keys (src/server/keys): issued by the operator, stored as the SHA-256 of their secret part
 * and found by their public id (the part of the key before the secret). A key is revoked, never
 * deleted, so the links it created keep their owner. `links.api_key_id` names the key that
 * created a link (null: made anonymously); the index serves a key's listing, newest first.
 */
export function apiKeys(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', primaryKeyId(dialect), (col) => {
          const key = col.primaryKey();
          return dialect === 'sqlite' ? key.autoIncrement() : key;
        })
        .addColumn('public_id', 'varchar(32)', (col) => col.notNull().unique())
        .addColumn('secret_hash', 'varchar(64)', (col) => col.notNull())
        .addColumn('name', 'varchar(100)', (col) => col.notNull())
        .addColumn('per_minute', 'integer')
        .addColumn('created_at', instantType(dialect), (col) => col.notNull())
        .addColumn('revoked_at', instantType(dialect))
        .execute();
      await db.schema.alterTable('links').addColumn('api_key_id', 'integer', (col) => col.references('api_keys.id')).execute();
      await db.schema
        .createIndex('links_api_key_idx')
        .on('links')
        .columns(['api_key_id', 'id'])
        .where(sql.ref('api_key_id'), 'is not', null)
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('links_api_key_idx').execute();
      await db.schema.alterTable('links').dropColumn('api_key_id').execute();
      await db.schema.dropTable('api_keys').execute();
    },
  };
}
