import { Health } from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthOf } from './service.ts';

export async function healthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v1/health',
    {
      schema: {
        summary: 'Database engine and reachability, content system reachability',
        tags: ['health'],
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      const health = await healthOf(app.db, app.config.cmsUrl);
      reply.header('cache-control', 'no-store');
      // As every 503 of the API: when to try again (the database usually comes back in seconds).
      if (!health.database.reachable) reply.header('retry-after', '5');
      return reply.code(health.database.reachable ? 200 : 503).send(health);
    },
  );
}
