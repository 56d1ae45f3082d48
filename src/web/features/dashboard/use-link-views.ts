import { useCallback, useEffect, useRef, useState } from 'react';
import type { Limiter } from '../../lib/concurrency';
import type { StoredLink } from '../../lib/my-links';
import { checkLink, type LinkCheck } from './link-check';
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

/** Fetches the owner's view of each stored link, a few at a time (see CHECK_CONCURRENCY). */
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
    for (const link of links) {
      const key = linkKey(link);
      if (requested.current.has(key)) continue;
      requested.current.add(key);
      setPending((count) => count + 1);
      limit(() => (signal.aborted ? Promise.reject(new DOMException('Aborted', 'AbortError')) : checkLink(link, signal)))
        .then(
          (check) => {
            if (!signal.aborted) setChecks((previous) => new Map(previous).set(key, check));
          },
          () => undefined, // aborted: the page is gone
        )
        // Always counted down, aborted or not: StrictMode's first, aborted run must not leave
        // the count up (and after a real unmount the update is simply dropped).
        .finally(() => setPending((count) => count - 1));
    }
  }, [links, limit, round]);

  const refresh = useCallback(() => {
    requested.current.clear();
    setRound((value) => value + 1);
  }, []);

  const retry = useCallback((link: StoredLink) => {
    const key = linkKey(link);
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
    setChecks((previous) => new Map(previous).set(key, check));
  }, []);

  return { checks, pending, refresh, retry, record };
}
