// 'Denunciar link': anyone may report a short link (alias + reason). Reports are stored for
// the operator (npm run admin reports), limited per IP and per network, one per client and link
// a day (a repeat is answered, not stored), and at most MAX_OPEN_REPORTS_PER_LINK of one link
// wait in the queue (report-repository.ts). Only a report that passed validation is counted
// against those limits: someone who mistypes the alias or writes too short a reason must not be
// locked out of reporting for an hour.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { isValidAliasFormat, normalizeAlias } from '../../shared/alias-rules.js';
import type { ReportLinkRequest, ReportLinkResponse } from '../../shared/api.js';
import { reportTexts } from '../../shared/messages.js';
import { normalizeReportReason, REPORT_REASON_MAX as REASON_MAX, REPORT_REASON_MIN as REASON_MIN, reportedAlias } from '../../shared/report-rules.js';
import { reportSchema } from '../api/api-schemas.js';
import type { Clock } from '../calendar.js';
import { AppError } from '../errors.js';
import type { LinkRepository } from '../links/link-repository.js';
import type { ReportRepository } from './report-repository.js';

export interface ReportDeps {
  reports: ReportRepository;
  links: LinkRepository;
  clock: Clock;
  /** A loose bound on every attempt, valid or not (each may read the store). */
  attempts: onRequestAsyncHookHandler[];
  /** The report quota, asked once the report passed validation ('repeat': this client already reported the link). */
  admit: (request: FastifyRequest, alias: string) => Promise<'admitted' | 'repeat'>;
}

/**
 * Checks and stores one report (the JSON route's and the form's, sent without JavaScript);
 * refuses with an AppError (link_not_found 404, invalid_report 400, or the quota's 429).
 */
export async function acceptReport(deps: ReportDeps, request: FastifyRequest, input: ReportLinkRequest): Promise<ReportLinkResponse> {
  const alias = normalizeAlias(reportedAlias(input.alias));
  const reason = normalizeReportReason(input.reason);
  if (!isValidAliasFormat(alias) || (await deps.links.findByAlias(alias)) === undefined) {
    throw new AppError('link_not_found', 404);
  }
  if (reason.length < REASON_MIN || reason.length > REASON_MAX) throw new AppError('invalid_report', 400);
  // A client's second report on a link within a day is answered, not stored: it would count
  // as another person's in the operator's queue.
  if ((await deps.admit(request, alias)) === 'repeat') return { message: reportTexts.alreadyReported };
  // Past the link's bound of open reports, nothing is stored, and the answer says why.
  const stored = await deps.reports.addOpenReport(alias, reason, new Date(deps.clock()).toISOString());
  return { message: stored ? reportTexts.received : reportTexts.alreadyUnderReview };
}

export function registerReportRoutes(app: FastifyInstance, deps: ReportDeps): void {
  app.post<{ Body: ReportLinkRequest; Reply: ReportLinkResponse }>(
    '/api/reports',
    { schema: reportSchema, onRequest: deps.attempts },
    async (request, reply) => reply.code(201).header('cache-control', 'no-store').send(await acceptReport(deps, request, request.body)),
  );
}
