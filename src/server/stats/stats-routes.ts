import type { FastifyInstance } from 'fastify';
import type { StatsResponse } from '../../shared/api.js';
import { statsSchema } from '../api/api-schemas.js';
import type { StatsService } from './stats-service.js';

export function registerStatsRoutes(app: FastifyInstance, stats: StatsService): void {
  app.get<{ Reply: StatsResponse }>('/api/stats', { schema: statsSchema }, async (_request, reply) => {
    return reply.header('cache-control', 'no-cache').send(await stats.getStats());
  });
}
