import { useCallback, useEffect, useState } from 'react';
import type { LinkInsights } from '../../../shared/api';
import type { InsightRange } from '../../../shared/insights';
import { ApiError } from '../../lib/api';
import { fetchLinkInsights, isLinkGone } from '../../lib/owner-api';
import { findMyLink, MY_LINKS_KEY, readMyLinks, type StoredLink, writeMyLinks } from '../../lib/my-links';
import { useHydrated } from '../../lib/hydration';
import { toLinkInsights } from './insights-data';
import { insightsTexts as t } from './insights-texts';

export type InsightsResult =
  | { status: 'ok'; data: LinkInsights }
  /** 404: deleted (here or elsewhere). */
  | { status: 'removed' }
  /** 401/403: the stored token does not open this alias any more. */
  | { status: 'forbidden' }
  /** 429: asked again by itself at `retryAt` (epoch ms), from the server's Retry-After. */
  | { status: 'rate-limited'; retryAt: number }
  /** No answer at all. */
  | { status: 'network' }
  | { status: 'error'; message: string };

const DEFAULT_RETRY_AFTER_S = 5;
const MAX_RETRY_AFTER_S = 60;

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Throws only an AbortError; every other outcome is an InsightsResult. */
export async function loadInsights(alias: string, manageToken: string, range: InsightRange, signal?: AbortSignal): Promise<InsightsResult> {
  try {
    const data = toLinkInsights(await fetchLinkInsights(alias, manageToken, range, signal), alias, range);
    return data === undefined ? { status: 'error', message: t.errorFallback } : { status: 'ok', data };
  } catch (error) {
    if (isAbortError(error)) throw error;
    if (!(error instanceof ApiError)) return { status: 'error', message: t.errorFallback };
    if (isLinkGone(error)) return { status: 'removed' };
    if (error.status === 401 || error.status === 403) return { status: 'forbidden' };
    if (error.status === 429) {
      const seconds = Math.min(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_S, MAX_RETRY_AFTER_S);
      return { status: 'rate-limited', retryAt: Date.now() + seconds * 1000 };
    }
    if (error.status === 0) return { status: 'network' };
    return { status: 'error', message: error.serverMessage ?? t.errorFallback };
  }
}

export interface LinkInsightsState {
  /** The answer for the range asked, undefined while it is on its way. */
  result: InsightsResult | undefined;
  /** The latest data received (of any range): kept on screen, dimmed, while another range loads. */
  lastData: LinkInsights | undefined;
  /** Asks again now. */
  retry: () => void;
}

/**
 * One link's insights for a range; a new range (or a retry) asks again, a 429 waits its
 * Retry-After. Asks nothing while `link` is undefined (not read from this browser yet).
 */
export function useLinkInsights(link: StoredLink | undefined, range: InsightRange): LinkInsightsState {
  const alias = link?.alias;
  const manageToken = link?.manageToken;
  const [attempt, setAttempt] = useState(0);
  // The answer is kept with the request it answers: a state for another key is "loading",
  // with no state reset inside the effect.
  const key = `${alias}\u0000${manageToken}\u0000${range}\u0000${attempt}`;
  const [answer, setAnswer] = useState<{ key: string; result: InsightsResult; lastData: LinkInsights | undefined } | null>(null);

  useEffect(() => {
    if (alias === undefined || manageToken === undefined) return;
    const controller = new AbortController();
    loadInsights(alias, manageToken, range, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        setAnswer((previous) => ({ key, result, lastData: result.status === 'ok' ? result.data : previous?.lastData }));
      },
      () => undefined, // aborted: another range was chosen, or the page left
    );
    return () => controller.abort();
  }, [key, alias, manageToken, range]);

  const result = answer?.key === key ? answer.result : undefined;
  const retryAt = result?.status === 'rate-limited' ? result.retryAt : undefined;
  useEffect(() => {
    if (retryAt === undefined) return;
    const timer = setTimeout(() => setAttempt((value) => value + 1), Math.max(0, retryAt - Date.now()));
    return () => clearTimeout(timer);
  }, [retryAt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { result, lastData: answer?.lastData, retry };
}

/**
 * The link with this alias as this browser keeps it: undefined on the server and while
 * hydrating (only the browser knows), null when it is not kept here. Follows other tabs.
 */
export function useStoredLink(alias: string): StoredLink | null | undefined {
  const hydrated = useHydrated();
  const [link, setLink] = useState<StoredLink | null>(() => findMyLink(alias) ?? null);
  const [shownAlias, setShownAlias] = useState(alias);
  if (shownAlias !== alias) {
    setShownAlias(alias);
    setLink(findMyLink(alias) ?? null);
  }
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === MY_LINKS_KEY) setLink(findMyLink(alias) ?? null);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [alias]);
  return hydrated ? link : undefined;
}

/** Takes the link off this browser's list (it is gone, or no longer ours). */
export function forgetStoredLink(alias: string): void {
  writeMyLinks(readMyLinks().filter((link) => link.alias !== alias));
}
