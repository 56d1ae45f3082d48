// The site's routes, in one place: the server answers the pages with the app shell, the app's
// router renders them, and every first path segment here is kept out of the alias namespace
// (alias-rules.ts), since GET /:alias shares the root with all of them.
// test/contracts/routes-agree.test.ts checks the real server against this module.

/** The app's pages. The server answers each with index.html; react-router renders it. */
export const PAGE_PATHS = {
  home: '/',
  faq: '/faq',
  contact: '/contact',
  privacy: '/privacy',
  dashboard: '/dashboard',
  report: '/denunciar',
} as const;

export type PageName = keyof typeof PAGE_PATHS;
export type PagePath = (typeof PAGE_PATHS)[PageName];

export const PAGE_ROUTES: readonly PagePath[] = Object.values(PAGE_PATHS);

/**
 * The app's pages about one link, whose path carries its alias (`:alias`). The server answers
 * only a well-formed alias (aliasFromPathSegment in alias-rules.ts; anything else gets the 404
 * view) and renders the page for each request, since the path is part of its content. Kept
 * apart from PAGE_PATHS: those are answered at their literal path.
 */
export const ALIAS_PAGE_PATHS = {
  /** One link's statistics (click insights), read with the manage token this browser keeps. */
  linkStats: '/dashboard/:alias',
} as const;

export type AliasPageName = keyof typeof ALIAS_PAGE_PATHS;
export type AliasPagePath = (typeof ALIAS_PAGE_PATHS)[AliasPageName];

export const ALIAS_PAGE_ROUTES: readonly AliasPagePath[] = Object.values(ALIAS_PAGE_PATHS);

/** The address of an alias page for one alias: ('linkStats', 'promo') → "/dashboard/promo". */
export function aliasPagePath(name: AliasPageName, alias: string): string {
  return ALIAS_PAGE_PATHS[name].replace(':alias', () => encodeURIComponent(alias));
}

/** The link statistics' range in days (src/shared/insights.ts INSIGHT_RANGES): /dashboard/promo?dias=7. */
export const LINK_STATS_RANGE_PARAM = 'dias';

/**
 * The query parameters a page's content depends on (the report form's prefilled alias, the
 * statistics' range). The server renders every other page once a day for all visitors; a page
 * asked for with one of its own parameters is rendered for that request, with only those.
 */
export const PAGE_QUERY_PARAMS: Readonly<Partial<Record<PageName | AliasPageName, readonly string[]>>> = {
  report: ['alias'],
  linkStats: [LINK_STATS_RANGE_PARAM],
};

/**
 * The operator's console (src/shared/admin-api.ts): pages the server renders for each request,
 * for signed-in operators (or the sign-in form). Not linked from any public page.
 */
export const ADMIN_PAGE_PATHS = {
  overview: '/admin',
  reports: '/admin/denuncias',
  links: '/admin/links',
  blocklist: '/admin/bloqueios',
  keys: '/admin/chaves',
  audit: '/admin/registro',
} as const;

export type AdminPageName = keyof typeof ADMIN_PAGE_PATHS;
export type AdminPagePath = (typeof ADMIN_PAGE_PATHS)[AdminPageName];

/** Prefix of the JSON API (src/shared/api.ts lists its routes). */
export const API_PREFIX = '/api';

/**
 * The API's documentation for people: a page of the app (src/web/pages/api-docs-page.tsx)
 * that the server renders from the OpenAPI document (src/server/web/web-routes.ts). Under the
 * API's prefix, next to /api/openapi.json, but not one of its routes (nor in the document).
 */
export const API_DOCS_PATH = `${API_PREFIX}/docs`;

/** Paths the server answers itself, besides the pages and the aliases. */
export const SERVER_PATHS = {
  api: API_PREFIX,
  /** Vite's content-hashed build output. */
  assets: '/assets',
  healthz: '/healthz',
  readyz: '/readyz',
  metrics: '/metrics',
  /** Crawlers' rules, answered by the server (web-routes.ts), with or without the built app. */
  robots: '/robots.txt',
  /** Browsers ask for it on their own: a 301 to the SVG icon. */
  faviconIco: '/favicon.ico',
  // Files of src/web/public and the build, one route each.
  favicon: '/favicon.svg',
  ogImage: '/og-image.png',
  index: '/index.html',
} as const;

/**
 * Words no route uses today but that are kept away from aliases all the same: other names of
 * the pages (pt-BR and English), conventional files (robots.txt, sitemap.xml…) and names a
 * route could take later. Reserving them now costs nothing; freeing one later is safe.
 */
const KEPT_SEGMENTS = [
  'contato', 'privacidade', 'painel', 'static', 'public', 'health', 'livez', 'robots', 'robots-txt',
  'sitemap', 'manifest', 'preview', 'og', 'home', 'inicio', 'report', 'blocked', 'bloqueado',
  'well-known', '_next', '_app',
] as const;

/**
 * The alias a path's first segment would collide with: "/faq" → "faq", "/favicon.svg" →
 * "favicon" (the file name less its extension, so "favicon" cannot be taken either), "/" → "".
 */
export function firstSegmentWord(path: string): string {
  const segment = path.replace(/^\/+/, '').split('/')[0] ?? '';
  return segment.replace(/\.[^.]*$/, '');
}

/** Every first path segment the site uses or keeps: no alias may be one of these. */
export const SITE_SEGMENTS: readonly string[] = [
  ...new Set(
    [...PAGE_ROUTES, ...ALIAS_PAGE_ROUTES, ...Object.values(ADMIN_PAGE_PATHS), ...Object.values(SERVER_PATHS)].map(firstSegmentWord).filter((word) => word !== '').concat(KEPT_SEGMENTS),
  ),
];

/**
 * The id of what a page's form sent without JavaScript came to (its result, or its refusal),
 * and the fragment of the address the form posts to: the page that answers opens scrolled to
 * it, not at its top with the outcome below the fold. (The fragment never reaches the server.)
 */
export const FORM_OUTCOME_ID = 'resultado';

/** Where a page's form posts without JavaScript: the page's own path, with FORM_OUTCOME_ID. */
export const formAction = (path: PagePath): string => `${path}#${FORM_OUTCOME_ID}`;
