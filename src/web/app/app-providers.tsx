import { type ReactNode, StrictMode } from 'react';
import type { PageContext } from '../../shared/app-shell';
import type { SiteConfig } from '../../shared/api';
import { HydrationProvider } from '../lib/hydration';
import { PageContextProvider } from '../lib/page-context';
import { SiteConfigProvider } from '../lib/site-config';

interface AppProvidersProps {
  site: SiteConfig;
  context: PageContext;
  /** True on the server and over server HTML; false for a render from scratch (`vite dev`). */
  hydrating: boolean;
  children: ReactNode;
}

/** Everything around the router, the same on the server render and in the browser (hydration needs one tree). */
export function AppProviders({ site, context, hydrating, children }: AppProvidersProps) {
  return (
    <StrictMode>
      <SiteConfigProvider config={site}>
        <PageContextProvider value={context}>
          <HydrationProvider hydrating={hydrating}>{children}</HydrationProvider>
        </PageContextProvider>
      </SiteConfigProvider>
    </StrictMode>
  );
}
