import { useCallback, useEffect, useState } from 'react';
import { MY_LINKS_KEY, readMyLinks, type StoredLink, writeMyLinks } from '../../lib/my-links';
import { useHydrated } from '../../lib/hydration';

/**
 * The stored list and a way to change it. Changes start from what is in storage now, so a
 * link created meanwhile in another tab is not lost; that tab's changes show up here too.
 * Undefined on the server and while hydrating: only this browser knows its links.
 */
export function useMyLinks(): [StoredLink[] | undefined, (change: (current: StoredLink[]) => StoredLink[]) => void] {
  const hydrated = useHydrated();
  const [links, setLinks] = useState<StoredLink[]>(readMyLinks);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === MY_LINKS_KEY) setLinks(readMyLinks());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const update = useCallback((change: (current: StoredLink[]) => StoredLink[]) => {
    const next = change(readMyLinks());
    writeMyLinks(next);
    setLinks(next);
  }, []);

  return [hydrated ? links : undefined, update];
}

/** Identifies an entry: the same alias with another token is another link. Kept in memory only. */
export function linkKey(link: StoredLink): string {
  return `${link.alias}\u0000${link.manageToken}`;
}
