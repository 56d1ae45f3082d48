// POST /denunciar: the 'Denunciar link' form sent by a browser without JavaScript, or before the
// page's script has run (form-encoded alias and reason). The report is checked, counted and
// stored exactly as POST /api/reports does it (acceptReport, under the same limits), and the
// answer is the report page holding the thanks (fields cleared) or the refusal (fields kept),
// rendered on the server.
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { ReportFormOutcome } from '../../shared/app-shell.js';
import { invalidReportMessage } from '../../shared/form-messages.js';
import { PAGE_PATHS } from '../../shared/routes.js';
import { acceptReport, type ReportDeps } from '../abuse/report-routes.js';
import { type Pages, sendPage } from './pages.js';
import { FORM_BODY_LIMIT, foreignFormGuard, formField, formRefusal, rawFormField, refusedBody } from './posted-form.js';

/** Registers the form's body parser and route in a scope of their own: the JSON API keeps refusing form bodies. */
export async function registerReportFormRoute(app: FastifyInstance, deps: { publicUrl: string; report: ReportDeps; pages: Pages }): Promise<void> {
  const refuseForeignForm = foreignFormGuard(deps.publicUrl);
  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: FORM_BODY_LIMIT });
    // What the body parser refuses (too big, not form-encoded) is answered with this page too,
    // not with the API's JSON. Only a reason far past its bound makes the body that big.
    scope.setErrorHandler(async (error, request, reply) => {
      const refusal = refusedBody(error, request, 'report form', invalidReportMessage);
      const outcome: ReportFormOutcome = { alias: '', reason: '', error: refusal.message };
      return sendPage(reply, refusal.status, await deps.pages.renderReportForm(outcome, request.headers['accept-encoding']), 'no-store');
    });
    scope.post(PAGE_PATHS.report, { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const alias = formField(request.body, 'alias');
      // Shown back as typed when refused; the service folds its spaces as the API's does.
      const reason = rawFormField(request.body, 'reason');
      let outcome: ReportFormOutcome;
      let status = 201;
      try {
        refuseForeignForm(request);
        for (const limit of deps.report.attempts) await limit.call(scope, request, reply);
        const { message } = await acceptReport(deps.report, request, { alias, reason });
        outcome = { alias: '', reason: '', sent: message };
      } catch (error) {
        const refusal = formRefusal(error, request, 'report form');
        status = refusal.status;
        if (refusal.retryAfter !== undefined) void reply.header('retry-after', refusal.retryAfter);
        outcome = { alias, reason, error: refusal.message };
      }
      return sendPage(reply, status, await deps.pages.renderReportForm(outcome, request.headers['accept-encoding']), 'no-store');
    });
  });
}
