// The console's JSON API (/api/admin/…): sign-in and sign-out, then reads (admin-queries.ts)
// and actions (operator-actions.ts, the same the terminal tool runs) for a signed-in operator.
// Each change passes changeGuards (same origin + CSRF token) and is written to the audit log by
// the action itself.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMIN_API_ROUTES,
  ADMIN_FEED_MAX_BYTES,
  ADMIN_REASON_MAX,
  type AdminActionResult,
  type AdminImportResult,
  type AdminIssuedKey,
  type AdminKeyList,
  type AdminSession,
  API_KEY_PER_MINUTE_MAX,
  type BlockDomainRequest,
  type BlockReportedRequest,
  type ReportActionRequest,
  type CreateKeyRequest,
  type ImportBlocklistRequest,
  type SignInRequest,
} from '../../shared/admin-api.js';
import { isValidAliasFormat, normalizeAlias } from '../../shared/alias-rules.js';
import { normalizeDomain, tooBroadToBlock } from '../abuse/blocklist.js';
import { cleanKeyName, keyNameProblem, unreadableKeyNameMessage } from '../keys/key-name.js';
import { AppError } from '../errors.js';
import { describeError } from '../http-errors.js';
import type { Services } from '../services.js';
import {
  auditSchema,
  blockDomainSchema,
  blockImpactSchema,
  blocklistSchema,
  blockReportedSchema,
  createKeySchema,
  deleteLinkSchema,
  disableLinkSchema,
  disableReportedSchema,
  enableLinkSchema,
  importBlocklistSchema,
  keysSchema,
  linksSchema,
  overviewSchema,
  releaseAliasSchema,
  reportsSchema,
  resolveReportsSchema,
  revokeKeySchema,
  sessionSchema,
  signInSchema,
  signOutSchema,
  unblockDomainSchema,
} from './admin-schemas.js';
import type { Actor } from './audit-log.js';
import { changeGuards, createSignInLimit, requireOperator, sameOriginOnly } from './admin-guards.js';
import type { ActionResult } from './operator-actions.js';
import { adminCookieName } from './session-cookie.js';

type AliasParams = { Params: { alias: string } };
type PageQuery = { Querystring: { q?: string; cursor?: string } };

/** The operator acting, from the session (requireOperator ran before). */
function actorOf(request: FastifyRequest): Actor {
  return { name: request.session.email ?? '', via: 'console' };
}

/** An alias from the path; 404 when it cannot be one. */
function aliasParam(raw: string): string {
  const alias = normalizeAlias(raw);
  if (!isValidAliasFormat(alias)) throw new AppError('link_not_found', 404);
  return alias;
}

/** An optional reason: trimmed, null when empty, 400 past the bound. */
function reasonOf(raw: string | undefined): string | null {
  const reason = (raw ?? '').replace(/\s+/g, ' ').trim();
  if ([...reason].length > ADMIN_REASON_MAX) throw new AppError('invalid_admin_reason', 400);
  return reason === '' ? null : reason;
}

/** A domain an operator asked to block (or asked about): normalised, or 400 with why it may not be. */
function blockableDomain(raw: string): string {
  const domain = normalizeDomain(raw);
  if (domain === undefined) throw new AppError('invalid_domain', 400);
  const tooBroad = tooBroadToBlock(domain);
  if (tooBroad !== undefined) throw new AppError('invalid_domain', 400, { message: `${tooBroad} Informe o domínio de um site, como exemplo.com.br.` });
  return domain;
}

/** An action's answer: 404 with its message when what it acts on is gone, 400 when it may not be done. */
function answer(result: ActionResult): AdminActionResult {
  if (result.outcome === 'not_found') throw new AppError('link_not_found', 404, { message: result.message });
  if (result.outcome === 'refused') throw new AppError('invalid_domain', 400, { message: result.message });
  return { outcome: result.outcome, message: result.message };
}

const noStore = (reply: FastifyReply): FastifyReply => reply.header('cache-control', 'no-store');

export async function registerAdminApiRoutes(api: FastifyInstance, services: Services): Promise<void> {
  const { config, operators, operatorActions: actions, adminQueries: queries, clock } = services;
  const changes = changeGuards(api, config.publicUrl);
  const signInLimit = await createSignInLimit(api, { store: services.store.rateLimitStore(clock), ipv6Prefix: config.rateLimits.ipv6Prefix });
  // Bodies up to the largest feed the console uploads (as JSON: a little more than the file).
  const bodyLimit = ADMIN_FEED_MAX_BYTES * 2;

  const sessionOf = (request: FastifyRequest, reply: FastifyReply): AdminSession => ({
    operator: { email: request.session.email ?? '' },
    csrfToken: reply.generateCsrf(),
  });

  api.get(ADMIN_API_ROUTES.session.url, { schema: sessionSchema, onRequest: requireOperator }, async (request, reply) => {
    return noStore(reply).send(sessionOf(request, reply));
  });

  api.post<{ Body: SignInRequest }>(
    ADMIN_API_ROUTES.signIn.url,
    { schema: signInSchema, onRequest: sameOriginOnly(config.publicUrl), preHandler: signInLimit },
    async (request, reply) => {
      // A Secure cookie over plain http would never come back: say why instead of failing silently.
      if (config.admin.secureCookie && request.protocol !== 'https') throw new AppError('https_required', 400);
      const result = await operators.authenticate(request.body.email, request.body.password);
      // Logged with the (masked) address and, when it names an operator, the e-mail; never what
      // was typed for an unknown one: an operator who put the password in the e-mail field
      // would have it written to the logs.
      if (!('operator' in result)) {
        const who = result.refused === 'wrong_password' ? { email: result.email } : {};
        request.log.warn({ event: 'admin_sign_in', ...who, outcome: 'refused', reason: result.refused, req: request }, 'console sign-in refused');
        throw new AppError('invalid_credentials', 401);
      }
      const { operator } = result;
      // A new session id at sign-in: one planted before it (fixation) is worth nothing after.
      await request.session.regenerate();
      request.session.operatorId = operator.id;
      request.session.email = operator.email;
      request.session.signedInAt = clock();
      // Stored here, not by @fastify/session's onSend hook: a store failure there (a full disk)
      // bypassed our error handler and answered a 500 in English, after "accepted" was logged.
      // Here it is the pt-BR 503 of any store failure; onSend then finds the session saved.
      await request.session.save();
      const session = sessionOf(request, reply);
      request.log.info({ event: 'admin_sign_in', email: operator.email, outcome: 'accepted', req: request }, 'console sign-in');
      await actions.recordSignIn({ name: operator.email, via: 'console' });
      return noStore(reply).send(session);
    },
  );

  api.delete(
    ADMIN_API_ROUTES.signOut.url,
    {
      schema: signOutSchema,
      onRequest: changes,
      // The cookie goes even when the store cannot read or forget the session now (an outage):
      // on a shared computer the operator must not stay signed in while told to try again. (A
      // refusal, such as a missing CSRF token, leaves it.) The error itself is answered by the
      // app's handler, as any other.
      errorHandler: (error, _request, reply) => {
        if (describeError(error).status >= 500) reply.clearCookie(adminCookieName(config.admin.secureCookie), { path: '/' });
        throw error;
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await request.session.destroy();
      await actions.recordSignOut(actor);
      return noStore(reply).code(204).send();
    },
  );

  api.get(ADMIN_API_ROUTES.overview.url, { schema: overviewSchema, onRequest: requireOperator }, async (_request, reply) =>
    noStore(reply).send(await queries.overview()),
  );

  api.get<{ Querystring: { cursor?: string } }>(ADMIN_API_ROUTES.reports.url, { schema: reportsSchema, onRequest: requireOperator }, async (request, reply) =>
    noStore(reply).send(await queries.reportQueue(request.query.cursor)),
  );
  // Without a body (or `upTo`), every open report is resolved, as before the bound existed.
  api.post<AliasParams & { Body: ReportActionRequest | null }>(ADMIN_API_ROUTES.resolveReports.url, { schema: resolveReportsSchema, onRequest: changes }, async (request, reply) =>
    noStore(reply).send(answer(await actions.resolveReports(actorOf(request), aliasParam(request.params.alias), request.body?.upTo))),
  );
  api.post<AliasParams & { Body: ReportActionRequest | null }>(ADMIN_API_ROUTES.disableReported.url, { schema: disableReportedSchema, onRequest: changes }, async (request, reply) =>
    noStore(reply).send(answer(await actions.disableReported(actorOf(request), aliasParam(request.params.alias), request.body?.upTo))),
  );
  api.post<AliasParams & { Body: BlockReportedRequest | null }>(
    ADMIN_API_ROUTES.blockReported.url,
    { schema: blockReportedSchema, onRequest: changes },
    async (request, reply) =>
      noStore(reply).send(
        answer(
          await actions.blockReportedDomain(actorOf(request), aliasParam(request.params.alias), reasonOf(request.body?.reason), request.body?.upTo, request.body?.domain),
        ),
      ),
  );

  api.get<PageQuery>(ADMIN_API_ROUTES.links.url, { schema: linksSchema, onRequest: requireOperator }, async (request, reply) =>
    noStore(reply).send(await queries.searchLinks(request.query.q ?? '', request.query.cursor)),
  );
  api.post<AliasParams>(ADMIN_API_ROUTES.disableLink.url, { schema: disableLinkSchema, onRequest: changes }, async (request, reply) =>
    noStore(reply).send(answer(await actions.disableLink(actorOf(request), aliasParam(request.params.alias)))),
  );
  api.post<AliasParams>(ADMIN_API_ROUTES.enableLink.url, { schema: enableLinkSchema, onRequest: changes }, async (request, reply) =>
    noStore(reply).send(answer(await actions.enableLink(actorOf(request), aliasParam(request.params.alias)))),
  );
  api.delete<AliasParams>(ADMIN_API_ROUTES.deleteLink.url, { schema: deleteLinkSchema, onRequest: changes }, async (request, reply) =>
    noStore(reply).send(answer(await actions.deleteLink(actorOf(request), aliasParam(request.params.alias)))),
  );
  api.post<AliasParams>(ADMIN_API_ROUTES.releaseAlias.url, { schema: releaseAliasSchema, onRequest: changes }, async (request, reply) =>
    noStore(reply).send(answer(await actions.releaseAlias(actorOf(request), aliasParam(request.params.alias)))),
  );

  api.get<PageQuery>(ADMIN_API_ROUTES.blocklist.url, { schema: blocklistSchema, onRequest: requireOperator }, async (request, reply) =>
    noStore(reply).send(await queries.blocklistPage(request.query.q ?? '', request.query.cursor)),
  );
  api.get<{ Querystring: { domain: string } }>(ADMIN_API_ROUTES.blockImpact.url, { schema: blockImpactSchema, onRequest: requireOperator }, async (request, reply) =>
    noStore(reply).send(await queries.blockImpact(blockableDomain(request.query.domain))),
  );
  api.post<{ Body: BlockDomainRequest }>(ADMIN_API_ROUTES.blockDomain.url, { schema: blockDomainSchema, onRequest: changes }, async (request, reply) => {
    const domain = blockableDomain(request.body.domain);
    return noStore(reply).send(answer(await actions.blockDomain(actorOf(request), domain, reasonOf(request.body.reason))));
  });
  api.delete<{ Querystring: { domain: string } }>(ADMIN_API_ROUTES.unblockDomain.url, { schema: unblockDomainSchema, onRequest: changes }, async (request, reply) => {
    const domain = normalizeDomain(request.query.domain);
    if (domain === undefined) throw new AppError('invalid_domain', 400);
    return noStore(reply).send(answer(await actions.unblockDomain(actorOf(request), domain)));
  });
  api.post<{ Body: ImportBlocklistRequest }>(
    ADMIN_API_ROUTES.importBlocklist.url,
    { schema: importBlocklistSchema, onRequest: changes, bodyLimit },
    async (request, reply) => {
      if (Buffer.byteLength(request.body.content, 'utf8') > ADMIN_FEED_MAX_BYTES) throw new AppError('payload_too_large', 413);
      const source = (request.body.fileName ?? '').trim() || 'enviado';
      const result = await actions.importFeed(actorOf(request), request.body.content, source, reasonOf(request.body.reason));
      if (result.code !== 0) throw new AppError('invalid_feed', 400, { message: result.output.split('\n')[0] ?? result.summary });
      const body: AdminImportResult = { added: result.added, alreadyPresent: result.alreadyPresent, errors: result.errors, errorCount: result.errorCount, message: result.summary };
      return noStore(reply).send(body);
    },
  );

  api.get(ADMIN_API_ROUTES.keys.url, { schema: keysSchema, onRequest: requireOperator }, async (_request, reply) => {
    const rows = await services.apiKeys.list();
    const defaultPerMinute = services.apiKeys.defaultPerMinute;
    const body: AdminKeyList = {
      defaultPerMinute,
      keys: rows.map((row) => ({
        id: row.id,
        name: row.name,
        prefix: `ebr_${row.publicId}`,
        perMinute: row.perMinute,
        effectivePerMinute: row.perMinute ?? defaultPerMinute,
        createdAt: row.createdAt,
        revokedAt: row.revokedAt,
        links: row.links,
      })),
    };
    return noStore(reply).send(body);
  });
  api.post<{ Body: CreateKeyRequest }>(ADMIN_API_ROUTES.createKey.url, { schema: createKeySchema, onRequest: changes }, async (request, reply) => {
    const name = cleanKeyName(request.body.name);
    const problem = keyNameProblem(name);
    // Only control or invisible characters (U+0001, a zero-width space…): a name nobody could read in the list.
    if (problem !== undefined) throw new AppError('invalid_key_name', 400, problem === 'unreadable' ? { message: unreadableKeyNameMessage } : {});
    const perMinute = request.body.perMinute ?? null;
    if (perMinute !== null && (perMinute < 1 || perMinute > API_KEY_PER_MINUTE_MAX)) throw new AppError('invalid_per_minute', 400);
    const issued = await actions.createKey(actorOf(request), name, perMinute);
    const body: AdminIssuedKey = { id: issued.id, name: issued.name, perMinute: issued.perMinute, key: issued.key };
    return noStore(reply).code(201).send(body);
  });
  api.post<{ Params: { id: string } }>(ADMIN_API_ROUTES.revokeKey.url, { schema: revokeKeySchema, onRequest: changes }, async (request, reply) => {
    const id = /^[1-9]\d{0,15}$/.test(request.params.id) ? Number(request.params.id) : NaN;
    if (!Number.isSafeInteger(id)) throw new AppError('key_not_found', 404);
    const result = await actions.revokeKey(actorOf(request), id);
    if (result.outcome === 'not_found') throw new AppError('key_not_found', 404, { message: result.message });
    return noStore(reply).send(answer(result));
  });

  api.get<{ Querystring: { cursor?: string } }>(ADMIN_API_ROUTES.audit.url, { schema: auditSchema, onRequest: requireOperator }, async (request, reply) =>
    noStore(reply).send(await queries.auditPage(request.query.cursor)),
  );
}
