import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Limiter } from '../../lib/concurrency';
import type { StoredLink } from '../../lib/my-links';
import { checkLink, type LinkCheck } from './link-check';
import { forgetView, recalledView, rememberView } from './link-view-memory';
import { linkKey } from './use-my-links';

export interface LinkViews {
  /** The latest answer per link (by linkKey); absent while the first one is on its way. */
  checks: ReadonlyMap<string, LinkCheck>;
  /** Calls still running or queued. */
  pending: number;
  /** Asks again about every link (newer click counts); shown data stays until replaced. */
  refresh: () => void;
  /** Asks again about one link. */
  retry: (link: StoredLink) => void;
  /** Records an answer obtained elsewhere (import, deletion), so it is not asked again. */
  record: (link: StoredLink, check: LinkCheck) => void;
}

/**
 * Fetches the owner's view of each stored link, a few at a time (see CHECK_CONCURRENCY); a view
 * this tab fetched in the last minutes is shown at once instead (link-view-memory.ts).
 */
export function useLinkViews(links: readonly StoredLink[], limit: Limiter): LinkViews {
  const [checks, setChecks] = useState<ReadonlyMap<string, LinkCheck>>(() => new Map());
  const [pending, setPending] = useState(0);
  const [round, setRound] = useState(0);
  const requested = useRef(new Set<string>());
  const controller = useRef<AbortController | null>(null);

  // One controller for the life of the page: leaving it cancels the queue.
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    const asked = requested.current;
    return () => {
      current.abort();
      asked.clear();
    };
  }, []);

  useEffect(() => {
    const current = controller.current;
    if (current === null) return;
    const { signal } = current;
    const asked = requested.current;
    // Links shown from memory (see `shown` below) are not asked about.
    const toAsk = links.filter((link) => {
      const key = linkKey(link);
      if (asked.has(key)) return false;
      asked.add(key);
      return recalledView(key) === undefined;
    });
    for (const link of toAsk) {
      const key = linkKey(link);
      setPending((count) => count + 1);
      limit(() => (signal.aborted ? Promise.reject(new DOMException('Aborted', 'AbortError')) : checkLink(link, signal)))
        .then(
          (check) => {
            if (signal.aborted) return;
            rememberView(key, check);
            setChecks((previous) => new Map(previous).set(key, check));
          },
          () => undefined, // aborted: the page is gone
        )
        // Always counted down, aborted or not: StrictMode's first, aborted run must not leave
        // the count up (and after a real unmount the update is simply dropped).
        .finally(() => setPending((count) => count - 1));
    }
  }, [links, limit, round]);

  // The answers of this page, and for links it has not asked about, those kept from before:
  // read while rendering, so a page shown again has its cards at once (no placeholder frame).
  const shown = useMemo(() => {
    let merged: Map<string, LinkCheck> | undefined;
    for (const link of links) {
      const key = linkKey(link);
      if (checks.has(key)) continue;
      const recalled = recalledView(key);
      if (recalled !== undefined) (merged ??= new Map(checks)).set(key, recalled);
    }
    return merged ?? checks;
  }, [checks, links]);

  const refresh = useCallback(() => {
    for (const key of requested.current) forgetView(key);
    requested.current.clear();
    setRound((value) => value + 1);
  }, []);

  const retry = useCallback((link: StoredLink) => {
    const key = linkKey(link);
    forgetView(key);
    requested.current.delete(key);
    setChecks((previous) => {
      const next = new Map(previous);
      next.delete(key);
      return next;
    });
    setRound((value) => value + 1);
  }, []);

  const record = useCallback((link: StoredLink, check: LinkCheck) => {
    const key = linkKey(link);
    requested.current.add(key);
    rememberView(key, check);
    setChecks((previous) => new Map(previous).set(key, check));
  }, []);

  return { checks: shown, pending, refresh, retry, record };
}
