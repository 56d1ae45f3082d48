// SQL for links, dialect-free. What runs differently per dialect (the redirect's lookups, the
// counted insert) is the store adapter's; this passes it on.
import { sql } from 'kysely';
import type { LinkOptionsView } from '../../shared/api.js';
import { toIsoString } from '../db/dialect.js';
import type { PreviewTarget, RedirectTarget } from '../db/link-statements.js';
import type { Store } from '../db/store.js';

export type { NewLink, RedirectTarget } from '../db/link-statements.js';

/** A redirect target with what link previews show, the fetch time as ISO text. */
export interface PreviewLink extends RedirectTarget {
  title: string | null;
  description: string | null;
  image: string | null;
  metadataFetchedAt: string | null;
}

/** A link's options as the redirect checks them (read once per link with options, then cached). */
export interface LinkOptionsRow {
  /** Epoch ms, or null. */
  expiresAt: number | null;
  maxClicks: number | null;
  passwordHash: string | null;
  iosUrl: string | null;
  androidUrl: string | null;
}

/** What the owner's view shows of the options (never the hash): the API's own shape. */
export type LinkOptionsState = LinkOptionsView;

/** A link in an API key's listing (the API's LinkSummary, without the short URL). */
export interface KeyLinkRow extends LinkOptionsState {
  id: number;
  alias: string;
  url: string;
  createdAt: string;
  disabled: boolean;
  totalClicks: number;
}

export interface StoredLink {
  id: number;
  alias: string;
  url: string;
  createdAt: string;
  manageTokenHash: string;
  /** The API key that created it; null when made anonymously. */
  apiKeyId: number | null;
  /** Disabled by an operator (it answers 410). */
  disabled: boolean;
}

/** The columns of a link's options as its owner sees them (optionsStateOf). */
const OPTIONS_STATE_COLUMNS = ['expires_at', 'max_clicks', 'clicks_left', 'password_hash', 'ios_url', 'android_url'] as const;

/** A link's options as its owner sees them: never the hash, only whether there is one. */
function optionsStateOf(row: {
  expires_at: string | Date | null;
  max_clicks: number | null;
  clicks_left: number | null;
  password_hash: string | null;
  ios_url: string | null;
  android_url: string | null;
}): LinkOptionsState {
  return {
    expiresAt: row.expires_at === null ? null : toIsoString(row.expires_at),
    maxClicks: row.max_clicks === null ? null : Number(row.max_clicks),
    clicksLeft: row.clicks_left === null ? null : Number(row.clicks_left),
    protected: row.password_hash !== null,
    iosUrl: row.ios_url,
    androidUrl: row.android_url,
  };
}

export function createLinkRepository(store: Pick<Store, 'db' | 'findRedirectTarget' | 'findPreviewTarget' | 'insertCountedLink' | 'deleteLink' | 'takeVisit'>) {
  const { db } = store;
  return {
    /** Inserts the link and counts it in daily_totals, all or nothing (see Store.insertCountedLink). */
    insertLink: store.insertCountedLink,

    findRedirectTarget: store.findRedirectTarget,

    async findPreviewTarget(alias: string): Promise<PreviewLink | undefined> {
      const row: PreviewTarget | undefined = await store.findPreviewTarget(alias);
      if (row === undefined) return undefined;
      return { ...row, metadataFetchedAt: row.metadataFetchedAt === null ? null : toIsoString(row.metadataFetchedAt) };
    },

    /** A page of redirect targets, newest first (ids below `beforeId`), to warm the link cache. */
    async listRedirectTargets(beforeId: number | null, limit: number): Promise<(RedirectTarget & { alias: string })[]> {
      let query = db.selectFrom('links').select(['id', 'alias', 'url', 'disabled_at as disabledAt', 'has_options as hasOptions']);
      if (beforeId !== null) query = query.where('id', '<', beforeId);
      return query.orderBy('id', 'desc').limit(limit).execute();
    },

    async findLinkOptions(id: number): Promise<LinkOptionsRow | undefined> {
      const row = await db
        .selectFrom('links')
        .select(['expires_at', 'max_clicks', 'password_hash', 'ios_url', 'android_url'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      return {
        expiresAt: row.expires_at === null ? null : Date.parse(toIsoString(row.expires_at)),
        maxClicks: row.max_clicks === null ? null : Number(row.max_clicks),
        passwordHash: row.password_hash,
        iosUrl: row.ios_url,
        androidUrl: row.android_url,
      };
    },

    /** The options as the owner sees them, with the clicks left now. */
    async findOptionsState(id: number): Promise<LinkOptionsState | undefined> {
      const row = await db
        .selectFrom('links')
        .select(OPTIONS_STATE_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      return row === undefined ? undefined : optionsStateOf(row);
    },

    /** Takes one of a limited link's visits (see Store.takeVisit); true when one was left and is now taken. */
    takeVisit: store.takeVisit,

    /** Visits left of a limited link (crawlers and HEAD look without taking one); null when unlimited or gone. */
    async visitsLeft(id: number): Promise<number | null> {
      const row = await db.selectFrom('links').select('clicks_left').where('id', '=', id).executeTakeFirst();
      return row?.clicks_left === undefined || row.clicks_left === null ? null : Number(row.clicks_left);
    },

    /** Whether a link has this alias, or had it and was deleted (a retired alias is never given again). */
    async aliasTaken(alias: string): Promise<boolean> {
      const row = await db
        .selectFrom('links')
        .select(sql<number>`1`.as('taken'))
        .where('alias', '=', alias)
        .unionAll(db.selectFrom('retired_aliases').select(sql<number>`1`.as('taken')).where('alias', '=', alias))
        .executeTakeFirst();
      return row !== undefined;
    },

    async findByAlias(alias: string): Promise<StoredLink | undefined> {
      const row = await db
        .selectFrom('links')
        .select(['id', 'alias', 'url', 'created_at', 'manage_token_hash', 'api_key_id', 'disabled_at'])
        .where('alias', '=', alias)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      return {
        id: row.id,
        alias: row.alias,
        url: row.url,
        createdAt: toIsoString(row.created_at),
        manageTokenHash: row.manage_token_hash,
        apiKeyId: row.api_key_id,
        disabled: row.disabled_at !== null,
      };
    },

    /**
     * Disables (at `disabledAt`) or enables again (null) a link. 'unchanged' when it already was
     * in that state (a disabled link keeps its first disabled_at), 'not_found' when there is no
     * such alias.
     */
    async setDisabled(alias: string, disabledAt: string | null): Promise<'changed' | 'unchanged' | 'not_found'> {
      const result = await db
        .updateTable('links')
        .set({ disabled_at: disabledAt })
        .where('alias', '=', alias)
        .where('disabled_at', disabledAt === null ? 'is not' : 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows > 0n) return 'changed';
      const exists = await db.selectFrom('links').select('id').where('alias', '=', alias).executeTakeFirst();
      return exists === undefined ? 'not_found' : 'unchanged';
    },

    /**
     * One page of the links an API key created, newest first (ids below `beforeId`), with their
     * options and clicks so far; served by the (api_key_id, id) index.
     */
    async listByApiKey(apiKeyId: number, beforeId: number | null, limit: number): Promise<KeyLinkRow[]> {
      let query = db
        .selectFrom('links')
        .select(['id', 'alias', 'url', 'created_at', 'disabled_at', ...OPTIONS_STATE_COLUMNS])
        .select((eb) =>
          eb.selectFrom('link_clicks_daily').select((inner) => inner.fn.sum<number | string | null>('clicks').as('total')).whereRef('link_clicks_daily.link_id', '=', 'links.id').as('total_clicks'),
        )
        .where('api_key_id', '=', apiKeyId);
      if (beforeId !== null) query = query.where('id', '<', beforeId);
      const rows = await query.orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({
        id: row.id,
        alias: row.alias,
        url: row.url,
        createdAt: toIsoString(row.created_at),
        disabled: row.disabled_at !== null,
        totalClicks: row.total_clicks === null ? 0 : Number(row.total_clicks),
        ...optionsStateOf(row),
      }));
    },

    /**
     * Deletes the link (its per-day click rows go with it) and tells the other instances, all or
     * nothing (see Store.deleteLink); the caller forgets it in its own cache.
     */
    deleteLink: store.deleteLink,
  };
}

export type LinkRepository = ReturnType<typeof createLinkRepository>;
