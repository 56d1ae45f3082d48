// The app itself: hydrates the server-rendered page (or renders it, under `vite dev`).
// main.tsx loads this once the page has been painted.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/app-providers';
import { AppRoutes } from './app/app-routes';
import { readPageContext } from './lib/page-context';
import { readSiteConfig } from './lib/site-config';

// The brand colour is already in the page: the server wrote its CSS variables and theme colour.
const site = readSiteConfig();

const root = document.getElementById('root');
if (root) {
  // The server renders every page (entry-server.tsx); `vite dev` serves the bare index.html.
  const hydrating = root.firstElementChild !== null;
  const app = (
    <AppProviders site={site} context={readPageContext()} hydrating={hydrating}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
  // Hydrating as a transition lets React yield to the browser every few milliseconds instead
  // of walking the whole page in one task (a default-priority hydration is not time-sliced).
  if (hydrating) {
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else createRoot(root).render(app);
}
