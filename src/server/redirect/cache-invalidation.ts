// Telling every instance to forget an alias (after a deletion, a creation that replaces a
// cached miss, or new metadata). The store adapter decides how (db/store.ts): with one SQLite
// process it is the local call below; with several instances on PostgreSQL it goes through
// LISTEN/NOTIFY (db/postgres-invalidation.ts).

export interface CacheInvalidation {
  /** Forget `alias` here and on every other instance. */
  publish(alias: string): Promise<void>;
  /**
   * False while other instances' invalidations could be missed: then read the store first,
   * and use the cache only if the store cannot answer.
   */
  cacheTrusted(): boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface CacheTarget {
  forget(alias: string): void;
  forgetAll(): void;
}

export function createLocalInvalidation(cache: CacheTarget): CacheInvalidation {
  return {
    publish: async (alias) => cache.forget(alias),
    cacheTrusted: () => true,
    start: async () => undefined,
    stop: async () => undefined,
  };
}
