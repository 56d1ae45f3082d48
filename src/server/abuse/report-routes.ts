// 'Denunciar link': anyone may report a short link (alias + reason). Reports are stored for
// the operator (npm run admin reports) and limited per IP.
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { isValidAliasFormat, normalizeAlias } from '../../shared/alias-rules.js';
import type { ReportLinkRequest, ReportLinkResponse } from '../../shared/api.js';
import { reportTexts } from '../../shared/messages.js';
import { REPORT_REASON_MAX as REASON_MAX, REPORT_REASON_MIN as REASON_MIN } from '../../shared/report-rules.js';
import type { Clock } from '../calendar.js';
import { AppError } from '../errors.js';
import type { LinkRepository } from '../links/link-repository.js';
import type { ReportRepository } from './report-repository.js';

const reportSchema = {
  body: {
    type: 'object',
    required: ['alias', 'reason'],
    additionalProperties: false,
    properties: { alias: { type: 'string', maxLength: 2048 }, reason: { type: 'string', maxLength: 4000 } },
  },
} as const;

export function registerReportRoutes(
  app: FastifyInstance,
  deps: { reports: ReportRepository; links: LinkRepository; clock: Clock; limit: onRequestAsyncHookHandler[] },
): void {
  app.post<{ Body: ReportLinkRequest; Reply: ReportLinkResponse }>(
    '/api/reports',
    { schema: reportSchema, onRequest: deps.limit },
    async (request, reply) => {
      // People paste the whole short link: keep only its last path segment.
      const alias = normalizeAlias(request.body.alias.trim().replace(/\/+$/, '').split('/').pop() ?? '');
      const reason = request.body.reason.replace(/\s+/g, ' ').trim();
      if (!isValidAliasFormat(alias) || (await deps.links.findByAlias(alias)) === undefined) {
        throw new AppError('link_not_found', 404);
      }
      if (reason.length < REASON_MIN || reason.length > REASON_MAX) throw new AppError('invalid_report', 400);
      await deps.reports.insertReport(alias, reason, new Date(deps.clock()).toISOString());
      return reply.code(201).header('cache-control', 'no-store').send({ message: reportTexts.received });
    },
  );
}
