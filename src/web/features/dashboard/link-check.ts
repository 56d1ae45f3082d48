// Asks the API about one stored link: its clicks, or why this browser cannot see it.
import type { LinkOwnerView } from '../../../shared/api';
import { ApiError } from '../../lib/api';
import { fetchLinkView, isLinkGone } from '../../lib/owner-api';
import { sleep } from '../../lib/concurrency';
import type { StoredLink } from '../../lib/my-links';
import { dashboardTexts as t } from './dashboard-texts';

export type LinkCheck =
  /** `at`: when the answer came (epoch ms): the instant its badges say "expirado" against. */
  | { status: 'ok'; view: LinkOwnerView; at: number }
  /** 404: deleted (here or elsewhere) or never existed. */
  | { status: 'removed' }
  /** 401/403: the stored token does not open this alias (alias reused, token damaged). */
  | { status: 'forbidden' }
  /** No verdict: network, rate limit, server trouble. Worth trying again. */
  | { status: 'error'; message: string };

/** Views are fetched this many at a time: the API allows 120 calls a minute per address. */
export const CHECK_CONCURRENCY = 4;
const RATE_LIMIT_RETRIES = 2;
const DEFAULT_RETRY_AFTER_S = 5;
const MAX_RETRY_AFTER_S = 60;

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Throws only an AbortError (when `signal` aborts); every other outcome is a LinkCheck. */
export async function checkLink(link: StoredLink, signal?: AbortSignal): Promise<LinkCheck> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const view = await fetchLinkView(link.alias, link.manageToken, signal);
      return { status: 'ok', view, at: Date.now() };
    } catch (error) {
      if (isAbortError(error)) throw error;
      if (!(error instanceof ApiError)) return { status: 'error', message: t.loadErrorFallback };
      if (isLinkGone(error)) return { status: 'removed' };
      if (error.status === 401 || error.status === 403) return { status: 'forbidden' };
      if (error.status === 429 && attempt < RATE_LIMIT_RETRIES) {
        const seconds = Math.min(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_S, MAX_RETRY_AFTER_S);
        await sleep(seconds * 1000, signal);
        continue;
      }
      return { status: 'error', message: error.serverMessage ?? t.loadErrorFallback };
    }
  }
}

/** What to keep of a verified link: the server's facts and the token that opened it. */
export function storedFromView(view: LinkOwnerView, manageToken: string): StoredLink {
  return { alias: view.alias, shortUrl: view.shortUrl, url: view.url, createdAt: view.createdAt, manageToken };
}
