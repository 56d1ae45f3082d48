// The app itself: hydrates the server-rendered page (or renders it, under `vite dev`).
// main.tsx loads this once the page has been painted.
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
  if (root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
}
