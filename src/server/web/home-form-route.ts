// POST /: the home form sent by a browser without JavaScript (form-encoded url and alias).
// It creates the link exactly as POST /api/links does, under the same limits (the same
// counters: the form is no way around them), and answers with the home page holding the new
// short link or the refusal, rendered on the server.
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { HomeFormOutcome } from '../../shared/app-shell.js';
import { PAGE_PATHS } from '../../shared/routes.js';
import { AppError } from '../errors.js';
import { describeError } from '../http-errors.js';
import type { LinkService } from '../links/link-service.js';
import { type Pages, sendPage } from './pages.js';

/** Two fields of at most a few kilobytes; anything bigger is not this form. */
const FORM_BODY_LIMIT = 16 * 1024;

export interface HomeFormDeps {
  links: LinkService;
  pages: Pages;
  limits: { perClient: onRequestAsyncHookHandler[]; admit: (request: FastifyRequest) => Promise<void> };
}

const field = (body: unknown, name: string): string => {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.trim() : '';
};

/** Registers the form's body parser and route in a scope of their own: the JSON API keeps refusing form bodies. */
export async function registerHomeFormRoute(app: FastifyInstance, deps: HomeFormDeps): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: FORM_BODY_LIMIT });
    scope.post(PAGE_PATHS.home, { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const url = field(request.body, 'url');
      const alias = field(request.body, 'alias');
      let outcome: HomeFormOutcome;
      let status = 201;
      let retryAfter: string | undefined;
      try {
        for (const limit of deps.limits.perClient) await limit.call(scope, request, reply);
        const created = await deps.links.createLink(alias === '' ? { url } : { url, alias }, { admit: () => deps.limits.admit(request) });
        outcome = { url, alias, created };
      } catch (error) {
        const described = describeError(error as AppError);
        if (described.status >= 500) request.log.error({ err: error }, 'home form failed');
        status = described.status;
        retryAfter = error instanceof AppError ? error.headers['retry-after'] : undefined;
        outcome = { url, alias, error: described.message };
      }
      if (retryAfter !== undefined) void reply.header('retry-after', retryAfter);
      // The answer holds the new link's manage token: never stored by a cache.
      return sendPage(reply, status, await deps.pages.renderHomeForm(outcome, request.headers['accept-encoding']), 'no-store');
    });
  });
}
