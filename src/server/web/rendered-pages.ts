// Every page rendered to HTML by the app's own components (entry-server.tsx), so a phone
// paints the content before any script runs. The pages depend on nothing of the request but
// the day (the footer's year, the privacy page's date): they are rendered at start and again
// when the day changes, and each response only adds its nonce. A page whose content reads a
// query parameter (PAGE_QUERY_PARAMS) is rendered for the request that carries one, and a
// page about one link (ALIAS_PAGE_PATHS, its alias in the path) for every request. The pages
// of links with options (expired, password: src/shared/link-gate.ts) are the same for every
// link, so they are rendered with the day's pages too.
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { HomeFormOutcome, PageContext, ReportFormOutcome, ServerRenderer } from '../../shared/app-shell.js';
import type { SiteConfig } from '../../shared/api.js';
import type { ApiDocsModel } from '../../shared/api-docs.js';
import type { AdminPageContext } from '../../shared/admin-api.js';
import { LINK_GATE_VIEWS, type LinkGateView } from '../../shared/link-gate.js';
import { type AliasPageName, aliasPagePath, API_DOCS_PATH, PAGE_PATHS, PAGE_QUERY_PARAMS, type PageName, type PagePath } from '../../shared/routes.js';
import type { Calendar } from '../calendar.js';
import { type AppShell, fixedPage, type NoncedPage } from './app-shell.js';
import { detachedString } from '../ops/detached-string.js';
import type { RenderBudget } from './render-budget.js';
import { renderStatusPage } from './status-page.js';
import { createErrorTitle, redirectTexts } from '../../shared/messages.js';

/** Rendered for every "not found": a path of two segments, which only the app's catch-all route matches. */
const NOT_FOUND_RENDER_PATH = '/404/not-found';

/**
 * Rendered for the pages of links with options: an address of the /:alias shape, where the app's
 * redirect route shows the page context's linkGate view, as it will in the browser at the real
 * short link. The view names no alias, so one render serves every link.
 */
const LINK_GATE_RENDER_PATH = '/link-gate';

type LinkGatePages = Readonly<Record<LinkGateView, NoncedPage>>;

export interface RenderedPages {
  /** Renders today's pages; the server starts answering after this. */
  start(): Promise<void>;
  /** A page for `route` with the request's query string (without "?"), from the day's render when it does not depend on it. */
  page(route: PagePath, query: URLSearchParams): NoncedPage | Promise<NoncedPage>;
  /** A page about one link, for an alias already checked (aliasFromPathSegment), with the request's query. */
  aliasPage(name: AliasPageName, alias: string, query: URLSearchParams): Promise<NoncedPage>;
  /** The not-found view: the answer to every unknown alias, so always ready at once. */
  notFound(): NoncedPage;
  /**
   * The home page answering a form posted without JavaScript. A refusal past the render budget
   * gets a plain page with its message instead (formAnswerPage); a new link is always rendered.
   */
  homeWithForm(outcome: HomeFormOutcome): Promise<NoncedPage>;
  /** The report page answering its form posted without JavaScript; past the render budget, a plain page with the outcome's message. */
  reportWithForm(outcome: ReportFormOutcome): Promise<NoncedPage>;
  /** The page of a link with options (expired, password): the same for every link, so always ready at once. */
  linkGate(view: LinkGateView): NoncedPage;
  /** The API's documentation (API_DOCS_PATH) for its reference: rendered once a day, as the other pages. */
  apiDocs(docs: ApiDocsModel): Promise<NoncedPage>;
  /** A page of the operator's console for this request's operator (never kept), or the sign-in form (kept for the day, outside the budget). */
  adminPage(path: string, admin: AdminPageContext): Promise<NoncedPage>;
}

interface Deps {
  shell: AppShell;
  renderer: ServerRenderer | undefined;
  site: SiteConfig;
  calendar: Calendar;
  log: FastifyBaseLogger;
  /** Renders made for one request (a query, an alias, a console page): past it, the app's shell. */
  budget: RenderBudget;
}

/** Pages about one link kept rendered (keyed by day and path: yesterday's are never served). */
const ALIAS_PAGES_KEPT = 500;

const PAGE_NAMES = new Map(Object.entries(PAGE_PATHS).map(([name, path]) => [path, name as PageName]));

/** The request's values of the parameters the page reads (PAGE_QUERY_PARAMS); the others do not change the page. */
function keptQuery(name: PageName | AliasPageName, query: URLSearchParams): URLSearchParams {
  const params = PAGE_QUERY_PARAMS[name] ?? [];
  return new URLSearchParams(params.flatMap((param) => query.getAll(param).map((value) => [param, value] as [string, string])));
}

export function createRenderedPages({ shell, renderer, site, calendar, log, budget }: Deps): RenderedPages {
  const render = async (url: string, context: PageContext): Promise<NoncedPage> =>
    shell.compose(renderer ? await renderer.renderPage({ url, site, context }) : undefined, context);
  // Without the server bundle every page is the app's shell already: nothing to spend or count.
  const mayRender = (): boolean => renderer === undefined || budget.take();

  let day = '';
  let pages = new Map<string, NoncedPage>();
  // Served only until start() has rendered the day (or if the very first render failed).
  const unrendered = shell.compose(undefined, { today: calendar.today(), status: 200 });
  let notFound: NoncedPage = shell.compose(undefined, { today: calendar.today(), status: 404 });
  // Until the day's render (or without a server bundle): the bare pages, whose form needs no script.
  let linkGates = linkGatePages((view) => shell.compose(undefined, { today: calendar.today(), status: 200, linkGate: view }));
  let refreshing = false;
  const aliasPages = new LRUCache<string, Promise<NoncedPage>>({ max: ALIAS_PAGES_KEPT });
  // The console's pages without a session (the sign-in form), by path: a handful, one render a day each.
  const signedOutPages = new Map<string, { day: string; page: Promise<NoncedPage> }>();
  // The reference does not change while the server runs: one render a day (the footer's year).
  let apiDocsPage: { day: string; docs: ApiDocsModel; page: Promise<NoncedPage> } | undefined;

  async function renderDay(today: string): Promise<void> {
    const next = new Map<string, NoncedPage>();
    for (const path of PAGE_NAMES.keys()) next.set(path, await render(path, { today, status: 200 }));
    const nextNotFound = await render(NOT_FOUND_RENDER_PATH, { today, status: 404 });
    const gates = new Map<LinkGateView, NoncedPage>();
    for (const view of LINK_GATE_VIEWS) gates.set(view, await render(LINK_GATE_RENDER_PATH, { today, status: 200, linkGate: view }));
    notFound = nextNotFound;
    linkGates = linkGatePages((view) => gates.get(view) ?? linkGates[view]);
    pages = next;
    day = today;
  }

  /** Yesterday's pages keep being served for the moment today's take to render. */
  function keepCurrent(): void {
    const today = calendar.today();
    if (today === day || refreshing) return;
    refreshing = true;
    renderDay(today)
      .catch((error: unknown) => log.error({ err: error }, 'rendering the pages failed; the previous ones are served'))
      .finally(() => {
        refreshing = false;
      });
  }

  return {
    start: () => renderDay(calendar.today()),
    page(route, query) {
      keepCurrent();
      const kept = keptQuery(PAGE_NAMES.get(route) ?? 'home', query);
      const cached = pages.get(route) ?? unrendered;
      // Over the budget, the day's page: the app applies the query in the browser.
      if (kept.size === 0 || !mayRender()) return cached;
      return render(`${route}?${kept.toString()}`, { today: calendar.today(), status: 200 }).catch((error: unknown) => {
        log.error({ err: error }, 'rendering a page failed; the plain page is served');
        return cached;
      });
    },
    aliasPage(name, alias, query) {
      keepCurrent();
      // The path is rebuilt from the checked alias, never taken from the request as it came.
      const kept = keptQuery(name, query);
      const url = `${aliasPagePath(name, alias)}${kept.size === 0 ? '' : `?${kept.toString()}`}`;
      const today = calendar.today();
      // A render costs ~12 ms: the same page asked again (a reload, an owner checking, a flood of
      // one address) is answered from the last ALIAS_PAGES_KEPT of the day.
      // Kept as a copy: the alias is cut from the request's URL, which the key would keep alive.
      const key = `${today} ${url}`;
      const known = aliasPages.get(key);
      if (known !== undefined) return known;
      // Over the budget, the app renders the page in the browser (not kept: the next may render).
      if (!mayRender()) return Promise.resolve(unrendered);
      const rendered = render(url, { today, status: 200 }).catch((error: unknown) => {
        aliasPages.delete(key);
        log.error({ err: error }, 'rendering a page failed; the app is served to render it in the browser');
        return unrendered;
      });
      aliasPages.set(detachedString(key), rendered);
      return rendered;
    },
    notFound() {
      keepCurrent();
      return notFound;
    },
    homeWithForm(outcome) {
      // A new link is rendered whatever the budget: its page holds the manage token, and the
      // creation limits (site-wide too) bound how many there are. Refusals have no such bound.
      if (outcome.error !== undefined && !mayRender()) return Promise.resolve(formAnswerPage(site.siteName, HOME_FORM_HEADING, outcome.error));
      return render(PAGE_PATHS.home, { today: calendar.today(), status: 200, homeForm: outcome });
    },
    reportWithForm(outcome) {
      const message = outcome.sent ?? outcome.error;
      if (message !== undefined && !mayRender()) return Promise.resolve(formAnswerPage(site.siteName, REPORT_FORM_HEADING, message, PAGE_PATHS.report));
      return render(PAGE_PATHS.report, { today: calendar.today(), status: 200, reportForm: outcome });
    },
    linkGate(view) {
      keepCurrent();
      return linkGates[view];
    },
    apiDocs(docs) {
      const today = calendar.today();
      if (apiDocsPage?.day === today && apiDocsPage.docs === docs) return apiDocsPage.page;
      const page = render(API_DOCS_PATH, { today, status: 200, apiDocs: docs }).catch((error: unknown) => {
        apiDocsPage = undefined;
        log.error({ err: error }, 'rendering the API docs failed; the app is served to render them in the browser');
        return shell.compose(undefined, { today, status: 200, apiDocs: docs });
      });
      apiDocsPage = { day: today, docs, page };
      return page;
    },
    adminPage(path, admin) {
      const today = calendar.today();
      // Signed out, a console page is the sign-in form, the same for everyone: rendered once a
      // day per page, as the site's own pages are, never from the budget. A flood of /admin
      // without a session (an audit: ~1.4 ms each, the shell composed and compressed for every
      // request past the budget; redirects fell to ~1,100 a second) costs what a kept page does.
      if (admin.session === null) {
        const kept = signedOutPages.get(path);
        if (kept?.day === today) return kept.page;
        const page = render(path, { today, status: 200, admin }).catch((error: unknown) => {
          signedOutPages.delete(path);
          log.error({ err: error }, 'rendering a console page failed; the app is served to render it in the browser');
          return shell.compose(undefined, { today, status: 200, admin });
        });
        signedOutPages.set(path, { day: today, page });
        return page;
      }
      if (!mayRender()) return Promise.resolve(shell.compose(undefined, { today, status: 200, admin }));
      return render(path, { today, status: 200, admin }).catch((error: unknown) => {
        log.error({ err: error }, 'rendering a console page failed; the app is served to render it in the browser');
        return shell.compose(undefined, { today, status: 200, admin });
      });
    },
  };
}

/** The home form's refusals are headed as the spec's toast is; the report's, by the page's name. */
const HOME_FORM_HEADING = createErrorTitle;
const REPORT_FORM_HEADING = 'Denunciar link';

/**
 * A form's answer past the render budget: a browser without JavaScript cannot render the app's
 * shell, so it gets a plain page (a few µs, against ~12 ms for the app's) with the outcome's
 * message, a link back to the form (`formPath`, when it is not the home page) and one home. The
 * fields are gone; the browser's Back button has them as typed.
 */
function formAnswerPage(siteName: string, heading: string, message: string, formPath?: string): NoncedPage {
  const back = formPath === undefined ? undefined : { href: formPath, label: heading };
  return fixedPage(renderStatusPage({ siteName, heading, message, homeLabel: redirectTexts.backHome, ...(back === undefined ? {} : { link: back }) }));
}

function linkGatePages(pageOf: (view: LinkGateView) => NoncedPage): LinkGatePages {
  return { expired: pageOf('expired'), password: pageOf('password'), 'password-wrong': pageOf('password-wrong'), 'password-limited': pageOf('password-limited') };
}
