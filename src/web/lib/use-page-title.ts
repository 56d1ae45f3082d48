import { createContext, useContext, useEffect } from 'react';
import { useSiteConfig } from './site-config';

/**
 * Set by the server render only: effects do not run there, so the title a page asks for is
 * written here during render and the server puts it in the page's <title>.
 */
export const ServerHeadContext = createContext<{ setTitle(title: string): void } | null>(null);

export function pageTitle(siteName: string, title?: string): string {
  return title ? `${title} | ${siteName}` : `${siteName} | Personalize seus links grátis`;
}

/** Sets document.title for the current route: "Página | Marca", or the home title when none is given. */
export function usePageTitle(title?: string): void {
  const { siteName } = useSiteConfig();
  const serverHead = useContext(ServerHeadContext);
  serverHead?.setTitle(pageTitle(siteName, title));
  useEffect(() => {
    document.title = pageTitle(siteName, title);
  }, [title, siteName]);
}
