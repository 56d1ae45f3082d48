// What the server (or the build) writes into the app's index.html and the app reads back from
// it (src/server/web/app-shell.ts writes, src/web/lib reads).
import type { CreateLinkResponse, SiteConfig } from './api.js';
import type { ApiErrorCode } from './messages.js';
import type { LinkGateView } from './link-gate.js';
import type { ApiDocsModel } from './api-docs.js';
import type { AdminPageContext } from './admin-api.js';

/** <script id=… type="application/json">: the SiteConfig (api.ts), so the app needs no request. */
export const SITE_CONFIG_SCRIPT_ID = 'site-config';

/** <meta name=… content=NONCE>: this response's CSP style nonce (Radix Dialog's scroll lock). */
export const CSP_NONCE_META = 'csp-nonce';

/**
 * <script id=… type="application/json">: the PageContext the server rendered this page with.
 * The browser hydrates with the same values, then moves on to its own (its own "today").
 */
export const PAGE_CONTEXT_SCRIPT_ID = 'page-context';

/**
 * <meta name=… content="URL URL …">: the chunks the app is loaded from, written by the build
 * (scripts/app-chunks-plugin.ts) and preloaded after the paint (src/web/lib/preload-app-chunks.ts).
 */
export const APP_CHUNKS_META = 'app-chunks';

/** Where the server puts the rendered app inside index.html's <div id="root">. */
export const APP_HTML_MARK = '<!--app-html-->';

/** What a server-rendered page depended on besides the site config. */
export interface PageContext {
  /** The server's calendar day (YYYY-MM-DD) when it rendered: the footer's year, the privacy date. */
  today: string;
  /** 404 when the page was served as "not found" (an unknown alias or address). */
  status: 200 | 404;
  /** The home form sent without JavaScript (POST /), answered with the home page. */
  homeForm?: HomeFormOutcome;
  /** The 'Denunciar link' form sent without JavaScript (POST /denunciar), answered with its page. */
  reportForm?: ReportFormOutcome;
  /**
   * The short link at the address the page was loaded at asks for something before sending the
   * visitor on (expired, password): the page shows that instead of the redirect view.
   */
  linkGate?: LinkGateView;
  /**
   * The API's reference, built from the OpenAPI document: only on the API docs page
   * (API_DOCS_PATH), which reads it back itself (src/web/pages/api-docs-page.tsx).
   */
  apiDocs?: ApiDocsModel;
  /**
   * The operator's console (ADMIN_PAGE_PATHS): which of its pages, and the signed-in operator
   * (or null: the sign-in form). Rendered for each request, never cached.
   */
  admin?: AdminPageContext;
}

/** What was typed in the home form and what came of it. */
export interface HomeFormOutcome {
  url: string;
  alias: string;
  /** The 'Mais opções' fields as typed, when any was filled (never the password). */
  options?: HomeFormOptions;
  created?: CreateLinkResponse;
  /** The pt-BR message of a refusal. */
  error?: string;
  /** The refusal's code: the form puts a link option's refusal beside its field. */
  errorCode?: ApiErrorCode;
}

/** What the 'Denunciar link' form sent and what came of it: the thanks (fields cleared) or the refusal (fields as typed). */
export interface ReportFormOutcome {
  alias: string;
  reason: string;
  /** The server's thanks, when the report was stored. */
  sent?: string;
  /** The pt-BR message of a refusal. */
  error?: string;
}

/** The home form's link options as typed ('Expira em' as the datetime-local value). */
export interface HomeFormOptions {
  expiresAt: string;
  maxClicks: string;
  iosUrl: string;
  androidUrl: string;
}

export interface ServerRenderInput {
  /** Path and query the page is rendered at. */
  url: string;
  site: SiteConfig;
  context: PageContext;
}

export interface ServerRenderResult {
  /** The markup that goes inside <div id="root">. */
  html: string;
  /** The document title the page sets (usePageTitle). */
  title: string;
}

/** The server bundle's interface (src/web/entry-server.tsx, built into dist/ssr). */
export interface ServerRenderer {
  renderPage(input: ServerRenderInput): Promise<ServerRenderResult>;
}
