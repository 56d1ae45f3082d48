import type { FastifyInstance } from 'fastify';
import type { StatsService } from './stats-service.js';

export function registerStatsRoutes(app: FastifyInstance, stats: StatsService): void {
  app.get('/api/stats', async (_request, reply) => {
    return reply.header('cache-control', 'no-cache').send(await stats.getStats());
  });
}
