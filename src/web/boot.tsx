// The app itself: hydrates the server-rendered page (or renders it, under `vite dev`).
// main.tsx loads this once the page has been painted.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/app-providers';
import { AppRoutes } from './app/app-routes';
import { applyBrandTheme } from './lib/brand-theme';
import { readPageContext } from './lib/page-context';
import { readSiteConfig } from './lib/site-config';

const site = readSiteConfig();
applyBrandTheme(site.brandColor);

const root = document.getElementById('root');
if (root) {
  const app = (
    <AppProviders site={site} context={readPageContext()}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
  // The server renders every page (entry-server.tsx); `vite dev` serves the bare index.html.
  // Hydrating as a transition lets React yield to the browser every few milliseconds instead
  // of walking the whole page in one task (a default-priority hydration is not time-sliced).
  if (root.firstElementChild) {
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else createRoot(root).render(app);
}
