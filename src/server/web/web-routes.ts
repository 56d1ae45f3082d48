import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { aliasFromPathSegment } from '../../shared/alias-rules.js';
import { ALIAS_PAGE_PATHS, type AliasPageName, API_DOCS_PATH, API_PREFIX, PAGE_ROUTES, SERVER_PATHS } from '../../shared/routes.js';
import { type Pages, sendPage } from './pages.js';

/**
 * Crawlers may index the site, its pages and its short links; the API holds nothing to index
 * but its documentation page.
 * The dashboard is served the same to everyone (the links are read in the browser), so it is
 * as indexable as any other page.
 */
export const ROBOTS_TXT = ['User-agent: *', 'Allow: /', `Allow: ${API_DOCS_PATH}`, `Disallow: ${API_PREFIX}/`, ''].join('\n');

const DAY_CACHE = 'public, max-age=86400';

export async function registerWebRoutes(app: FastifyInstance, pages: Pages): Promise<void> {
  const { shell } = pages;
  if (shell.available) {
    // One route per file found at start (wildcard: false), so GET /:alias stays the only
    // catch-all and a static file can never shadow, or be shadowed by, an alias.
    await app.register(fastifyStatic, {
      root: shell.distDir,
      wildcard: false,
      index: false,
      // .br/.gz files written at build time (scripts/compress-assets.mjs) are sent when the
      // browser accepts them: no compression work per request.
      preCompressed: true,
      // Cache-Control comes from setHeaders below, not from the plugin's maxAge.
      cacheControl: false,
      // Not index.html (pages are rendered), not the compressed copies.
      allowedPath: (pathName) => pathName !== SERVER_PATHS.index && !/\.(br|gz)$/.test(pathName),
      setHeaders(res, filePath) {
        // Vite puts content-hashed files under assets/: they never change. The default
        // preview image is fetched by every crawler: cache it for a month.
        const immutable = filePath.includes(`${SERVER_PATHS.assets}/`);
        const longLived = filePath.endsWith(SERVER_PATHS.ogImage);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : longLived ? 'public, max-age=2592000' : 'public, max-age=86400',
        );
      },
    });
  }
  // Asked for by crawlers and browsers on their own, built app or not: without these routes
  // they fell through to GET /:alias and its 404 page.
  app.get(SERVER_PATHS.robots, async (_request, reply) =>
    reply.header('x-content-type-options', 'nosniff').header('cache-control', DAY_CACHE).type('text/plain; charset=utf-8').send(ROBOTS_TXT),
  );
  app.get(SERVER_PATHS.faviconIco, async (_request, reply) =>
    reply.header('x-content-type-options', 'nosniff').header('cache-control', DAY_CACHE).redirect(SERVER_PATHS.favicon, 301),
  );
  // The app's pages (src/shared/routes.ts), rendered on the server and hydrated in the browser.
  for (const route of PAGE_ROUTES) {
    app.get(route, async (request, reply) => {
      return sendPage(reply, 200, await pages.render(route, queryOf(request.url), request.headers['accept-encoding']), 'no-cache');
    });
  }
  // Pages about one link (/dashboard/:alias): rendered per request for a well-formed alias;
  // any other segment is the same 404 view as an unknown address (and costs no render).
  for (const [name, route] of Object.entries(ALIAS_PAGE_PATHS) as [AliasPageName, string][]) {
    app.get<{ Params: { alias: string } }>(route, async (request, reply) => {
      const acceptEncoding = request.headers['accept-encoding'];
      const alias = aliasFromPathSegment(request.params.alias);
      if (alias === undefined) return sendPage(reply, 404, pages.renderNotFound(acceptEncoding), 'no-store');
      return sendPage(reply, 200, await pages.renderAliasPage(name, alias, queryOf(request.url), acceptEncoding), 'no-cache');
    });
  }
}

function queryOf(url: string): URLSearchParams {
  const at = url.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : url.slice(at + 1));
}
