// The console's pages (/admin, /admin/denuncias…): rendered by the app's components for each
// request, with the signed-in operator and a CSRF token in the page context, or the sign-in form.
// Never cached, never indexed, under the site's CSP.
import type { FastifyInstance } from 'fastify';
import { ADMIN_PAGE_PATHS, type AdminPageContext, type AdminPageName } from '../../shared/admin-api.js';
import type { Services } from '../services.js';
import { redirectTexts } from '../../shared/messages.js';
import { isStoreUnavailable } from '../db/dialect.js';
import { sendPage } from '../web/pages.js';
import { renderStatusPage } from '../web/status-page.js';

export function registerAdminPageRoutes(scope: FastifyInstance, services: Services): void {
  const { pages } = services;
  // A page, not the API's JSON, when the store fails (the session is read from it before the
  // route runs): an operator who opens or reloads the console during an outage saw a line of JSON.
  const unavailablePage = renderStatusPage({
    siteName: services.config.site.siteName,
    heading: redirectTexts.unavailableTitle,
    message: redirectTexts.unavailableText,
    homeLabel: redirectTexts.backHome,
  });
  scope.setErrorHandler((error, request, reply) => {
    if (!isStoreUnavailable(error)) throw error;
    services.metrics.databaseErrors.inc();
    services.errorLog.error(request.log, 'console-page:store-unavailable', { err: error, req: request }, 'request failed');
    return reply
      .code(503)
      .headers(pages.headers.plain)
      .header('retry-after', '5')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .type('text/html; charset=utf-8')
      .send(unavailablePage);
  });
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
