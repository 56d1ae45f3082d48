// alias → redirect target, through the in-process cache. Malformed aliases never reach
// the cache or the store.
import { isValidAliasFormat, normalizeAlias } from '../../shared/alias-rules.js';
import type { LinkRepository, RedirectTarget } from '../links/link-repository.js';
import type { LinkCache } from './link-cache.js';

export interface AliasResolver {
  resolve(rawAlias: string): Promise<RedirectTarget | undefined>;
  /** Forget an alias (after deletion or a metadata update) so the next request reads the store. */
  forget(alias: string): void;
}

/**
 * `cacheTrusted` says whether cached entries may be used right now (false while this
 * instance could be missing other instances' invalidations).
 */
export function createAliasResolver(links: LinkRepository, cache: LinkCache, cacheTrusted: () => boolean = () => true): AliasResolver {
  return {
    async resolve(rawAlias) {
      const alias = normalizeAlias(rawAlias);
      if (!isValidAliasFormat(alias)) return undefined;
      const cached = cacheTrusted() ? cache.get(alias) : undefined;
      if (cached !== undefined) return cached ?? undefined;
      const target = await links.findRedirectTarget(alias);
      cache.set(alias, target);
      return target;
    },
    forget(alias) {
      cache.delete(normalizeAlias(alias));
    },
  };
}
