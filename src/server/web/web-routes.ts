import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PAGE_ROUTES, SERVER_PATHS } from '../../shared/routes.js';
import type { AppShell } from './app-shell.js';
import type { RenderPage } from './pages.js';

export async function registerWebRoutes(app: FastifyInstance, shell: AppShell, renderPage: RenderPage): Promise<void> {
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
  // The pages the React app renders itself (src/shared/routes.ts): each gets the app shell.
  for (const route of PAGE_ROUTES) {
    app.get(route, async (_request, reply) => {
      const { html, headers } = renderPage();
      return reply.headers(headers).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    });
  }
}
