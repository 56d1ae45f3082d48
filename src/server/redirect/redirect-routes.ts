// The hot path: GET /:alias. Guard clauses decide; each outcome is built in one place.
// Humans get a 302 at once (the click is buffered, never awaited); link-preview crawlers
// get the preview page; unknown aliases get the 404 page.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { MetadataService } from '../metadata/metadata-service.js';
import type { ClickRecorder } from './click-recorder.js';
import type { AliasResolver } from './alias-resolver.js';
import { renderPreviewPage } from './preview-page.js';

export interface RedirectRouteDeps {
  resolver: AliasResolver;
  clicks: ClickRecorder;
  isCrawler: (userAgent: string | undefined) => boolean;
  siteName: string;
  publicUrl: string;
  notFoundPage: () => string;
  metadata: Pick<MetadataService, 'isStale' | 'refreshInBackground'>;
}

const NO_STORE = 'private, no-store';

export function registerRedirectRoutes(app: FastifyInstance, deps: RedirectRouteDeps): void {
  const sendNotFound = (reply: FastifyReply) =>
    reply.code(404).header('cache-control', NO_STORE).type('text/html; charset=utf-8').send(deps.notFoundPage());

  app.get<{ Params: { alias: string } }>('/:alias', async (request, reply) => {
    const alias = request.params.alias;
    const target = await deps.resolver.resolve(alias);
    if (target === undefined) return sendNotFound(reply);

    if (deps.isCrawler(request.headers['user-agent'])) {
      const canonicalAlias = alias.toLowerCase();
      // This crawler gets what is stored now; a refresh (never awaited) serves the next one.
      if (deps.metadata.isStale(target)) deps.metadata.refreshInBackground({ alias: canonicalAlias, url: target.url });
      const page = renderPreviewPage({
        siteName: deps.siteName,
        shortUrl: `${deps.publicUrl}/${canonicalAlias}`,
        targetUrl: target.url,
        title: target.title,
        description: target.description,
        image: target.image,
        defaultImage: `${deps.publicUrl}/og-image.png`,
      });
      return reply.code(200).header('cache-control', NO_STORE).type('text/html; charset=utf-8').send(page);
    }

    // HEAD is what link checkers send; only a real visit counts as a click.
    if (request.method === 'GET') deps.clicks.record(target.id);
    return reply.code(302).header('location', target.url).header('cache-control', NO_STORE).send();
  });
}
