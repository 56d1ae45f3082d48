// POST /: the home form sent by a browser without JavaScript (form-encoded url, alias and the
// 'Mais opções' fields: expiresAt as a datetime-local value in Brasília time, maxClicks,
// password, iosUrl, androidUrl; empty ones are absent). It creates the link exactly as
// POST /api/links does, under the same limits (the same counters: the form is no way around
// them), and answers with the home page holding the new short link or the refusal, rendered on
// the server.
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { HomeFormOptions, HomeFormOutcome } from '../../shared/app-shell.js';
import { linkOptionErrorMessages } from '../../shared/form-messages.js';
import { postedFormMessages } from '../../shared/messages.js';
import { LINK_OPTION_FIELDS, type LinkOptionFormValues, readLinkOptionForm } from '../../shared/link-option-form.js';
import { PAGE_PATHS } from '../../shared/routes.js';
import type { LinkService } from '../links/link-service.js';
import { type Pages, sendPage } from './pages.js';
import { FORM_BODY_LIMIT, foreignFormGuard, formField as field, formRefusal, rawFormField as rawField, refusedBody } from './posted-form.js';

export interface HomeFormDeps {
  /** The site's public origin (PUBLIC_URL): a form posted from another site's page is refused. */
  publicUrl: string;
  links: LinkService;
  pages: Pages;
  limits: { perClient: onRequestAsyncHookHandler[]; admit: (request: FastifyRequest) => Promise<void> };
}

/** The options as posted (the password as typed, spaces included). */
function optionFields(body: unknown): LinkOptionFormValues {
  const values = Object.fromEntries(LINK_OPTION_FIELDS.map((name) => [name, field(body, name)])) as LinkOptionFormValues;
  return { ...values, password: rawField(body, 'password') };
}

/** What the page shows back in the fields: the options typed, never the password; none when all are empty. */
function typedOptions(values: LinkOptionFormValues): HomeFormOptions | undefined {
  const { expiresAt, maxClicks, iosUrl, androidUrl } = values;
  return expiresAt === '' && maxClicks === '' && iosUrl === '' && androidUrl === '' ? undefined : { expiresAt, maxClicks, iosUrl, androidUrl };
}

/** Registers the form's body parser and route in a scope of their own: the JSON API keeps refusing form bodies. */
export async function registerHomeFormRoute(app: FastifyInstance, deps: HomeFormDeps): Promise<void> {
  const refuseForeignForm = foreignFormGuard(deps.publicUrl);
  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: FORM_BODY_LIMIT });
    // What the body parser refuses (too big, not form-encoded) is answered with the home page
    // too, not with the API's JSON: nothing of the body was read, so the fields come back empty.
    scope.setErrorHandler(async (error, request, reply) => {
      const refusal = refusedBody(error, request, 'home form', postedFormMessages.homeTooLarge);
      if (refusal.retryAfter !== undefined) void reply.header('retry-after', refusal.retryAfter);
      const outcome: HomeFormOutcome = { url: '', alias: '', error: refusal.message, errorCode: refusal.code };
      return sendPage(reply, refusal.status, await deps.pages.renderHomeForm(outcome, request.headers['accept-encoding']), 'no-store');
    });
    scope.post(PAGE_PATHS.home, { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const url = field(request.body, 'url');
      const alias = field(request.body, 'alias');
      const options = optionFields(request.body);
      const typed = typedOptions(options);
      const echoed = { url, alias, ...(typed === undefined ? {} : { options: typed }) };
      let outcome: HomeFormOutcome;
      let status = 201;
      let retryAfter: string | undefined;
      try {
        refuseForeignForm(request);
        // A page's form is anonymous: an API key sent along (no browser's form does) neither lifts
        // the per-address limits, which skip keyed requests, nor makes the link the key's.
        request.apiKey = null;
        for (const limit of deps.limits.perClient) await limit.call(scope, request, reply);
        // The options are read as the form with JavaScript reads them; the service checks them.
        const input = { url, ...(alias === '' ? {} : { alias }), ...readLinkOptionForm(options) };
        const created = await deps.links.createLink(input, { admit: () => deps.limits.admit(request) });
        outcome = { ...echoed, created };
      } catch (error) {
        const refusal = formRefusal(error, request, 'home form');
        status = refusal.status;
        retryAfter = refusal.retryAfter;
        // The API tells a malformed expiry its ISO 8601 form; a person typing in the form (a
        // browser without a date picker) gets the field's own rule instead.
        const message = refusal.code === 'invalid_expires_at' ? linkOptionErrorMessages.invalid_expires_at : refusal.message;
        outcome = { ...echoed, error: message, errorCode: refusal.code };
      }
      if (retryAfter !== undefined) void reply.header('retry-after', retryAfter);
      // The answer holds the new link's manage token: never stored by a cache.
      return sendPage(reply, status, await deps.pages.renderHomeForm(outcome, request.headers['accept-encoding']), 'no-store');
    });
  });
}
