// The operator's console: its pages (/admin…) and its JSON API (/api/admin/…), in one scope
// that carries the operator's session (@fastify/cookie + @fastify/session, sessions kept in the
// database) and the CSRF defence (@fastify/csrf-protection: a token tied to the session, plus a
// check that a state-changing request comes from a page of this site). Nothing outside this
// scope reads the session cookie: the redirect and the public API never pay for it.
import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifySession from '@fastify/session';
import type { FastifyInstance } from 'fastify';
import { countRequests } from '../ops/metrics.js';
import type { Services } from '../services.js';
import { sendHeaders } from '../web/security-headers.js';
import { registerAdminApiRoutes } from './admin-api-routes.js';
import { registerAdminPageRoutes } from './admin-page-routes.js';
import { CSRF_HEADER } from '../../shared/admin-api.js';
import { adminCookieName } from './session-cookie.js';
import { sessionCookieSecret } from './session-secret.js';
import { createSessionStore } from './session-store.js';
import { randomBytes } from 'node:crypto';

export async function adminPlugin(scope: FastifyInstance, services: Services): Promise<void> {
  const { config, store, clock } = services;
  countRequests(scope, services.metrics);

  let secret: string;
  try {
    secret = await sessionCookieSecret(store.db, config.admin.sessionSecret);
  } catch (error) {
    // The store is down at start: the site still starts; console sessions hold on this
    // instance only, until it restarts with the store back.
    scope.log.warn({ err: error }, 'could not read the console session secret; sessions hold on this instance only');
    secret = randomBytes(32).toString('base64url');
  }
  await scope.register(fastifyCookie);
  await scope.register(fastifySession, {
    secret,
    cookieName: adminCookieName(config.admin.secureCookie),
    cookie: { path: '/', httpOnly: true, sameSite: 'strict', secure: config.admin.secureCookie, maxAge: config.admin.sessionMs },
    store: createSessionStore(store.db, clock, config.admin.sessionMs),
    // Only a sign-in makes a session, and it ends a fixed time after it (session-store.ts).
    saveUninitialized: false,
    rolling: false,
  });
  await scope.register(fastifyCsrf, {
    sessionPlugin: '@fastify/session',
    getToken: (request) => {
      const value = request.headers[CSRF_HEADER];
      return typeof value === 'string' ? value : undefined;
    },
  });

  await scope.register(async (pages) => {
    registerAdminPageRoutes(pages, services);
  });
  await scope.register(async (api) => {
    sendHeaders(api, services.pages.headers.api);
    await registerAdminApiRoutes(api, services);
  });
}
