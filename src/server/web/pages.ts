// The HTML the server sends for the app's pages and the 404 view: pages rendered by the app's
// own components (rendered-pages.ts) with a fresh CSP nonce per response, and the security
// headers worked out once.
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SiteConfig } from '../../shared/api.js';
import type { HomeFormOutcome } from '../../shared/app-shell.js';
import type { PagePath } from '../../shared/routes.js';
import type { Calendar } from '../calendar.js';
import type { Config } from '../config.js';
import { type AppShell, loadAppShell, type NoncedPage } from './app-shell.js';
import { loadServerRenderer } from './page-renderer.js';
import { createRenderedPages, type RenderedPages } from './rendered-pages.js';
import { createNonce, createSecurityHeaders, type HeaderSet, type SecurityHeaders } from './security-headers.js';

export interface PageResponse {
  html: string;
  headers: HeaderSet;
}

export interface Pages {
  shell: AppShell;
  headers: SecurityHeaders;
  /** Loads the server bundle and renders today's pages: done before the server listens. */
  start(): Promise<void>;
  /** The page for a route, for a request with this query. */
  render(route: PagePath, query: URLSearchParams): PageResponse | Promise<PageResponse>;
  /** The app's not-found view, for a 404: always at hand (it answers every unknown alias). */
  renderNotFound(): PageResponse;
  /** The home page with the outcome of a form posted without JavaScript. */
  renderHomeForm(outcome: HomeFormOutcome): Promise<PageResponse>;
}

export function createPages(config: Readonly<Config>, calendar: Calendar, log: FastifyBaseLogger): Pages {
  const site: SiteConfig = { ...config.site, publicUrl: config.publicUrl };
  const shell = loadAppShell(config.webDistDir, site);
  const headers = createSecurityHeaders({ publicUrl: config.publicUrl, adScriptSrc: config.site.adScriptSrc });
  const respond = (page: NoncedPage): PageResponse => {
    const nonce = createNonce();
    return { html: page(nonce), headers: shell.available ? headers.app(nonce) : headers.plain };
  };
  // Until start() ran: the app's pages without server rendering (the browser renders them).
  let rendered: RenderedPages = createRenderedPages({ shell, renderer: undefined, site, calendar, log });
  return {
    shell,
    headers,
    async start() {
      if (!shell.available) return;
      // dist/web's sibling: `vite build --ssr` writes the app's server bundle to dist/ssr.
      const renderer = await loadServerRenderer(path.join(config.webDistDir, '..', 'ssr'));
      if (renderer === undefined) log.warn('no server bundle (dist/ssr): pages are rendered in the browser only');
      const next = createRenderedPages({ shell, renderer, site, calendar, log });
      await next.start();
      rendered = next;
    },
    render(route, query) {
      const page = rendered.page(route, query);
      return typeof page === 'function' ? respond(page) : page.then(respond);
    },
    renderNotFound: () => respond(rendered.notFound()),
    renderHomeForm: async (outcome) => respond(await rendered.homeWithForm(outcome)),
  };
}
