import { type ReactNode, StrictMode } from 'react';
import type { PageContext } from '../../shared/app-shell';
import type { SiteConfig } from '../../shared/api';
import { PageContextProvider } from '../lib/page-context';
import { SiteConfigProvider } from '../lib/site-config';

/** Everything around the router, the same on the server render and in the browser (hydration needs one tree). */
export function AppProviders({ site, context, children }: { site: SiteConfig; context: PageContext; children: ReactNode }) {
  return (
    <StrictMode>
      <SiteConfigProvider config={site}>
        <PageContextProvider value={context}>{children}</PageContextProvider>
      </SiteConfigProvider>
    </StrictMode>
  );
}
