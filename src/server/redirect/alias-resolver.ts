// alias → redirect target, through the in-process cache. Malformed aliases never reach
// the cache or the store.
import { isValidAliasFormat, normalizeAlias } from '../../shared/alias-rules.js';
import type { LinkRepository, PreviewTarget, RedirectTarget } from '../links/link-repository.js';
import type { StoredMetadata } from '../metadata/metadata-repository.js';
import { LRUCache } from 'lru-cache';
import type { CachedLink, LinkCache } from './link-cache.js';

/** A link as the redirect sees it (kept in the compact link cache). */
export type ResolvedLink = CachedLink;

/** What resolveCached answers when the cache cannot tell (the store must be asked). */
export const NOT_CACHED: unique symbol = Symbol('not cached');

export interface AliasResolver {
  /** The answer without waiting, when the cache (or the alias's format) already gives it. */
  resolveCached(rawAlias: string): ResolvedLink | undefined | typeof NOT_CACHED;
  /**
   * Asks the store, for an alias resolveCached answered NOT_CACHED, and caches the answer.
   * `forPreview`: a crawler asks, so the link's metadata is read in the same query.
   */
  resolveFromStore(rawAlias: string, forPreview?: boolean): Promise<ResolvedLink | undefined>;
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
  links: Pick<LinkRepository, 'findRedirectTarget' | 'findPreviewTarget'>;
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
  function resolveCached(rawAlias: string): ResolvedLink | undefined | typeof NOT_CACHED {
    const alias = normalizeAlias(rawAlias);
    if (!isValidAliasFormat(alias)) return undefined;
    const cached = cacheTrusted() ? cache.get(alias) : undefined;
    if (cached === undefined) return NOT_CACHED;
    observer?.hit();
    return cached ?? undefined;
  }

  return {
    resolveCached,
    async resolveFromStore(rawAlias, forPreview = false) {
      const alias = normalizeAlias(rawAlias);
      observer?.miss();
      // Taken before asking: a deletion heard while the store answers makes the answer stale.
      const readAt = cache.epoch();
      let row: RedirectTarget | undefined;
      let preview: PreviewTarget | undefined;
      try {
        if (forPreview) row = preview = await links.findPreviewTarget(alias);
        else row = await links.findRedirectTarget(alias);
      } catch (error) {
        // The store is down: a link we knew keeps redirecting (even past its cache time);
        // only links never seen here fail.
        const stale = cache.getStale(alias);
        if (stale !== undefined) return stale;
        throw error;
      }
      const target = row === undefined ? undefined : toResolvedLink(row);
      cache.set(alias, target, readAt);
      if (preview !== undefined && !cache.forgottenSince(alias, readAt)) metadataCache.set(alias, metadataOfRow(preview));
      return target;
    },
    async metadataOf(alias) {
      const cached = metadataCache.get(alias);
      if (cached !== undefined) return cached;
      const readAt = cache.epoch();
      // Deleted meanwhile: the preview still renders, from the URL alone.
      const row = await links.findPreviewTarget(normalizeAlias(alias));
      const metadata = row === undefined ? NO_METADATA : metadataOfRow(row);
      if (!cache.forgottenSince(alias, readAt)) metadataCache.set(alias, metadata);
      return metadata;
    },
    forget(rawAlias) {
      const alias = normalizeAlias(rawAlias);
      cache.delete(alias);
      metadataCache.delete(alias);
    },
    forgetAll() {
      cache.clear();
      metadataCache.clear();
    },
  };
}

export function toResolvedLink(row: RedirectTarget): ResolvedLink {
  return { id: row.id, url: row.url, disabled: row.disabledAt !== null };
}

function metadataOfRow(row: PreviewTarget): StoredMetadata {
  return { title: row.title, description: row.description, image: row.image, metadataFetchedAt: row.metadataFetchedAt };
}

/**
 * The host name of a link's target, for the blocklist. Stored URLs are WHATWG-serialized
 * (`new URL(input).href`), so for http(s) the host sits between `://` (after any `user@`) and
 * the first `/`, `:` or `]`; that is read without parsing the URL again on every redirect.
 * Anything else goes through the URL parser.
 */
export function hostOfLink(link: Pick<ResolvedLink, 'url'>): string {
  const url = link.url;
  const start = url.startsWith('https://') ? 8 : url.startsWith('http://') ? 7 : -1;
  if (start !== -1) {
    let end = url.indexOf('/', start);
    if (end === -1) end = url.length;
    const at = url.lastIndexOf('@', end);
    const hostStart = at >= start ? at + 1 : start;
    if (url.charCodeAt(hostStart) === 0x5b /* [ */) {
      const close = url.indexOf(']', hostStart);
      if (close !== -1 && close < end) return url.slice(hostStart, close + 1);
    } else {
      const colon = url.indexOf(':', hostStart);
      return url.slice(hostStart, colon !== -1 && colon < end ? colon : end);
    }
  }
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
