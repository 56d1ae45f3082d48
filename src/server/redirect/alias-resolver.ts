// alias → redirect target, through the in-process link cache, then the store. Every alias
// given here is already normalised and well-formed: the redirect route checks it once, at the edge.
import { LRUCache } from 'lru-cache';
import type { LinkOptionsRow, LinkRepository, PreviewLink, RedirectTarget } from '../links/link-repository.js';
import type { StoredMetadata } from '../metadata/metadata-repository.js';
import { type CachedLink, type LinkCache, UNKNOWN_ALIAS, type UnknownAlias } from './link-cache.js';
import { detachedString } from '../ops/detached-string.js';

export { UNKNOWN_ALIAS, type UnknownAlias } from './link-cache.js';

/** A link as the redirect sees it (kept in the compact link cache). */
export type ResolvedLink = CachedLink;

export interface AliasResolver {
  /** The cache's answer without waiting; undefined when the store must be asked. */
  resolveCached(alias: string): ResolvedLink | UnknownAlias | undefined;
  /**
   * Asks the store (for an alias resolveCached could not answer) and caches the answer: at once
   * when the store answers at once (SQLite), else a promise; a store failure is thrown (or
   * rejected) unless a stale entry can answer. `forPreview`: a crawler asks, so the link's
   * metadata is read in the same query (always a promise).
   */
  resolveFromStore(alias: string, forPreview?: boolean): ResolvedLink | UnknownAlias | Promise<ResolvedLink | UnknownAlias>;
  /**
   * The options of a link whose cache entry says it has some (CachedLink.hasOptions): cached
   * apart, since links are not edited; at once when cached, else a promise. Undefined when the
   * link is gone.
   */
  optionsOf(alias: string, id: number): LinkOptionsRow | Promise<LinkOptionsRow | undefined>;
  /** The link's stored metadata, cached apart (only crawlers ask), so a crawler costs one read. */
  metadataOf(alias: string): Promise<StoredMetadata>;
  /** Forget an alias (after deletion or a metadata update) so the next request reads the store. */
  forget(alias: string): void;
  /** Forget everything (invalidations may have been missed). */
  forgetAll(): void;
}

export interface CacheObserver {
  hit(): void;
  miss(): void;
}

export interface AliasResolverOptions {
  links: Pick<LinkRepository, 'findRedirectTarget' | 'findPreviewTarget' | 'findLinkOptions'>;
  cache: LinkCache;
  /** Whether cached entries may be used right now (false while this instance could be missing other instances' invalidations). */
  cacheTrusted?: () => boolean;
  observer?: CacheObserver;
  /** Links whose preview metadata is kept in memory (most recently asked). */
  metadataCacheSize?: number;
}

/** What a preview shows when nothing is stored (or the store cannot be read). */
export const NO_METADATA: StoredMetadata = { title: null, description: null, image: null, metadataFetchedAt: null };

export function createAliasResolver(options: AliasResolverOptions): AliasResolver {
  const { links, cache, observer } = options;
  const cacheTrusted = options.cacheTrusted ?? (() => true);
  const metadataCache = new LRUCache<string, StoredMetadata>({ max: options.metadataCacheSize ?? 10_000 });
  // Keyed by alias (what forget names) and checked against the id: an alias deleted and made
  // again is another link.
  const optionsCache = new LRUCache<string, { id: number; options: LinkOptionsRow }>({ max: options.metadataCacheSize ?? 10_000 });
  /** Caches the store's answer and gives it. */
  function settle(alias: string, row: RedirectTarget | undefined, readAt: number): ResolvedLink | UnknownAlias {
    const target = row === undefined ? undefined : toResolvedLink(row);
    cache.set(alias, target, readAt);
    return target ?? UNKNOWN_ALIAS;
  }

  /** The store is down: a link we knew keeps redirecting (even past its cache time); only links never seen here fail. */
  function staleOrThrow(alias: string, error: unknown): ResolvedLink {
    const stale = cache.getStale(alias);
    if (stale !== undefined) return stale;
    throw error;
  }

  return {
    resolveCached(alias) {
      if (!cacheTrusted()) return undefined;
      const cached = cache.get(alias);
      if (cached !== undefined) observer?.hit();
      return cached;
    },
    resolveFromStore(alias, forPreview = false) {
      observer?.miss();
      // Taken before asking: a deletion heard while the store answers makes the answer stale.
      const readAt = cache.epoch();
      if (forPreview) {
        return links.findPreviewTarget(alias).then(
          (row) => {
            if (row !== undefined && !cache.forgottenSince(alias, readAt)) metadataCache.set(detachedString(alias), metadataOfRow(row));
            return settle(alias, row, readAt);
          },
          (error: unknown) => staleOrThrow(alias, error),
        );
      }
      let found: RedirectTarget | undefined | Promise<RedirectTarget | undefined>;
      try {
        found = links.findRedirectTarget(alias);
      } catch (error) {
        return staleOrThrow(alias, error);
      }
      if (found instanceof Promise) return found.then((row) => settle(alias, row, readAt), (error: unknown) => staleOrThrow(alias, error));
      return settle(alias, found, readAt);
    },
    optionsOf(alias, id) {
      const cached = optionsCache.get(alias);
      if (cached !== undefined && cached.id === id) return cached.options;
      const readAt = cache.epoch();
      return links.findLinkOptions(id).then((row) => {
        if (row !== undefined && !cache.forgottenSince(alias, readAt)) optionsCache.set(detachedString(alias), { id, options: row });
        return row;
      });
    },
    async metadataOf(alias) {
      const cached = metadataCache.get(alias);
      if (cached !== undefined) return cached;
      const readAt = cache.epoch();
      // Deleted meanwhile: the preview still renders, from the URL alone.
      const row = await links.findPreviewTarget(alias);
      const metadata = row === undefined ? NO_METADATA : metadataOfRow(row);
      if (!cache.forgottenSince(alias, readAt)) metadataCache.set(detachedString(alias), metadata);
      return metadata;
    },
    forget(alias) {
      cache.delete(alias);
      metadataCache.delete(alias);
      optionsCache.delete(alias);
    },
    forgetAll() {
      cache.clear();
      metadataCache.clear();
      optionsCache.clear();
    },
  };
}

export function toResolvedLink(row: RedirectTarget): ResolvedLink {
  return { id: row.id, url: row.url, disabled: row.disabledAt !== null, hasOptions: Number(row.hasOptions) === 1 };
}

function metadataOfRow(row: PreviewLink): StoredMetadata {
  return { title: row.title, description: row.description, image: row.image, metadataFetchedAt: row.metadataFetchedAt };
}
