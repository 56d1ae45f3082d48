// alias → redirect target, through the in-process cache. Malformed aliases never reach
// the cache or the store.
import { isValidAliasFormat, normalizeAlias } from '../../shared/alias-rules.js';
import type { LinkRepository, RedirectTarget } from '../links/link-repository.js';
import type { LinkCache } from './link-cache.js';

/** A redirect target with its host, worked out once when it enters the cache. */
export interface ResolvedLink extends RedirectTarget {
  host: string;
}

export interface AliasResolver {
  resolve(rawAlias: string): Promise<ResolvedLink | undefined>;
  /** Forget an alias (after deletion or a metadata update) so the next request reads the store. */
  forget(alias: string): void;
}

/**
 * `cacheTrusted` says whether cached entries may be used right now (false while this
 * instance could be missing other instances' invalidations).
 */
export interface CacheObserver {
  hit(): void;
  miss(): void;
}

export function createAliasResolver(
  links: LinkRepository,
  cache: LinkCache,
  cacheTrusted: () => boolean = () => true,
  observer?: CacheObserver,
): AliasResolver {
  return {
    async resolve(rawAlias) {
      const alias = normalizeAlias(rawAlias);
      if (!isValidAliasFormat(alias)) return undefined;
      const cached = cacheTrusted() ? cache.get(alias) : undefined;
      if (cached !== undefined) {
        observer?.hit();
        return cached ?? undefined;
      }
      observer?.miss();
      let row;
      try {
        row = await links.findRedirectTarget(alias);
      } catch (error) {
        // The store is down: a link we knew keeps redirecting (even past its cache time);
        // only links never seen here fail.
        const known = cache.getStale(alias);
        if (known !== undefined) return known;
        throw error;
      }
      const target = row === undefined ? undefined : { ...row, host: hostOf(row.url) };
      cache.set(alias, target);
      return target;
    },
    forget(alias) {
      cache.delete(normalizeAlias(alias));
    },
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
