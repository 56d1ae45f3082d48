// The owner's views this tab has fetched, kept for a while across pages: going to a link's
// statistics and back rendered "Meus links" anew and asked about every link again. With 60
// links, two visits in a minute passed the API's 120 calls a minute per address, and cards
// stayed placeholders for up to a minute (the browser's scroll position, restored against
// those shorter placeholders, landed cards away from where the owner was). "Atualizar" and a
// retry forget and ask again; answers that are no verdict (network, limit) are not kept.
import type { StoredLink } from '../../lib/my-links';
import type { LinkCheck } from './link-check';
import { linkKey } from './use-my-links';

/** How long a view is shown again without asking: "Atualizar" is there for newer counts. */
export const VIEW_MEMORY_MS = 2 * 60_000;

const remembered = new Map<string, { check: LinkCheck; at: number }>();

/** The view kept for `key` when it is recent enough, else undefined. */
export function recalledView(key: string, now = Date.now()): LinkCheck | undefined {
  const entry = remembered.get(key);
  if (entry === undefined) return undefined;
  if (now - entry.at < VIEW_MEMORY_MS) return entry.check;
  remembered.delete(key);
  return undefined;
}

export function rememberView(key: string, check: LinkCheck, now = Date.now()): void {
  if (check.status === 'error') remembered.delete(key);
  else remembered.set(key, { check, at: now });
}

/**
 * What another page learnt of a link: its statistics page was told it is deleted (404) or no
 * longer opens with this browser's code (403). Kept as this page's own answers are, so back on
 * "Meus links" its card says so at once; the view kept before would have shown it live, with its
 * clicks, until asked again.
 */
export function rememberUnavailable(link: StoredLink, status: 'removed' | 'forbidden', now = Date.now()): void {
  rememberView(linkKey(link), { status }, now);
}

export function forgetView(key: string): void {
  remembered.delete(key);
}

/** For tests: a fresh tab. */
export function forgetAllViews(): void {
  remembered.clear();
}
