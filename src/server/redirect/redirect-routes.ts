// The hot path: GET /:alias. Guard clauses decide; each outcome is built in one place.
// Humans get a 302 at once (the click is buffered, never awaited); link-preview crawlers
// get the preview page; unknown aliases get the 404 page.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { redirectTexts } from '../../shared/messages.js';
import type { MetadataService } from '../metadata/metadata-service.js';
import type { SecurityHeaders } from '../web/security-headers.js';
import { renderStatusPage } from '../web/status-page.js';
import type { ClickRecorder } from './click-recorder.js';
import type { AliasResolver } from './alias-resolver.js';
import { PREVIEW_STYLE, renderPreviewPage } from './preview-page.js';

export interface RedirectRouteDeps {
  resolver: AliasResolver;
  clicks: ClickRecorder;
  isCrawler: (userAgent: string | undefined) => boolean;
  siteName: string;
  publicUrl: string;
  /** The 404 page and its headers (the app's error view when the app is served). */
  renderNotFound: () => { html: string; headers: Readonly<Record<string, string>> };
  metadata: Pick<MetadataService, 'isStale' | 'refreshInBackground'>;
  isBlockedHost: (hostname: string) => boolean;
  /** Called when the store could not be asked (the visitor gets a 503 page). */
  onStoreError: (error: unknown) => void;
  headers: SecurityHeaders;
  countOutcome: (outcome: 'redirect' | 'preview' | 'not_found' | 'blocked' | 'unavailable') => void;
}

const NO_STORE = 'private, no-store';

export function registerRedirectRoutes(app: FastifyInstance, deps: RedirectRouteDeps): void {
  const sendPage = (reply: FastifyReply, status: number, headers: Readonly<Record<string, string>>, html: string) =>
    reply.code(status).headers(headers).header('cache-control', NO_STORE).type('text/html; charset=utf-8').send(html);
  const page = (heading: string, message: string) =>
    renderStatusPage({ siteName: deps.siteName, heading, message, homeLabel: redirectTexts.backHome });
  const blockedPage = page(redirectTexts.blockedTitle, redirectTexts.blockedText);
  const unavailablePage = page(redirectTexts.unavailableTitle, redirectTexts.unavailableText);
  const previewHeaders = deps.headers.preview(PREVIEW_STYLE);

  app.get<{ Params: { alias: string } }>('/:alias', async (request, reply) => {
    const alias = request.params.alias;
    let target;
    try {
      target = await deps.resolver.resolve(alias);
    } catch (error) {
      // Store unreachable and the alias not cached: say so, and let the visitor retry.
      deps.onStoreError(error);
      deps.countOutcome('unavailable');
      return sendPage(reply.header('retry-after', '5'), 503, deps.headers.plain, unavailablePage);
    }
    if (target === undefined) {
      deps.countOutcome('not_found');
      const notFound = deps.renderNotFound();
      return sendPage(reply, 404, notFound.headers, notFound.html);
    }
    if (target.disabledAt !== null || deps.isBlockedHost(target.host)) {
      deps.countOutcome('blocked');
      return sendPage(reply, 410, deps.headers.plain, blockedPage);
    }

    if (deps.isCrawler(request.headers['user-agent'])) {
      const canonicalAlias = alias.toLowerCase();
      // This crawler gets what is stored now; a refresh (never awaited) serves the next one.
      if (deps.metadata.isStale(target)) deps.metadata.refreshInBackground({ alias: canonicalAlias, url: target.url });
      const preview = renderPreviewPage({
        siteName: deps.siteName,
        shortUrl: `${deps.publicUrl}/${canonicalAlias}`,
        targetUrl: target.url,
        title: target.title,
        description: target.description,
        image: target.image,
        defaultImage: `${deps.publicUrl}/og-image.png`,
      });
      deps.countOutcome('preview');
      return sendPage(reply, 200, previewHeaders, preview);
    }

    // HEAD is what link checkers send; only a real visit counts as a click.
    if (request.method === 'GET') deps.clicks.record(target.id);
    deps.countOutcome('redirect');
    return reply.code(302).header('location', target.url).header('cache-control', NO_STORE).send();
  });
}
