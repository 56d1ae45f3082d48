// The server's side of the app (built into dist/ssr by `vite build --ssr`): a page's HTML for
// src/server/web/rendered-pages.ts. The tree is main.tsx's, with a StaticRouter at the
// requested address, so the browser hydrates the very markup it receives.
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { ServerRenderInput, ServerRenderResult } from '../shared/app-shell';
import { AppProviders } from './app/app-providers';
import { AppRoutes } from './app/app-routes';
import { pageTitle, ServerHeadContext } from './lib/use-page-title';

/**
 * prerender (not renderToString) waits for the lazily loaded pages, so the HTML holds the
 * page itself rather than the loading fallback. An unbounded chunk size keeps every Suspense
 * boundary inline: React would otherwise move large ones to the end of the document with an
 * inline script to put them in place, which the CSP (no inline scripts) refuses.
 */
export async function renderPage({ url, site, context }: ServerRenderInput): Promise<ServerRenderResult> {
  let title = pageTitle(site.siteName);
  const head = {
    setTitle(value: string) {
      title = value;
    },
  };
  const { prelude } = await prerender(
    <ServerHeadContext.Provider value={head}>
      <AppProviders site={site} context={context} hydrating>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </ServerHeadContext.Provider>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  return { html, title };
}
