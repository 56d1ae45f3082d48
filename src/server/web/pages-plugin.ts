// The built React app: its pages (the app shell with the site config) and its files, and the
// API's documentation page (GET /api/docs), rendered by the app from the OpenAPI document.
import type { FastifyInstance } from 'fastify';
import { countRequests } from '../ops/metrics.js';
import type { Services } from '../services.js';
import { registerApiDocsRoute } from './api-docs-route.js';
import { registerWebRoutes } from './web-routes.js';

export async function pagesPlugin(pages: FastifyInstance, services: Services): Promise<void> {
  countRequests(pages, services.metrics);
  await services.pages.start();
  await registerWebRoutes(pages, services.pages);
  const { createPerMinute, createPerDay, apiKeyPerMinute } = services.config.rateLimits;
  registerApiDocsRoute(pages, services.pages, { anonymousPerMinute: createPerMinute, anonymousPerDay: createPerDay, keyPerMinute: apiKeyPerMinute });
}
