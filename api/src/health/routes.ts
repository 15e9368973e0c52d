import { Health } from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

async function timed(check: () => Promise<unknown>): Promise<{ reachable: boolean; latency_ms: number }> {
  const start = performance.now();
  try {
    await check();
    return { reachable: true, latency_ms: Math.round(performance.now() - start) };
  } catch {
    return { reachable: false, latency_ms: Math.round(performance.now() - start) };
  }
}

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
      const [database, contentSystem] = await Promise.all([
        timed(() => app.db.ping()),
        // Strapi answers 204 on /_health; any HTTP answer within the timeout counts as reachable.
        timed(() => fetch(`${app.config.cmsUrl}/_health`, { signal: AbortSignal.timeout(1_500) })),
      ]);
      const status = !database.reachable ? 'down' : contentSystem.reachable ? 'ok' : 'degraded';
      reply.header('cache-control', 'no-store');
      // As every 503 of the API: when to try again (the database usually comes back in seconds).
      if (!database.reachable) reply.header('retry-after', '5');
      return reply.code(database.reachable ? 200 : 503).send({
        status,
        database: { engine: app.db.engine, ...database },
        content_system: contentSystem,
      });
    },
  );
}
