// One home per contract: src/shared/routes.ts lists the site's routes, and the real server,
// the app's route table and the reserved aliases must agree with it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReservedAlias } from '../../src/shared/alias-rules.js';
import { API_ROUTES } from '../../src/shared/api.js';
import { firstSegmentWord, PAGE_ROUTES, SERVER_PATHS } from '../../src/shared/routes.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

// The app's routes come from the web code itself. The specifier is a variable so the node
// typecheck (tsconfig.test.json: no JSX, no DOM) does not take in the app; vitest still
// compiles the .tsx at run time.
const APP_ROUTES_MODULE = '../../src/web/app/app-routes.tsx';
interface AppRoutesModule {
  APP_PAGE_ROUTES: readonly { path: string }[];
}

let server: TestServer;

beforeAll(async () => {
  if (!fs.existsSync(path.resolve('dist/web/index.html'))) throw new Error('dist/web is missing: run `npm run build:web` first');
  server = await startTestServer({ withWeb: true });
});
afterAll(async () => {
  await server?.close();
});

/**
 * The first path segment of every route the server registered, read from Fastify's route
 * tree: with commonPrefix off, each child of "/" is printed as its whole static path
 * ("api/links", "assets/index-x.js", "healthz", ":alias"), one level of indentation deep.
 */
function registeredFirstSegments(): Set<string> {
  const tree = server.app.server.printRoutes({ commonPrefix: false });
  const segments = new Set<string>();
  for (const line of tree.split('\n')) {
    const match = /^ {4}[├└]── (\S+) \(/.exec(line);
    if (match?.[1] !== undefined) segments.add(match[1].split('/')[0] ?? '');
  }
  return segments;
}

describe('routes agree with src/shared/routes.ts', () => {
  it.each(PAGE_ROUTES)('the server answers the page %s with the app (200 HTML)', async (route) => {
    const response = await fetch(`${server.url}${route}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    // The app shell with its injected configuration, rendered as a page (not the 404 view).
    expect(html).toContain('<script id="site-config"');
    expect(html).toMatch(/<script id="page-context" type="application\/json">\{"today":"\d{4}-\d{2}-\d{2}","status":200\}<\/script>/);
  });

  it("the app's route table is the shared page list", async () => {
    const app = (await import(/* @vite-ignore */ APP_ROUTES_MODULE)) as AppRoutesModule;
    expect(app.APP_PAGE_ROUTES.map((route) => route.path)).toEqual([...PAGE_ROUTES]);
  });

  it('every API route of src/shared/api.ts is registered', () => {
    for (const { method, url } of Object.values(API_ROUTES)) {
      expect(server.app.server.hasRoute({ method, url }), `${method} ${url}`).toBe(true);
    }
  });

  it('every first path segment the server uses is a reserved alias (GET /:alias shares the root)', () => {
    const segments = registeredFirstSegments();
    // The tree was read: a change of printRoutes' format must fail here, not pass vacuously.
    expect(segments).toContain('api');
    expect(segments).toContain('healthz');
    expect(segments).toContain(':alias');
    const unreserved = [...segments]
      // ":alias" is the aliases' own route ("/" itself is the tree's root, not a child).
      .filter((segment) => segment !== ':alias')
      .filter((segment) => !isReservedAlias(firstSegmentWord(segment)));
    expect(unreserved).toEqual([]);
  });

  it('every server path of the shared module is one the server really uses (the list holds no stale entry)', () => {
    const used = new Set([...registeredFirstSegments()].map(firstSegmentWord));
    const listed = Object.values(SERVER_PATHS).map(firstSegmentWord);
    expect(listed.filter((word) => !used.has(word))).toEqual([]);
  });
});
