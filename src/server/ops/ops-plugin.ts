// Operators' and load balancers' routes: /healthz, /readyz, /metrics, with the API's headers.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import { sendHeaders } from '../web/security-headers.js';
import { countRequests } from './metrics.js';
import { registerOpsRoutes } from './ops-routes.js';

export async function opsPlugin(ops: FastifyInstance, services: Services): Promise<void> {
  sendHeaders(ops, services.pages.headers.api);
  countRequests(ops, services.metrics);
  registerOpsRoutes(ops, { store: services.store, metrics: services.metrics, metricsAccess: services.config.metrics, writes: services.writeHealth });
}
