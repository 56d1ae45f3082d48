// The built React app: its pages (the app shell with the site config) and its files.
import type { FastifyInstance } from 'fastify';
import { countRequests } from '../ops/metrics.js';
import type { Services } from '../services.js';
import { registerWebRoutes } from './web-routes.js';

export async function pagesPlugin(pages: FastifyInstance, services: Services): Promise<void> {
  countRequests(pages, services.metrics);
  await services.pages.start();
  await registerWebRoutes(pages, services.pages);
}
