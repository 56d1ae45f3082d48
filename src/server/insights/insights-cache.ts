// The owner's insights answers, kept per (link, range, day) until this process writes new
// counters of that link. The read behind an answer groups every counter of the range: a
// 90-day range of a busy link is ~21,000 rows and ~11–15 ms of SQLite's main thread (the
// redirects' thread); asked over and over with one token from rotating addresses (the per-client
// limit does not hold then), it took redirects from 6,800–8,800 to 17–29 a second (p99 1.1–1.6 s;
// 2,600–2,800 with the answers kept). Kept, a repeated read costs the token check alone (~200 µs
// of CPU a request in all, against ~430 µs for the owner view).
//
// Freshness: the click flush (every CLICK_FLUSH_INTERVAL_MS) tells which links it wrote, and so
// does the breakdown write (every INSIGHTS_FLUSH_INTERVAL_MS, in the writer thread): their answers
// are dropped at once, so a read after a flush is fresh, as before. Counters written by another
// process (other instances on PostgreSQL) are not heard: an answer is kept `maxAgeMs` at most.
// A read that was running when its link's counters were written is answered but not kept.
import type { Clock } from '../calendar.js';

export interface InsightsCacheOptions {
  /** The most items (the answer's list entries, hours and days) kept in all, ~100 bytes each; least recently read answers go first. */
  maxItems: number;
  /** How long an answer is kept at most (counters written by other instances). */
  maxAgeMs: number;
  now: Clock;
}

interface Entry<T> {
  linkId: number;
  value: T;
  items: number;
  at: number;
}

export interface InsightsCache<T> {
  /**
   * The answer kept for (link, key), else `compute`'s. Concurrent reads of one (link, key) share
   * one computation. `compute` is called only on a miss (it may refuse: its error goes to every
   * read waiting on it, and nothing is kept).
   */
  read(linkId: number, key: string, compute: () => Promise<{ value: T; items: number }>): Promise<{ value: T; cached: boolean }>;
  /** New counters of these links were stored: their answers go, and reads running now are not kept. */
  invalidate(linkIds: ArrayLike<number>): void;
  /** Answers kept, and their items (tests, metrics). */
  size(): { answers: number; items: number };
}

export function createInsightsCache<T>(options: InsightsCacheOptions): InsightsCache<T> {
  // `${linkId}|${key}` → entry, least recently read first (a Map keeps insertion order).
  const entries = new Map<string, Entry<T>>();
  // Link id → its keys held, so a flush of thousands of links drops theirs without a scan.
  const keysOf = new Map<number, Set<string>>();
  // Reads running, by `${linkId}|${key}`; a flush of the link marks them stale.
  const running = new Map<string, { linkId: number; stale: boolean; promise: Promise<{ value: T; items: number }> }>();
  let items = 0;

  function drop(id: string, linkId: number): void {
    const entry = entries.get(id);
    if (entry === undefined) return;
    entries.delete(id);
    items -= entry.items;
    const keys = keysOf.get(linkId);
    keys?.delete(id);
    if (keys?.size === 0) keysOf.delete(linkId);
  }

  function keep(id: string, linkId: number, value: T, count: number): void {
    // An answer larger than the whole cache is not kept (the budget still bounds its reads).
    if (count > options.maxItems) return;
    drop(id, linkId);
    entries.set(id, { linkId, value, items: count, at: options.now() });
    items += count;
    let keys = keysOf.get(linkId);
    if (keys === undefined) keysOf.set(linkId, (keys = new Set()));
    keys.add(id);
    for (const [oldest, entry] of entries) {
      if (items <= options.maxItems) break;
      drop(oldest, entry.linkId);
    }
  }

  return {
    async read(linkId, key, compute) {
      const id = `${linkId}|${key}`;
      const entry = entries.get(id);
      if (entry !== undefined) {
        const age = options.now() - entry.at;
        // A clock set back (Date.now) counts as old: kept at most maxAgeMs either way.
        if (age >= 0 && age < options.maxAgeMs) {
          // Most recently read last.
          entries.delete(id);
          entries.set(id, entry);
          return { value: entry.value, cached: true };
        }
        drop(id, linkId);
      }
      let run = running.get(id);
      if (run === undefined) {
        const started = { linkId, stale: false, promise: compute() };
        run = started;
        running.set(id, started);
        void started.promise.then(
          (result) => {
            if (running.get(id) === started) running.delete(id);
            if (!started.stale) keep(id, linkId, result.value, result.items);
          },
          () => {
            if (running.get(id) === started) running.delete(id);
          },
        );
      }
      const { value } = await run.promise;
      return { value, cached: false };
    },
    invalidate(linkIds) {
      if (keysOf.size > 0) {
        for (let i = 0; i < linkIds.length; i++) {
          const linkId = linkIds[i] ?? 0;
          const keys = keysOf.get(linkId);
          if (keys !== undefined) for (const id of [...keys]) drop(id, linkId);
        }
      }
      if (running.size === 0) return;
      const written = new Set<number>();
      for (let i = 0; i < linkIds.length; i++) written.add(linkIds[i] ?? 0);
      for (const [id, run] of running) {
        if (!written.has(run.linkId)) continue;
        // Answered to the reads already waiting; a read from now on computes again.
        run.stale = true;
        running.delete(id);
      }
    },
    size: () => ({ answers: entries.size, items }),
  };
}
