// Keeps each link's title, description and image in the store. Work happens in the
// background: callers (link creation, the crawler preview) never wait for a fetch and are
// never failed by one. Fetches are deduplicated per link, limited globally, and failures
// are remembered for a while so a dead or hostile site is not hammered.
import { LRUCache } from 'lru-cache';
import { type Clock, systemClock } from '../calendar.js';
import type { Config } from '../config.js';
import { toIsoString } from '../db/dialect.js';
import { fetchOptionsFromConfig } from './metadata-config.js';
import type { MetadataLinkRef, MetadataRepository } from './metadata-repository.js';
import { parseMetadata } from './parse-metadata.js';
import { type FetchedPage, type FetchFailure, safeFetch, SafeFetchError } from './safe-fetch.js';

export interface MetadataLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MetadataServiceDeps {
  options: Readonly<Config['metadata']>;
  repository: Pick<MetadataRepository, 'saveMetadata'>;
  clock?: Clock;
  log: MetadataLog;
  /** Called after new metadata is stored, e.g. to drop the alias from the redirect cache. */
  onUpdated?: (alias: string) => void;
  /** The fetcher; defaults to safeFetch with the configured limits. */
  fetchPage?: (url: string, signal: AbortSignal) => Promise<FetchedPage>;
  /** Refreshes waiting for a free slot; beyond this, new ones are dropped. */
  maxQueued?: number;
  /** URLs/hosts whose failure is remembered at once (LRU beyond this). */
  maxRememberedFailures?: number;
}

export type RefreshOutcome =
  | 'stored'
  /** Fetched, but the link is gone (deleted meanwhile): nothing written. */
  | 'link_gone'
  | 'failed'
  | 'recently_failed'
  | 'queue_full'
  | 'disabled'
  | 'closed';

export interface MetadataService {
  /** Starts a refresh and returns at once. Never throws. */
  refreshInBackground(link: MetadataLinkRef): void;
  /** The same refresh, awaitable (a concurrent call for the same alias shares it). Never rejects. */
  refresh(link: MetadataLinkRef): Promise<RefreshOutcome>;
  /** True when metadata was never fetched or is older than the configured age. */
  isStale(link: { metadataFetchedAt: string | Date | null }): boolean;
  /** Resolves when nothing is running or queued (tests, shutdown). */
  idle(): Promise<void>;
  /** Aborts running fetches and drops the queue; later calls do nothing. */
  close(): Promise<void>;
}

// Failures that say something about the whole host, not just one page of it.
const HOST_LEVEL_FAILURES: ReadonlySet<FetchFailure> = new Set(['dns_failed', 'forbidden_address', 'network']);

export function createMetadataService(deps: MetadataServiceDeps): MetadataService {
  const { options, repository, log } = deps;
  const clock = deps.clock ?? systemClock;
  const maxQueued = deps.maxQueued ?? 100;
  const fetchOptions = fetchOptionsFromConfig(options);
  const fetchPage = deps.fetchPage ?? ((url: string, signal: AbortSignal) => safeFetch(url, fetchOptions, signal));

  // Value: the instant the memory expires (clock-based, so tests can move time).
  const failures = new LRUCache<string, number>({ max: deps.maxRememberedFailures ?? 10_000 });
  const inFlight = new Map<string, Promise<RefreshOutcome>>();
  // Each waiter is told whether it got a slot (false: the service closed meanwhile).
  const waiting: ((granted: boolean) => void)[] = [];
  const running = new Set<AbortController>();
  let active = 0;
  let closed = false;
  let idleWaiters: (() => void)[] = [];

  const keysFor = (url: string): { urlKey: string; hostKey: string | undefined } => {
    let hostKey: string | undefined;
    try {
      hostKey = `host:${new URL(url).host.toLowerCase()}`;
    } catch {
      hostKey = undefined;
    }
    return { urlKey: `url:${url}`, hostKey };
  };

  const rememberedFailure = (url: string): boolean => {
    const now = clock();
    const { urlKey, hostKey } = keysFor(url);
    return [urlKey, hostKey].some((key) => {
      if (key === undefined) return false;
      const until = failures.get(key);
      if (until === undefined) return false;
      if (until > now) return true;
      failures.delete(key);
      return false;
    });
  };

  const rememberFailure = (url: string, reason: FetchFailure | 'store'): void => {
    const until = clock() + options.failureTtlMs;
    const { urlKey, hostKey } = keysFor(url);
    failures.set(urlKey, until);
    if (hostKey !== undefined && reason !== 'store' && HOST_LEVEL_FAILURES.has(reason)) failures.set(hostKey, until);
  };

  const notifyIdle = () => {
    if (active > 0 || waiting.length > 0 || inFlight.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  /** Waits for a slot. */
  const acquire = async (): Promise<'granted' | 'queue_full' | 'closed'> => {
    if (active < options.concurrency) {
      active += 1;
      return 'granted';
    }
    if (waiting.length >= maxQueued) return 'queue_full';
    // When granted, the releaser handed its slot over: `active` already counts us.
    const granted = await new Promise<boolean>((resolve) => waiting.push(resolve));
    return granted ? 'granted' : 'closed';
  };

  const release = () => {
    const next = waiting.shift();
    if (next !== undefined) next(true);
    else active -= 1;
  };

  const idle = (): Promise<void> => {
    if (active === 0 && waiting.length === 0 && inFlight.size === 0) return Promise.resolve();
    return new Promise<void>((resolve) => idleWaiters.push(resolve));
  };

  const fetchAndStore = async (link: MetadataLinkRef): Promise<RefreshOutcome> => {
    const slot = await acquire();
    if (slot === 'queue_full') {
      log.info({ alias: link.alias }, 'metadata refresh dropped: queue full');
      return 'queue_full';
    }
    if (slot === 'closed') return 'closed';
    const controller = new AbortController();
    running.add(controller);
    try {
      if (closed) return 'closed';
      let page: FetchedPage;
      try {
        page = await fetchPage(link.url, controller.signal);
      } catch (error) {
        const reason: FetchFailure = error instanceof SafeFetchError ? error.reason : 'network';
        if (closed) return 'closed';
        rememberFailure(link.url, reason);
        // Logged only: the preview falls back to the defaults. The host, not the full URL,
        // keeps logs free of whatever a visitor put in a query string.
        log.info({ alias: link.alias, host: hostOf(link.url), reason, detail: errorMessage(error) }, 'metadata fetch failed');
        return 'failed';
      }
      const metadata = parseMetadata({ body: page.body, url: page.url, contentType: page.contentType });
      try {
        const updated = await repository.saveMetadata(link, metadata, new Date(clock()).toISOString());
        if (!updated) return 'link_gone';
      } catch (error) {
        rememberFailure(link.url, 'store');
        log.error({ err: error, alias: link.alias }, 'metadata could not be stored');
        return 'failed';
      }
      try {
        deps.onUpdated?.(link.alias);
      } catch (error) {
        log.error({ err: error, alias: link.alias }, 'metadata onUpdated hook failed');
      }
      return 'stored';
    } finally {
      running.delete(controller);
      release();
    }
  };

  const refresh = (link: MetadataLinkRef): Promise<RefreshOutcome> => {
    if (!options.enabled) return Promise.resolve('disabled');
    if (closed) return Promise.resolve('closed');
    const key = link.alias.toLowerCase();
    const existing = inFlight.get(key);
    if (existing !== undefined) return existing;
    if (rememberedFailure(link.url)) return Promise.resolve('recently_failed');
    const task = fetchAndStore(link)
      .catch((error: unknown): RefreshOutcome => {
        // Unreachable by design; kept so a bug here can never become an unhandled rejection.
        log.error({ err: error, alias: link.alias }, 'metadata refresh crashed');
        return 'failed';
      })
      .finally(() => {
        inFlight.delete(key);
        notifyIdle();
      });
    inFlight.set(key, task);
    return task;
  };

  return {
    refresh,
    refreshInBackground(link) {
      void refresh(link);
    },
    isStale(link) {
      if (!options.enabled) return false;
      if (link.metadataFetchedAt === null) return true;
      const fetchedAt = Date.parse(toIsoString(link.metadataFetchedAt));
      if (Number.isNaN(fetchedAt)) return true;
      return clock() - fetchedAt > options.maxAgeMs;
    },
    idle,
    async close() {
      closed = true;
      for (const controller of running) controller.abort();
      // Queued refreshes leave without a slot and without fetching.
      for (const wake of waiting.splice(0)) wake(false);
      await idle();
    },
  };
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 200) : String(error).slice(0, 200);
}

/**
 * Whether a new link's target is fetched for its preview. Not when it has a password (its
 * preview shows nothing of the target) or a click limit: such targets are often single-use
 * (a sign-in or reset link, a one-time download), and the server's GET could use them up
 * before the person the link was made for.
 */
export function fetchesPreview(link: { protected: boolean; maxClicks: number | null }): boolean {
  return !link.protected && link.maxClicks === null;
}
