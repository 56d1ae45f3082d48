// The hot path: GET /:alias. Guard clauses decide; each outcome is built in one place.
// Humans get a 302 at once (the click is buffered, never awaited); link-preview crawlers
// get the preview page; unknown aliases get the 404 page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isValidAliasFormat, normalizeAlias } from '../../shared/alias-rules.js';
import { redirectTexts } from '../../shared/messages.js';
import type { SourceDetector } from '../insights/click-source.js';
import type { UserAgentProfile } from '../insights/user-agent-profile.js';
import type { MetadataService } from '../metadata/metadata-service.js';
import type { RedirectOutcome } from '../ops/metrics.js';
import { type Pages, sendPage } from '../web/pages.js';
import type { HeaderSet, SecurityHeaders } from '../web/security-headers.js';
import { renderStatusPage } from '../web/status-page.js';
import { type AliasResolver, NO_METADATA, type ResolvedLink, UNKNOWN_ALIAS, type UnknownAlias } from './alias-resolver.js';
import type { ClickRecorder } from './click-recorder.js';
import { withForwardedQuery } from './forward-query.js';
import { PREVIEW_STYLE, renderPreviewPage } from './preview-page.js';

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
}

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
  const unavailable = (reply: FastifyReply, error: unknown) => {
    // Store unreachable and the alias not cached: say so, and let the visitor retry.
    deps.onStoreError(error);
    deps.outcomes.unavailable.inc();
    return sendStatusPage(reply.header('retry-after', '5'), 503, deps.headers.plain, unavailablePage);
  };

  // Not an async function: a cached alias (nearly every request) is answered without creating
  // a promise, and so is a cache miss the store answers at once (SQLite); only PostgreSQL reads
  // and crawlers' metadata are waited for.
  app.get<{ Params: { alias: string } }>('/:alias', (request, reply) => {
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
    if (target.disabled || deps.isBlockedUrl(target.url)) {
      deps.outcomes.blocked.inc();
      return sendStatusPage(reply, 410, deps.headers.plain, blockedPage);
    }
    if (crawler) return preview(reply, alias, target);

    // HEAD is what link checkers send; only a real visit counts as a click.
    if (request.method === 'GET') {
      const insights = deps.insights;
      if (insights === undefined) deps.clicks.record(target.id);
      else {
        const headers = request.headers;
        const profile = insights.profileOf(headers['user-agent']);
        deps.clicks.record(target.id, profile, insights.sourceOf(request.url, headers.referer, profile), request.ip);
      }
    }
    deps.outcomes.redirect.inc();
    // The short link's own query goes on to the target (forward-query.ts); most requests have none.
    const location = request.url.indexOf('?') === -1 ? target.url : withForwardedQuery(target.url, request.url);
    return reply.code(302).header('location', location).header('cache-control', NO_STORE).send();
  }

  async function preview(reply: FastifyReply, alias: string, target: ResolvedLink): Promise<FastifyReply> {
    let stored;
    try {
      stored = await deps.resolver.metadataOf(alias);
    } catch (error) {
      // The store went away after the link was cached: a preview from the URL alone.
      deps.onStoreError(error);
      stored = NO_METADATA;
    }
    // This crawler gets what is stored now; a refresh (never awaited) serves the next one.
    if (deps.metadata.isStale(stored)) deps.metadata.refreshInBackground({ alias, url: target.url });
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
