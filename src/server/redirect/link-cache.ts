// Bounded in-process cache of alias → redirect target, with short-lived entries for
// aliases that do not exist (so a flood of unknown aliases does not reach the store).
import { LRUCache } from 'lru-cache';
import type { RedirectTarget } from '../links/link-repository.js';

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
  set(alias: string, target: RedirectTarget | undefined): void;
  delete(alias: string): void;
  clear(): void;
}

export function createLinkCache(options: LinkCacheOptions): LinkCache {
  const cache = new LRUCache<string, Entry>({ max: options.size, ttl: options.ttlMs, ttlAutopurge: false });
  return {
    get(alias) {
      const entry = cache.get(alias);
      if (entry === undefined) return undefined;
      return entry === MISSING ? null : entry;
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
