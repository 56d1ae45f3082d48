// SQL for API keys, dialect-free.
import type { Kysely } from 'kysely';
import { toIsoString } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

export interface StoredApiKey {
  id: number;
  publicId: string;
  secretHash: string;
  name: string;
  /** Requests per minute; null: the configured default. */
  perMinute: number | null;
  createdAt: string;
  revokedAt: string | null;
}

export function createApiKeyRepository(db: Kysely<Database>) {
  const columns = ['id', 'public_id', 'secret_hash', 'name', 'per_minute', 'created_at', 'revoked_at'] as const;
  type Row = { id: number; public_id: string; secret_hash: string; name: string; per_minute: number | null; created_at: string | Date; revoked_at: string | Date | null };
  const fromRow = (row: Row): StoredApiKey => ({
    id: row.id,
    publicId: row.public_id,
    secretHash: row.secret_hash,
    name: row.name,
    perMinute: row.per_minute === null ? null : Number(row.per_minute),
    createdAt: toIsoString(row.created_at),
    revokedAt: row.revoked_at === null ? null : toIsoString(row.revoked_at),
  });

  return {
    async insert(key: { publicId: string; secretHash: string; name: string; perMinute: number | null; createdAt: string }): Promise<number> {
      const row = await db
        .insertInto('api_keys')
        .values({ public_id: key.publicId, secret_hash: key.secretHash, name: key.name, per_minute: key.perMinute, created_at: key.createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async findByPublicId(publicId: string): Promise<StoredApiKey | undefined> {
      const row = await db.selectFrom('api_keys').select(columns).where('public_id', '=', publicId).executeTakeFirst();
      return row === undefined ? undefined : fromRow(row);
    },

    async findById(id: number): Promise<StoredApiKey | undefined> {
      const row = await db.selectFrom('api_keys').select(columns).where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : fromRow(row);
    },

    /** Every key, oldest first, with how many links each created. */
    async list(): Promise<(StoredApiKey & { links: number })[]> {
      const rows = await db
        .selectFrom('api_keys')
        .select(columns)
        .select((eb) => eb.selectFrom('links').select((inner) => inner.fn.countAll<number | string>().as('n')).whereRef('links.api_key_id', '=', 'api_keys.id').as('links'))
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ ...fromRow(row), links: Number(row.links ?? 0) }));
    },

    /** Revokes the key; false when it was already revoked or does not exist. */
    async revoke(id: number, revokedAt: string): Promise<boolean> {
      const result = await db.updateTable('api_keys').set({ revoked_at: revokedAt }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type ApiKeyRepository = ReturnType<typeof createApiKeyRepository>;
