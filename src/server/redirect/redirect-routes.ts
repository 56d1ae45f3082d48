// The hot path: GET /:alias. Guard clauses decide; each outcome is built in one place.
// Humans get a 302 at once (the click is buffered, never awaited); link-preview crawlers
// get the preview page; unknown aliases get the 404 page.
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isValidAliasFormat, normalizeAlias } from '../../shared/alias-rules.js';
import { passwordFormSchema, redirectSchema } from '../api/api-schemas.js';
import { LINK_REFERRER_FIELD, LINK_REFERRER_MAX_LENGTH, type LinkGateView } from '../../shared/link-gate.js';
import { linkOptionTexts, redirectTexts } from '../../shared/messages.js';
import type { SourceDetector } from '../insights/click-source.js';
import type { UserAgentProfile } from '../insights/user-agent-profile.js';
import type { LinkOptionsRow } from '../links/link-repository.js';
import { fetchesPreview, type MetadataService } from '../metadata/metadata-service.js';
import type { RedirectOutcome } from '../ops/metrics.js';
import { type PageResponse, type Pages, sendPage } from '../web/pages.js';
import type { HeaderSet, SecurityHeaders } from '../web/security-headers.js';
import { renderStatusPage } from '../web/status-page.js';
import { type AliasResolver, NO_METADATA, type ResolvedLink, UNKNOWN_ALIAS, type UnknownAlias } from './alias-resolver.js';
import type { ClickRecorder } from './click-recorder.js';
import { withForwardedQuery } from './forward-query.js';
import { isExpired, targetFor } from './link-options-gate.js';
import { PREVIEW_STYLE, renderPreviewPage } from './preview-page.js';
import { isSpeculativeLoad, SPECULATIVE_RETRY_AFTER_SECONDS } from './speculative-load.js';
import { anyTargetBlocked } from '../abuse/blocklist.js';
import { PasswordChecksBusy } from '../password-hash.js';

export interface RedirectRouteDeps {
  resolver: AliasResolver;
  clicks: Pick<ClickRecorder, 'record'>;
  isCrawler: (userAgent: string | undefined) => boolean;
  /** With click insights on: a click's profile (memoised per user agent) and source, decided here and passed to the recorder. */
  insights?: { profileOf: (userAgent: string | undefined) => UserAgentProfile; sourceOf: SourceDetector };
  siteName: string;
  publicUrl: string;
  /** The 404 page and its headers (the app's error view when the app is served). */
  renderNotFound: Pages['renderNotFound'];
  metadata: Pick<MetadataService, 'isStale' | 'refreshInBackground'>;
  isBlockedUrl: (url: string) => boolean;
  /** Called when the store could not be asked (the visitor gets a 503 page). */
  onStoreError: (error: unknown) => void;
  headers: SecurityHeaders;
  /** One counter per outcome, read by name (a lookup by a variable key showed in the profile). */
  outcomes: Record<RedirectOutcome, { inc(): void }>;
  /** What links with options need (link-options-gate.ts); plain links never reach it. */
  options: LinkOptionsDeps;
}

export interface LinkOptionsDeps {
  now: () => number;
  /** Takes one visit of a limited link, atomically in the store; false when none is left. */
  takeVisit(id: number): Promise<boolean>;
  /** Visits left (null: unlimited), without taking one: for crawlers, HEAD, and the password page. */
  visitsLeft(id: number): Promise<number | null>;
  verifyPassword(password: string, hash: string): Promise<boolean>;
  /** Sets up, in the password form's scope, the check that counts an attempt by this client at this link's password (false past the limit). */
  passwordAttempts(scope: FastifyInstance): Promise<(request: FastifyRequest) => Promise<boolean>>;
  /** The page a link's options answer with (the site's layout, readable without JavaScript). */
  renderGate(view: LinkGateView, acceptEncoding: string | undefined): PageResponse;
}

/** A form with one short field: anything bigger is not the password form. */
const PASSWORD_FORM_LIMIT = 2048;

const NO_STORE = 'private, no-store';

export function registerRedirectRoutes(app: FastifyInstance, deps: RedirectRouteDeps): void {
  /** The status and preview pages, built here (the app's pages go through pages.ts's sendPage). */
  const sendStatusPage = (reply: FastifyReply, status: number, headers: HeaderSet, html: string) =>
    reply.code(status).headers(headers).header('cache-control', NO_STORE).type('text/html; charset=utf-8').send(html);
  const page = (heading: string, message: string) =>
    renderStatusPage({ siteName: deps.siteName, heading, message, homeLabel: redirectTexts.backHome });
  const blockedPage = page(redirectTexts.blockedTitle, redirectTexts.blockedText);
  const unavailablePage = page(redirectTexts.unavailableTitle, redirectTexts.unavailableText);
  const previewHeaders = deps.headers.preview(PREVIEW_STYLE);

  const notFound = (reply: FastifyReply) => {
    deps.outcomes.not_found.inc();
    return sendPage(reply, 404, deps.renderNotFound(reply.request.headers['accept-encoding']), NO_STORE);
  };
  /** 503, to be tried again in a few seconds. */
  const retrySoon = (reply: FastifyReply) => {
    deps.outcomes.unavailable.inc();
    return sendStatusPage(reply.header('retry-after', '5'), 503, deps.headers.plain, unavailablePage);
  };
  const unavailable = (reply: FastifyReply, error: unknown) => {
    // Store unreachable and the alias not cached: say so, and let the visitor retry.
    deps.onStoreError(error);
    return retrySoon(reply);
  };

  // Not an async function: a cached alias (nearly every request) is answered without creating
  // a promise, and so is a cache miss the store answers at once (SQLite); only PostgreSQL reads
  // and crawlers' metadata are waited for.
  app.get<{ Params: { alias: string } }>('/:alias', { schema: redirectSchema }, (request, reply) => {
    // The one place the alias is normalised; a malformed one never reaches the cache or the store.
    const alias = normalizeAlias(request.params.alias);
    if (!isValidAliasFormat(alias)) return notFound(reply);
    const crawler = deps.isCrawler(request.headers['user-agent']);
    const cached = deps.resolver.resolveCached(alias);
    if (cached !== undefined) return answer(request, reply, alias, cached, crawler);
    let stored: ResolvedLink | UnknownAlias | Promise<ResolvedLink | UnknownAlias>;
    try {
      stored = deps.resolver.resolveFromStore(alias, crawler);
    } catch (error) {
      return unavailable(reply, error);
    }
    if (!(stored instanceof Promise)) return answer(request, reply, alias, stored, crawler);
    return stored.then(
      (target) => answer(request, reply, alias, target, crawler),
      (error: unknown) => unavailable(reply, error),
    );
  });

  function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    alias: string,
    target: ResolvedLink | UnknownAlias,
    crawler: boolean,
  ): FastifyReply | Promise<FastifyReply> {
    if (target === UNKNOWN_ALIAS) return notFound(reply);
    if (target.disabled || deps.isBlockedUrl(target.url)) return blocked(reply);
    // A browser fetching ahead is not a visit: no click, no visit of a limited link (speculative-load.ts).
    if (!crawler && isSpeculativeLoad(request.headers)) return declineSpeculativeLoad(reply);
    // One flag read for a plain link; only a link with options goes on to read them.
    if (target.hasOptions) return gated(request, reply, alias, target, crawler);
    if (crawler) return preview(reply, alias, target);
    return redirectTo(request, reply, target, target.url);
  }

  /**
   * A human visit: counted (GET only), then the 302. `referer`: where the visitor came from, for
   * the click's source, when not the request's own (the password form passes the one its page
   * saw). Not a default parameter: that read the header on every redirect, insights on or off.
   */
  function redirectTo(request: FastifyRequest, reply: FastifyReply, target: ResolvedLink, url: string, referer?: string): FastifyReply {
    // HEAD is what link checkers send; only a real visit counts as a click.
    if (request.method !== 'HEAD') {
      const insights = deps.insights;
      if (insights === undefined) deps.clicks.record(target.id);
      else {
        const headers = request.headers;
        const profile = insights.profileOf(headers['user-agent']);
        deps.clicks.record(target.id, profile, insights.sourceOf(request.url, referer ?? headers.referer, profile), request.ip);
      }
    }
    deps.outcomes.redirect.inc();
    // The short link's own query goes on to the target (forward-query.ts); most requests have none.
    const location = request.url.indexOf('?') === -1 ? url : withForwardedQuery(url, request.url);
    return reply.code(302).header('location', location).header('cache-control', NO_STORE).send();
  }

  const declineSpeculativeLoad = (reply: FastifyReply) => {
    deps.outcomes.speculative_declined.inc();
    return reply.code(503).headers(deps.headers.plain).header('retry-after', String(SPECULATIVE_RETRY_AFTER_SECONDS)).header('cache-control', NO_STORE).send();
  };

  const blocked = (reply: FastifyReply) => {
    deps.outcomes.blocked.inc();
    return sendStatusPage(reply, 410, deps.headers.plain, blockedPage);
  };
  /** A blocked domain in the iPhone or Android target blocks the link, as in its main URL (checked before this, on every link). */
  const hasBlockedAppTarget = (options: LinkOptionsRow) => anyTargetBlocked(deps.isBlockedUrl, [options.iosUrl, options.androidUrl]);

  const sendGate = (reply: FastifyReply, status: number, view: LinkGateView) =>
    sendPage(reply, status, deps.options.renderGate(view, reply.request.headers['accept-encoding']), NO_STORE);
  const expired = (reply: FastifyReply) => {
    deps.outcomes.expired.inc();
    return sendGate(reply, 410, 'expired');
  };

  /** A link with options, visited with GET or HEAD. */
  async function gated(request: FastifyRequest, reply: FastifyReply, alias: string, target: ResolvedLink, crawler: boolean): Promise<FastifyReply> {
    let options;
    let left: number | null = null;
    try {
      options = await deps.resolver.optionsOf(alias, target.id);
      if (options === undefined) return notFound(reply);
      if (hasBlockedAppTarget(options)) return blocked(reply);
      if (isExpired(options, deps.options.now())) return expired(reply);
      // Looking, not visiting: whoever is not sent on now takes no visit.
      if (options.maxClicks !== null && (crawler || request.method === 'HEAD' || options.passwordHash !== null)) left = await deps.options.visitsLeft(target.id);
    } catch (error) {
      return unavailable(reply, error);
    }
    if (left !== null && left <= 0) return expired(reply);
    if (options.passwordHash !== null) {
      if (crawler) return protectedPreview(reply, alias);
      deps.outcomes.password_asked.inc();
      return sendGate(reply, 200, 'password');
    }
    // Not protected (that link returned above); a click-limited target is not fetched (the one rule, at creation too).
    if (crawler) return preview(reply, alias, target, fetchesPreview({ protected: false, maxClicks: options.maxClicks }));
    return visit(request, reply, target, options.maxClicks !== null, targetFor(options, target.url, request.headers['user-agent']));
  }

  /** Sends the visitor on, taking one of a limited link's visits first (HEAD takes none). */
  async function visit(request: FastifyRequest, reply: FastifyReply, target: ResolvedLink, limited: boolean, url: string, referer?: string): Promise<FastifyReply> {
    if (limited && request.method !== 'HEAD') {
      let taken: boolean;
      try {
        taken = await deps.options.takeVisit(target.id);
      } catch (error) {
        return unavailable(reply, error);
      }
      if (!taken) return expired(reply);
    }
    return redirectTo(request, reply, target, url, referer);
  }

  // POST /:alias: the password form (form-encoded `password`), in a scope of its own so the
  // form parser reaches nothing else.
  void app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: PASSWORD_FORM_LIMIT });
    const admitAttempt = await deps.options.passwordAttempts(scope);
    scope.post<{ Params: { alias: string } }>('/:alias', { schema: passwordFormSchema, bodyLimit: PASSWORD_FORM_LIMIT }, async (request, reply) => {
      const alias = normalizeAlias(request.params.alias);
      if (!isValidAliasFormat(alias)) return notFound(reply);
      let target: ResolvedLink | UnknownAlias;
      let options;
      try {
        target = deps.resolver.resolveCached(alias) ?? (await deps.resolver.resolveFromStore(alias));
        if (target === UNKNOWN_ALIAS) return notFound(reply);
        if (target.disabled || deps.isBlockedUrl(target.url)) return blocked(reply);
        options = target.hasOptions ? await deps.resolver.optionsOf(alias, target.id) : undefined;
      } catch (error) {
        return unavailable(reply, error);
      }
      if (options !== undefined && hasBlockedAppTarget(options)) return blocked(reply);
      // Nothing to unlock: the link itself, with GET.
      if (options?.passwordHash === undefined || options.passwordHash === null) return reply.code(303).header('location', `/${alias}`).header('cache-control', NO_STORE).send();
      if (isExpired(options, deps.options.now())) return expired(reply);
      // No visits left: 410 before any attempt is counted or checked, so that 401 against 410
      // cannot tell a guesser that the password was right.
      if (options.maxClicks !== null) {
        let left: number | null;
        try {
          left = await deps.options.visitsLeft(target.id);
        } catch (error) {
          return unavailable(reply, error);
        }
        if (left !== null && left <= 0) return expired(reply);
      }
      // Every attempt counts, right or wrong, before the (slow) check.
      let admitted: boolean;
      try {
        admitted = await admitAttempt(request);
      } catch (error) {
        return unavailable(reply, error);
      }
      if (!admitted) {
        deps.outcomes.password_limited.inc();
        return sendGate(reply.header('retry-after', '60'), 429, 'password-limited');
      }
      const body = request.body as Record<string, unknown> | undefined;
      const password = typeof body?.password === 'string' ? body.password : '';
      let matches: boolean;
      try {
        matches = password !== '' && (await deps.options.verifyPassword(password, options.passwordHash));
      } catch (error) {
        if (!(error instanceof PasswordChecksBusy)) throw error;
        // Too many checks waiting (a flood of guesses): try again in a few seconds.
        return retrySoon(reply);
      }
      if (!matches) {
        deps.outcomes.password_wrong.inc();
        return sendGate(reply, 401, 'password-wrong');
      }
      // The page's referrer, which its script put in the form: this POST's own is the short link.
      const formReferrer = body?.[LINK_REFERRER_FIELD];
      const referer = typeof formReferrer === 'string' && formReferrer !== '' && formReferrer.length <= LINK_REFERRER_MAX_LENGTH ? formReferrer : undefined;
      return visit(request, reply, target, options.maxClicks !== null, targetFor(options, target.url, request.headers['user-agent']), referer);
    });
  });

  /** A protected link's preview: the site's name and 'Link protegido por senha', nothing of the target. */
  function protectedPreview(reply: FastifyReply, alias: string): FastifyReply {
    const shortUrl = `${deps.publicUrl}/${alias}`;
    const html = renderPreviewPage({
      siteName: deps.siteName,
      shortUrl,
      targetUrl: shortUrl,
      title: deps.siteName,
      description: linkOptionTexts.protectedPreview,
      image: null,
      defaultImage: `${deps.publicUrl}/og-image.png`,
    });
    deps.outcomes.preview.inc();
    return sendStatusPage(reply, 200, previewHeaders, html);
  }

  async function preview(reply: FastifyReply, alias: string, target: ResolvedLink, fetchable = true): Promise<FastifyReply> {
    let stored;
    try {
      stored = await deps.resolver.metadataOf(alias);
    } catch (error) {
      // The store went away after the link was cached: a preview from the URL alone.
      deps.onStoreError(error);
      stored = NO_METADATA;
    }
    // This crawler gets what is stored now; a refresh (never awaited) serves the next one.
    if (fetchable && deps.metadata.isStale(stored)) deps.metadata.refreshInBackground({ alias, url: target.url });
    const html = renderPreviewPage({
      siteName: deps.siteName,
      shortUrl: `${deps.publicUrl}/${alias}`,
      targetUrl: target.url,
      title: stored.title,
      description: stored.description,
      image: stored.image,
      defaultImage: `${deps.publicUrl}/og-image.png`,
    });
    deps.outcomes.preview.inc();
    return sendStatusPage(reply, 200, previewHeaders, html);
  }
}
