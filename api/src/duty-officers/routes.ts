import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireNational } from '../plugins/identity.ts';
import { listDutyOfficers } from './store.ts';

export const DutyOfficerItem = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  last_on_duty: z.string().nullable().describe('Last report date (YYYY-MM-DD) that named this officer'),
});

/** GET /v1/duty-officers: suggestions for the national form's Current Duty Officer (CIFFC only). */
export async function dutyOfficerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v1/duty-officers',
    {
      schema: {
        summary: 'Duty officer suggestions for the national sitrep (national centre only)',
        tags: ['national-sitrep'],
        security: [{ bearer: [] }],
        response: { 200: z.object({ items: z.array(DutyOfficerItem) }) },
      },
    },
    async (request, reply) => {
      requireNational(request);
      reply.header('cache-control', 'private, no-store');
      return { items: await listDutyOfficers(app.db.kysely) };
    },
  );
}
