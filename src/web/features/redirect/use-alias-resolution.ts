import { useEffect, useState } from 'react';

export type AliasResolution = 'resolving' | 'not-found';

function leaveTo(href: string): void {
  window.location.replace(href);
}

/**
 * Asks the server whether the alias exists without counting a click: HEAD with redirects
 * not followed. An opaque redirect means it exists, so the page is replaced by the real
 * short link (the server then answers 302 and counts the visit). So it is when the server has
 * a page of its own for the link (its password form, expired, blocked, unavailable): the
 * page loaded at the short link shows it. A 404 or no answer is not found.
 */
export function useAliasResolution(alias: string, knownMissing: boolean, leave: (href: string) => void = leaveTo): AliasResolution {
  const [state, setState] = useState<AliasResolution>(knownMissing ? 'not-found' : 'resolving');

  useEffect(() => {
    if (knownMissing) return;
    const controller = new AbortController();
    const path = `/${encodeURIComponent(alias)}`;
    fetch(path, { method: 'HEAD', redirect: 'manual', cache: 'no-store', signal: controller.signal })
      .then((response) => {
        if (response.type === 'opaqueredirect' || response.status !== 404) leave(path);
        else setState('not-found');
      })
      .catch(() => {
        if (!controller.signal.aborted) setState('not-found');
      });
    return () => controller.abort();
  }, [alias, knownMissing, leave]);

  return state;
}
