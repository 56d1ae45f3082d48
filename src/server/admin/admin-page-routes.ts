// The console's pages (/admin, /admin/denuncias…): rendered by the app's components for each
// request, with the signed-in operator and a CSRF token in the page context, or the sign-in form.
// Never cached, never indexed, under the site's CSP.
import type { FastifyInstance } from 'fastify';
import { ADMIN_PAGE_PATHS, type AdminPageContext, type AdminPageName } from '../../shared/admin-api.js';
import type { Services } from '../services.js';
import { sendPage } from '../web/pages.js';

export function registerAdminPageRoutes(scope: FastifyInstance, services: Services): void {
  const { pages } = services;
  for (const [page, path] of Object.entries(ADMIN_PAGE_PATHS) as [AdminPageName, string][]) {
    scope.get(path, { schema: { hide: true } }, async (request, reply) => {
      const { operatorId, email } = request.session;
      const admin: AdminPageContext = {
        page,
        session: typeof operatorId === 'number' && typeof email === 'string' ? { operator: { email }, csrfToken: reply.generateCsrf() } : null,
      };
      const rendered = await pages.renderAdminPage(path, admin, request.headers['accept-encoding']);
      return sendPage(reply.header('x-robots-tag', 'noindex, nofollow'), 200, rendered, 'no-store');
    });
  }
}
