// The link statements whose execution differs between the store adapters (how a lookup is run,
// how a creation commits), built here once in Kysely so the adapters share their SQL: the same
// lookups, and a creation's row and count (SQLite's two statements in its group commit,
// PostgreSQL's one statement for a turn's creations).
import { type CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import { hostKeyOf } from '../links/host-key.js';
import type { Database } from './schema.js';

export interface NewLink {
  alias: string;
  url: string;
  createdAt: string;
  manageTokenHash: string;
  /** Day (STATS_TIMEZONE) the creation is counted on in daily_totals. */
  day: string;
  /** Link options (absent: a plain link). */
  options?: StoredLinkOptions;
  /** The API key that creates it (absent: made anonymously). */
  apiKeyId?: number;
}

/** A link's options as stored (the password already hashed). */
export interface StoredLinkOptions {
  expiresAt: string | null;
  maxClicks: number | null;
  passwordHash: string | null;
  iosUrl: string | null;
  androidUrl: string | null;
}

/** What the redirect needs, and nothing more (crawlers' metadata is read apart, when asked). */
export interface RedirectTarget {
  id: number;
  url: string;
  /** Set when the operator disabled the link. */
  disabledAt: string | Date | null;
  /** 1 when the link has options (read apart, only then). */
  hasOptions: number;
}

/** A redirect target with what link previews show: read in one query when a crawler asks first. */
export interface PreviewTarget extends RedirectTarget {
  title: string | null;
  description: string | null;
  image: string | null;
  metadataFetchedAt: string | Date | null;
}

export interface LinkLookups {
  redirect: CompiledQuery<RedirectTarget>;
  preview: CompiledQuery<PreviewTarget>;
}

/**
 * The redirect's two lookups, compiled once (building and compiling per request showed in the
 * redirect's profile); only the alias parameter changes. `indexHint` lets an adapter name the
 * index its planner would otherwise not choose.
 */
export function compileLinkLookups(db: Kysely<Database>, indexHint: RawBuilder<unknown> = sql``): LinkLookups {
  return {
    redirect: sql<RedirectTarget>`select id, url, disabled_at as "disabledAt", has_options as "hasOptions" from links${indexHint} where alias = ${''}`.compile(db),
    preview: db
      .selectFrom('links')
      .select(['id', 'url', 'disabled_at as disabledAt', 'has_options as hasOptions', 'title', 'description', 'image', 'metadata_fetched_at as metadataFetchedAt'])
      .where('alias', '=', '')
      .compile(),
  };
}

/** A compiled lookup with its one parameter. */
export function withAlias<R>(query: CompiledQuery<R>, alias: string): CompiledQuery<R> {
  return { ...query, parameters: [alias] };
}

/** A new link's row, as inserted. */
function linkRow(link: NewLink) {
  return {
    alias: link.alias,
    url: link.url,
    created_at: link.createdAt,
    manage_token_hash: link.manageTokenHash,
    target_host: hostKeyOf(link.url),
    ...(link.apiKeyId === undefined ? {} : { api_key_id: link.apiKeyId }),
    ...(link.options === undefined
      ? {}
      : {
          expires_at: link.options.expiresAt,
          max_clicks: link.options.maxClicks,
          clicks_left: link.options.maxClicks,
          password_hash: link.options.passwordHash,
          ios_url: link.options.iosUrl,
          android_url: link.options.androidUrl,
          ios_target_host: link.options.iosUrl === null ? null : hostKeyOf(link.options.iosUrl),
          android_target_host: link.options.androidUrl === null ? null : hostKeyOf(link.options.androidUrl),
          has_options: 1,
        }),
  };
}

export function insertLinkQuery(db: Kysely<Database>, link: NewLink) {
  return db.insertInto('links').values(linkRow(link)).returning('id');
}

/**
 * Takes one of a limited link's visits: one atomic UPDATE (the row's own lock on PostgreSQL, the
 * single writer on SQLite), so across requests and instances exactly max_clicks succeed. A row
 * comes back when a visit was left and is now taken.
 */
export function takeVisitQuery(db: Kysely<Database>, id: number) {
  return db
    .updateTable('links')
    .set({ clicks_left: sql`clicks_left - 1` })
    .where('id', '=', id)
    .where('clicks_left', '>', 0)
    .returning('clicks_left');
}

/** Counts a creation in daily_totals. */
export function countCreationQuery(db: Kysely<Database>, day: string) {
  return db
    .insertInto('daily_totals')
    .values({ day, links_created: 1, clicks: 0 })
    .onConflict((oc) => oc.column('day').doUpdateSet({ links_created: sql`daily_totals.links_created + 1` }));
}

/**
 * Links created on one day, inserted and counted in one statement (PostgreSQL's data-modifying
 * WITH; SQLite has none, and runs insertLinkQuery and countCreationQuery in its group commit).
 * An alias already taken is skipped, not an error (ON CONFLICT DO NOTHING): the rows returned,
 * `id` and `alias`, are the links created, and only they are counted, in the same transaction.
 * One statement also means the transaction commits in the server as soon as it has run, with no
 * round trip to this process while it holds the day's counter row (see postgres-creations.ts).
 */
export function insertCountedLinksQuery(db: Kysely<Database>, day: string, links: readonly NewLink[]) {
  return db
    .with('created', (qb) =>
      qb
        .insertInto('links')
        .values(links.map(linkRow))
        .onConflict((oc) => oc.column('alias').doNothing())
        .returning(['id', 'alias']),
    )
    .with('counted', (qb) =>
      qb
        .insertInto('daily_totals')
        .columns(['day', 'links_created', 'clicks'])
        .expression((eb) =>
          eb
            .selectFrom('created')
            .select([sql<string>`${day}::text`.as('day'), eb.fn.countAll<number>().as('links_created'), sql<number>`0`.as('clicks')])
            .having(eb.fn.countAll(), '>', 0),
        )
        .onConflict((oc) => oc.column('day').doUpdateSet({ links_created: sql`daily_totals.links_created + excluded.links_created` }))
        .returning('day'),
    )
    .selectFrom('created')
    .select(['id', 'alias']);
}
