// SQL for the metadata columns of links. Dialect-free: the same code runs on SQLite and
// PostgreSQL (instants are written as ISO strings, which timestamptz accepts).
import type { Kysely } from 'kysely';
import { toIsoString } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import type { PageMetadata } from './parse-metadata.js';

/** A link as the metadata service knows it. The URL is part of the key: see saveMetadata. */
export interface MetadataLinkRef {
  alias: string;
  url: string;
}

export interface StoredMetadata extends PageMetadata {
  metadataFetchedAt: string | null;
}

export function createMetadataRepository(db: Kysely<Database>) {
  return {
    /**
     * Stores what was read from the target (nulls included: "fetched, nothing found" is
     * worth remembering until it is stale). Matching on url as well as alias means a link
     * deleted during the fetch, and an alias reused for another URL meanwhile, are left
     * alone. Returns whether a row was updated.
     */
    async saveMetadata(link: MetadataLinkRef, metadata: PageMetadata, fetchedAtIso: string): Promise<boolean> {
      const result = await db
        .updateTable('links')
        .set({
          title: metadata.title,
          description: metadata.description,
          image: metadata.image,
          metadata_fetched_at: fetchedAtIso,
        })
        .where('alias', '=', link.alias)
        .where('url', '=', link.url)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async findMetadata(alias: string): Promise<StoredMetadata | undefined> {
      const row = await db
        .selectFrom('links')
        .select(['title', 'description', 'image', 'metadata_fetched_at'])
        .where('alias', '=', alias)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      return {
        title: row.title,
        description: row.description,
        image: row.image,
        metadataFetchedAt: row.metadata_fetched_at === null ? null : toIsoString(row.metadata_fetched_at),
      };
    },
  };
}

export type MetadataRepository = ReturnType<typeof createMetadataRepository>;
