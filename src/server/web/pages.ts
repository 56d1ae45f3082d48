// The HTML the server sends for the app's pages and the 404 view: pages rendered by the app's
// own components (rendered-pages.ts) with a fresh CSP nonce per response, and the security
// headers worked out once.
import path from 'node:path';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { SiteConfig } from '../../shared/api.js';
import type { ApiDocsModel } from '../../shared/api-docs.js';
import type { AdminPageContext } from '../../shared/admin-api.js';
import type { HomeFormOutcome, ReportFormOutcome } from '../../shared/app-shell.js';
import type { LinkGateView } from '../../shared/link-gate.js';
import type { AliasPageName, PagePath } from '../../shared/routes.js';
import type { Calendar } from '../calendar.js';
import type { Config } from '../config.js';
import { type AppShell, loadAppShell, type NoncedPage } from './app-shell.js';
import { loadServerRenderer } from './page-renderer.js';
import { createRenderedPages, type RenderedPages } from './rendered-pages.js';
import { createRenderBudget } from './render-budget.js';
import { createNonce, createSecurityHeaders, type HeaderSet, type SecurityHeaders } from './security-headers.js';

export type { LinkGateView } from '../../shared/link-gate.js';

export interface PageResponse {
  /** The HTML, gzip-compressed when `gzip` says so. */
  body: string | Buffer;
  gzip: boolean;
  headers: HeaderSet;
}

/** Whether a request's Accept-Encoding takes gzip (every browser's does; load tools' often not). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return acceptEncoding !== undefined && /\bgzip\b(?!;\s*q=0(?:\.0*)?(?:[,\s]|$))/.test(acceptEncoding);
}

export interface Pages {
  shell: AppShell;
  headers: SecurityHeaders;
  /** Loads the server bundle and renders today's pages: done before the server listens. */
  start(): Promise<void>;
  /** The page for a route, for a request with this query and Accept-Encoding. */
  render(route: PagePath, query: URLSearchParams, acceptEncoding: string | undefined): PageResponse | Promise<PageResponse>;
  /** A page about one link (ALIAS_PAGE_PATHS), for an alias already checked, rendered for this request. */
  renderAliasPage(name: AliasPageName, alias: string, query: URLSearchParams, acceptEncoding: string | undefined): Promise<PageResponse>;
  /** The app's not-found view, for a 404: always at hand (it answers every unknown alias). */
  renderNotFound(acceptEncoding: string | undefined): PageResponse;
  /** The home page with the outcome of a form posted without JavaScript. */
  renderHomeForm(outcome: HomeFormOutcome, acceptEncoding: string | undefined): Promise<PageResponse>;
  /** The report page with the outcome of its form posted without JavaScript. */
  renderReportForm(outcome: ReportFormOutcome, acceptEncoding: string | undefined): Promise<PageResponse>;
  /**
   * The page of a short link with options (src/shared/link-gate.ts): expired, or its password
   * form (asked, wrong, tried too often). The same for every link, always at hand; it names
   * neither the link nor its target, and its form posts to the address it is served at.
   */
  renderLinkGate(view: LinkGateView, acceptEncoding: string | undefined): PageResponse;
  /** The API's documentation (API_DOCS_PATH), for the reference built from the OpenAPI document. */
  renderApiDocs(docs: ApiDocsModel, acceptEncoding: string | undefined): Promise<PageResponse>;
  /** A page of the operator's console (ADMIN_PAGE_PATHS) for this request: rendered each time, never shared. */
  renderAdminPage(path: string, admin: AdminPageContext, acceptEncoding: string | undefined): Promise<PageResponse>;
}

export interface PagesOptions {
  /** Told of each page sent as the app's shell (or a plain form answer) because the render budget was spent. */
  renderDeferred?: () => void;
  /** The render budget's clock, in ms (the app's clock: a test's fixed clock spends it for good). */
  now?: () => number;
}

export function createPages(config: Readonly<Config>, calendar: Calendar, log: FastifyBaseLogger, { renderDeferred, now }: PagesOptions = {}): Pages {
  const site: SiteConfig = { ...config.site, publicUrl: config.publicUrl };
  const shell = loadAppShell(config.webDistDir, site);
  const headers = createSecurityHeaders({ publicUrl: config.publicUrl, adScriptSrc: config.site.adScriptSrc, inlineStyles: shell.inlineStyles });
  // The console shows no ads: its pages allow no script from the ad network's origin at all.
  const consoleHeaders = createSecurityHeaders({ publicUrl: config.publicUrl, adScriptSrc: '', inlineStyles: shell.inlineStyles });
  const respond = (page: NoncedPage, acceptEncoding: string | undefined, policy: Pick<SecurityHeaders, 'app' | 'plain'> = headers): PageResponse => {
    const nonce = createNonce();
    const gzip = acceptsGzip(acceptEncoding);
    return { body: gzip ? page.gzip(nonce) : page.bytes(nonce), gzip, headers: shell.available ? policy.app(nonce) : policy.plain };
  };
  const budget = createRenderBudget(config.pageRendersPerSecond, { refused: renderDeferred, ...(now === undefined ? {} : { now }) });
  // Until start() ran: the app's pages without server rendering (the browser renders them).
  let rendered: RenderedPages = createRenderedPages({ shell, renderer: undefined, site, calendar, log, budget });
  return {
    shell,
    headers,
    async start() {
      if (!shell.available) {
        // Every page is then a plain 'Página em construção.': said once at the start, or a
        // mistyped WEB_DIST_DIR (or a deploy without `npm run build`) goes unnoticed.
        log.warn({ webDistDir: config.webDistDir }, 'no built web app (index.html) in WEB_DIST_DIR: pages are plain fallbacks until `npm run build` writes it there');
        return;
      }
      // dist/web's sibling: `vite build --ssr` writes the app's server bundle to dist/ssr.
      const renderer = await loadServerRenderer(path.join(config.webDistDir, '..', 'ssr'));
      if (renderer === undefined) log.warn('no server bundle (dist/ssr): pages are rendered in the browser only');
      const next = createRenderedPages({ shell, renderer, site, calendar, log, budget });
      await next.start();
      rendered = next;
    },
    render(route, query, acceptEncoding) {
      const page = rendered.page(route, query);
      return page instanceof Promise ? page.then((ready) => respond(ready, acceptEncoding)) : respond(page, acceptEncoding);
    },
    renderAliasPage: async (name, alias, query, acceptEncoding) => respond(await rendered.aliasPage(name, alias, query), acceptEncoding),
    renderNotFound: (acceptEncoding) => respond(rendered.notFound(), acceptEncoding),
    renderHomeForm: async (outcome, acceptEncoding) => respond(await rendered.homeWithForm(outcome), acceptEncoding),
    renderReportForm: async (outcome, acceptEncoding) => respond(await rendered.reportWithForm(outcome), acceptEncoding),
    renderLinkGate: (view, acceptEncoding) => respond(rendered.linkGate(view), acceptEncoding, headers.linkGate),
    renderApiDocs: async (docs, acceptEncoding) => respond(await rendered.apiDocs(docs), acceptEncoding),
    renderAdminPage: async (path, admin, acceptEncoding) => respond(await rendered.adminPage(path, admin), acceptEncoding, consoleHeaders),
  };
}

/** Sends a page: its headers, the encoding it is in, and never a cached copy for another visitor. */
export function sendPage(reply: FastifyReply, status: number, page: PageResponse, cacheControl: string): FastifyReply {
  if (page.gzip) void reply.header('content-encoding', 'gzip');
  return reply
    .code(status)
    .headers(page.headers)
    .header('vary', 'accept-encoding')
    .header('cache-control', cacheControl)
    .type('text/html; charset=utf-8')
    .send(page.body);
}
