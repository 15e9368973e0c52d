import { AgencyList, AgencyListQuery } from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCached } from '../http/cache.ts';
import { requestLang } from '../http/lang.ts';
import { agenciesVersion, agencyList } from './service.ts';

export async function agencyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v1/agency',
    {
      schema: {
        summary: 'The 13 agencies, or those that report a sitrep',
        tags: ['agencies'],
        querystring: AgencyListQuery,
        response: { 200: AgencyList },
      },
    },
    async (request, reply) => {
      const lang = requestLang(request);
      return sendCached(request, reply, app.responseCache, {
        version: `agencies:${await agenciesVersion(app.db.kysely)}|${lang}`,
        vary: 'Accept-Language',
        schema: AgencyList,
        compute: () => agencyList(app.db.kysely, { lang, hasSitrep: request.query.has_siterep === true }),
      });
    },
  );
}
