// SQL for links. Dialect-free (the same code runs on SQLite and PostgreSQL) but for one index hint.
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import { toIsoString } from '../db/dialect.js';
import type { Store } from '../db/database.js';
import type { Database } from '../db/schema.js';

export interface NewLink {
  alias: string;
  url: string;
  createdAt: string;
  manageTokenHash: string;
  /** Day (STATS_TIMEZONE) the creation is counted on in daily_totals. */
  day: string;
}

/** What the redirect needs, and nothing more (crawlers' metadata is read apart, when asked). */
export interface RedirectTarget {
  id: number;
  url: string;
  /** Set when the operator disabled the link. */
  disabledAt: string | Date | null;
}

/** A redirect target with what link previews show: read in one query when a crawler asks first. */
export interface PreviewTarget extends RedirectTarget {
  title: string | null;
  description: string | null;
  image: string | null;
  metadataFetchedAt: string | null;
}

export interface StoredLink {
  id: number;
  alias: string;
  url: string;
  createdAt: string;
  manageTokenHash: string;
}

export function createLinkRepository(store: Pick<Store, 'db' | 'dialect' | 'readNow' | 'writeInBatch'>) {
  const { db, readNow, writeInBatch } = store;
  // The redirect's lookup, compiled once: building and compiling the query per request
  // showed in the profile of the 1M-link benchmark. Only the parameter changes. On SQLite it
  // names the covering index (see migration 0003): the planner would take the unique one.
  const coveringIndex = store.dialect === 'sqlite' ? sql` indexed by links_redirect_lookup` : sql``;
  const redirectLookup = sql<RedirectTarget>`select id, url, disabled_at as "disabledAt" from links${coveringIndex} where alias = ${''}`.compile(db);
  const previewLookup = db
    .selectFrom('links')
    .select(['id', 'url', 'disabled_at as disabledAt', 'title', 'description', 'image', 'metadata_fetched_at as metadataFetchedAt'])
    .where('alias', '=', '')
    .compile();
  /** The compiled query with its one parameter, run at once when the store allows it. */
  async function lookup<R>(compiled: CompiledQuery<R>, alias: string): Promise<R | undefined> {
    const query: CompiledQuery<R> = { ...compiled, parameters: [alias] };
    const now = readNow?.(query);
    if (now !== undefined) return now[0];
    return (await db.executeQuery(query)).rows[0];
  }

  return {
    /**
     * Inserts the link and counts it in daily_totals in one transaction. A duplicate alias
     * fails on the unique constraint (the caller maps it), so concurrent creates of one
     * alias can never both succeed.
     */
    async insertLink(link: NewLink): Promise<number> {
      if (writeInBatch !== undefined) {
        // SQLite: the same two statements, committed with the other creations of this turn.
        const [inserted] = await writeInBatch([insertLinkQuery(db, link).compile(), countCreationQuery(db, link.day).compile()]);
        const id = (inserted?.[0] as { id?: unknown } | undefined)?.id;
        if (typeof id !== 'number') throw new Error('insert returned no id');
        return id;
      }
      return db.transaction().execute(async (trx) => {
        const row = await insertLinkQuery(trx, link).executeTakeFirstOrThrow();
        await countCreationQuery(trx, link.day).execute();
        return row.id;
      });
    },

    findRedirectTarget(alias: string): Promise<RedirectTarget | undefined> {
      return lookup(redirectLookup, alias);
    },

    async findPreviewTarget(alias: string): Promise<PreviewTarget | undefined> {
      const row = await lookup(previewLookup, alias);
      if (row === undefined) return undefined;
      return { ...row, metadataFetchedAt: row.metadataFetchedAt === null ? null : toIsoString(row.metadataFetchedAt) };
    },

    /** A page of redirect targets, newest first (ids below `beforeId`), to warm the link cache. */
    async listRedirectTargets(beforeId: number | null, limit: number): Promise<(RedirectTarget & { alias: string })[]> {
      let query = db.selectFrom('links').select(['id', 'alias', 'url', 'disabled_at as disabledAt']);
      if (beforeId !== null) query = query.where('id', '<', beforeId);
      return query.orderBy('id', 'desc').limit(limit).execute();
    },

    async findByAlias(alias: string): Promise<StoredLink | undefined> {
      const row = await db
        .selectFrom('links')
        .select(['id', 'alias', 'url', 'created_at', 'manage_token_hash'])
        .where('alias', '=', alias)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      return {
        id: row.id,
        alias: row.alias,
        url: row.url,
        createdAt: toIsoString(row.created_at),
        manageTokenHash: row.manage_token_hash,
      };
    },

    /** Disables (or enables again) a link; false when there is no such alias. */
    async setDisabled(alias: string, disabledAt: string | null): Promise<boolean> {
      const result = await db.updateTable('links').set({ disabled_at: disabledAt }).where('alias', '=', alias).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Deletes the link; its per-day click rows go with it (ON DELETE CASCADE). */
    async deleteById(id: number): Promise<boolean> {
      const result = await db.deleteFrom('links').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type LinkRepository = ReturnType<typeof createLinkRepository>;

function insertLinkQuery(db: Kysely<Database>, link: NewLink) {
  return db
    .insertInto('links')
    .values({ alias: link.alias, url: link.url, created_at: link.createdAt, manage_token_hash: link.manageTokenHash })
    .returning('id');
}

/** Counts a creation in daily_totals. */
function countCreationQuery(db: Kysely<Database>, day: string) {
  return db
    .insertInto('daily_totals')
    .values({ day, links_created: 1, clicks: 0 })
    .onConflict((oc) => oc.column('day').doUpdateSet({ links_created: sql`daily_totals.links_created + 1` }));
}
