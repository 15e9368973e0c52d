import { agencyOf, isNational, Me } from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../plugins/identity.ts';

/** The signed-in user as the data API sees it (role and agency from the content system). */
export async function userRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v1/me',
    {
      schema: {
        summary: 'The identity behind the bearer token',
        tags: ['identity'],
        security: [{ bearer: [] }],
        response: { 200: Me },
      },
    },
    async (request, reply) => {
      const identity = requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return {
        id: identity.id,
        username: identity.username,
        role: identity.role,
        agency_code: identity.agency_code ?? null,
        is_national: isNational(identity),
        agency: agencyOf(identity) ?? null,
      };
    },
  );
}
