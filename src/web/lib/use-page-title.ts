import { useEffect } from 'react';
import { useSiteConfig } from './site-config';

/** Sets document.title for the current route: "Página | Marca", or the home title when none is given. */
export function usePageTitle(title?: string): void {
  const { siteName } = useSiteConfig();
  useEffect(() => {
    document.title = title ? `${title} | ${siteName}` : `${siteName} | Personalize seus links grátis`;
  }, [title, siteName]);
}
