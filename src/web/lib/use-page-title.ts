import { createContext, useContext, useEffect } from 'react';
import { pageTitle } from '../../shared/page-title';
import { useSiteConfig } from './site-config';

/**
 * Set by the server render only: effects do not run there, so the title a page asks for is
 * written here during render and the server puts it in the page's <title>.
 */
export const ServerHeadContext = createContext<{ setTitle(title: string): void } | null>(null);

export { pageTitle };

/** Sets document.title for the current route: "Página | Marca", or the home title when none is given. */
export function usePageTitle(title?: string): void {
  const { siteName } = useSiteConfig();
  const serverHead = useContext(ServerHeadContext);
  serverHead?.setTitle(pageTitle(siteName, title));
  useEffect(() => {
    document.title = pageTitle(siteName, title);
  }, [title, siteName]);
}
