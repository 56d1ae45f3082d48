// Fills the link cache from the store when the server starts, newest links first, until the
// store is exhausted or the cache's memory budget is reached. Without it, a server with more
// links than its traffic touches in a while answers most first clicks from the store (a B-tree
// lookup per click on SQLite, a round trip on PostgreSQL: see docs/performance.md, "The compact
// link cache"); with it, every link that fits is answered from memory from the first click on. It runs in the background, a page at a time,
// so requests are served (from the store) while it runs.
import type { LinkRepository } from '../links/link-repository.js';
import { toResolvedLink } from './alias-resolver.js';
import type { LinkCache } from './link-cache.js';

export interface WarmupResult {
  links: number;
  /** The budget was reached before the last link. */
  full: boolean;
  ms: number;
}

export interface LinkCacheWarmup {
  /** Settles when the warm-up is over (finished, full, stopped or failed). */
  done: Promise<WarmupResult | undefined>;
  running(): boolean;
  /** Stops after the page being read; resolves when it has. */
  stop(): Promise<void>;
}

export function startLinkCacheWarmup(options: {
  links: Pick<LinkRepository, 'listRedirectTargets'>;
  cache: Pick<LinkCache, 'add' | 'epoch'>;
  pageSize?: number;
  onError: (error: unknown) => void;
}): LinkCacheWarmup {
  const pageSize = options.pageSize ?? 5_000;
  let stopped = false;
  let active = true;
  const startedAt = performance.now();

  async function run(): Promise<WarmupResult | undefined> {
    let links = 0;
    let beforeId: number | null = null;
    try {
      while (!stopped) {
        const readAt = options.cache.epoch();
        const rows = await options.links.listRedirectTargets(beforeId, pageSize);
        if (stopped || rows.length === 0) break;
        let last: number | null = beforeId;
        for (const row of rows) {
          if (!options.cache.add(row.alias, toResolvedLink(row), readAt)) return { links, full: true, ms: performance.now() - startedAt };
          links++;
          last = row.id;
        }
        beforeId = last;
        // Let requests in between pages.
        await new Promise((resolve) => setImmediate(resolve));
      }
      return { links, full: false, ms: performance.now() - startedAt };
    } catch (error) {
      // The cache fills on demand instead; nothing is lost.
      options.onError(error);
      return undefined;
    } finally {
      active = false;
    }
  }

  const done = run();
  return {
    done,
    running: () => active,
    async stop() {
      stopped = true;
      await done;
    },
  };
}

export interface LinkCacheWarmer {
  /** Starts the warm-up (once; later calls do nothing). */
  start(): void;
  /** Whether a warm-up is running now. */
  running(): boolean;
  /** Settles when the warm-up is over; undefined when it did not run or failed. */
  done(): Promise<WarmupResult | undefined>;
  stop(): Promise<void>;
}

/** A warm-up to start later (when the server is ready), readable before it starts. */
export function createLinkCacheWarmer(options: Omit<Parameters<typeof startLinkCacheWarmup>[0], 'pageSize'>): LinkCacheWarmer {
  let warmup: LinkCacheWarmup | undefined;
  return {
    start() {
      warmup ??= startLinkCacheWarmup(options);
    },
    running: () => warmup?.running() ?? false,
    done: async () => warmup?.done,
    stop: async () => warmup?.stop(),
  };
}
