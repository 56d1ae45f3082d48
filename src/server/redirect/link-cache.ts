// Bounded in-process cache of alias → redirect target, with short-lived entries for
// aliases that do not exist (so a flood of unknown aliases does not reach the store).
import { LRUCache } from 'lru-cache';
import type { ResolvedLink as RedirectTarget } from './alias-resolver.js';

export interface LinkCacheOptions {
  size: number;
  ttlMs: number;
  missTtlMs: number;
}

const MISSING = Symbol('missing');
type Entry = RedirectTarget | typeof MISSING;

export interface LinkCache {
  /** A target, `null` for a cached miss, `undefined` when the cache does not know. */
  get(alias: string): RedirectTarget | null | undefined;
  /** A target even if its time is up: the last resort when the store cannot be reached. */
  getStale(alias: string): RedirectTarget | undefined;
  set(alias: string, target: RedirectTarget | undefined): void;
  delete(alias: string): void;
  clear(): void;
}

export function createLinkCache(options: LinkCacheOptions): LinkCache {
  // Expired entries stay until evicted or replaced (noDeleteOnStaleGet), so that an outage of
  // the store can still be ridden out with what was last known.
  const cache = new LRUCache<string, Entry>({ max: options.size, ttl: options.ttlMs, ttlAutopurge: false, noDeleteOnStaleGet: true });
  return {
    get(alias) {
      const entry = cache.get(alias);
      if (entry === undefined) return undefined;
      return entry === MISSING ? null : entry;
    },
    getStale(alias) {
      const entry = cache.get(alias, { allowStale: true });
      return entry === undefined || entry === MISSING ? undefined : entry;
    },
    set(alias, target) {
      if (target === undefined) cache.set(alias, MISSING, { ttl: options.missTtlMs });
      else cache.set(alias, target);
    },
    delete(alias) {
      cache.delete(alias);
    },
    clear() {
      cache.clear();
    },
  };
}
