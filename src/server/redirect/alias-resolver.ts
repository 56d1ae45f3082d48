// alias → redirect target, through the in-process cache. Malformed aliases never reach
// the cache or the store.
import { isValidAliasFormat, normalizeAlias } from '../../shared/alias-rules.js';
import type { LinkRepository, PreviewTarget, RedirectTarget } from '../links/link-repository.js';
import type { StoredMetadata } from '../metadata/metadata-repository.js';
import type { LinkCache } from './link-cache.js';

/** A redirect target as cached. Kept small: at 1M links most lookups replace a cached entry. */
export interface ResolvedLink extends RedirectTarget {
  /** The target's host name, worked out the first time a blocklist check needs it. */
  host?: string;
  /** Title, description and image for previews: read the first time a crawler asks. */
  metadata?: StoredMetadata;
}

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
  /** The link's stored metadata; kept with the cached link, so crawlers cost one read. */
  metadataOf(link: ResolvedLink, alias: string): Promise<StoredMetadata>;
  /** Forget an alias (after deletion or a metadata update) so the next request reads the store. */
  forget(alias: string): void;
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
}

/** What a preview shows when nothing is stored (or the store cannot be read). */
export const NO_METADATA: StoredMetadata = { title: null, description: null, image: null, metadataFetchedAt: null };

export function createAliasResolver(options: AliasResolverOptions): AliasResolver {
  const { links, cache, observer } = options;
  const cacheTrusted = options.cacheTrusted ?? (() => true);
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
      const target: ResolvedLink | undefined = row === undefined ? undefined : { id: row.id, url: row.url, disabledAt: row.disabledAt };
      if (target !== undefined && preview !== undefined) target.metadata = metadataOfRow(preview);
      cache.set(alias, target);
      return target;
    },
    async metadataOf(link, alias) {
      if (link.metadata !== undefined) return link.metadata;
      // Deleted meanwhile: the preview still renders, from the URL alone.
      const row = await links.findPreviewTarget(normalizeAlias(alias));
      const metadata = row === undefined ? NO_METADATA : metadataOfRow(row);
      link.metadata = metadata;
      return metadata;
    },
    forget(alias) {
      cache.delete(normalizeAlias(alias));
    },
  };
}

function metadataOfRow(row: PreviewTarget): StoredMetadata {
  return { title: row.title, description: row.description, image: row.image, metadataFetchedAt: row.metadataFetchedAt };
}

export function hostOfLink(link: ResolvedLink): string {
  link.host ??= hostOf(link.url);
  return link.host;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
