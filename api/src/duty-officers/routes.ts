import { DutyOfficerList } from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireNational } from '../plugins/identity.ts';
import { dutyOfficerSuggestions } from './service.ts';

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
        response: { 200: DutyOfficerList },
      },
    },
    async (request, reply) => {
      requireNational(request);
      reply.header('cache-control', 'private, no-store');
      return { items: await dutyOfficerSuggestions(app.db.kysely) };
    },
  );
}
