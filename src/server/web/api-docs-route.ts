// GET /api/docs (and GET /api, sent there): the API's documentation for people, a page of the app rendered on the server
// from the OpenAPI document (the one /api/openapi.json serves), so it cannot drift from the
// routes. In the pages' scope: the site's layout and Content-Security-Policy, no API limits.
// Not in the document itself: it has no tag (openapi.ts keeps tagged routes only) and is hidden.
import type { FastifyInstance } from 'fastify';
import { type ApiDocsLimits, type ApiDocsModel, buildApiDocs } from '../../shared/api-docs.js';
import { API_DOCS_PATH, API_PREFIX } from '../../shared/routes.js';
import { SECURITY, TAGS } from '../api/api-schemas.js';
import { type Pages, sendPage } from './pages.js';

export function registerApiDocsRoute(scope: FastifyInstance, pages: Pages, limits: ApiDocsLimits): void {
  // Built on first use: every route is registered by then, and the document never changes after.
  let docs: ApiDocsModel | undefined;
  scope.get(API_DOCS_PATH, { schema: { hide: true } }, async (request, reply) => {
    docs ??= buildApiDocs(withoutTag(scope.swagger(), TAGS.admin), { schemes: SECURITY, limits });
    return sendPage(reply, 200, await pages.renderApiDocs(docs, request.headers['accept-encoding']), 'no-cache');
  });
  // The API's root (and '/api/'): whoever types it in a browser gets the documentation, not the
  // 404 page of a reserved alias. A static route: '/:alias' is looked up as before.
  scope.get(API_PREFIX, { schema: { hide: true } }, async (_request, reply) => reply.redirect(API_DOCS_PATH, 302));
}

/**
 * The document less the operations of one tag (and the tag itself): the console's API is for
 * the site's operators, described in /api/openapi.json but not on the public page.
 */
function withoutTag(document: unknown, tag: string): unknown {
  if (typeof document !== 'object' || document === null) return document;
  const { paths, tags, ...rest } = document as { paths?: Record<string, Record<string, { tags?: string[] }>>; tags?: { name?: string }[] };
  const keptPaths = Object.fromEntries(
    Object.entries(paths ?? {})
      .map(([path, operations]) => [path, Object.fromEntries(Object.entries(operations).filter(([, operation]) => !(operation.tags ?? []).includes(tag)))] as const)
      .filter(([, operations]) => Object.keys(operations).length > 0),
  );
  return { ...rest, paths: keptPaths, tags: (tags ?? []).filter((entry) => entry.name !== tag) };
}
