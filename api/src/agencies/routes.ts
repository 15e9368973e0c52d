import { AgencyList, AgencyListQuery } from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataVersion } from '../db/versions.ts';
import { sendCached } from '../http/cache.ts';
import { requestLang } from '../http/lang.ts';
import { listAgencies } from './store.ts';

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
        version: `agencies:${await dataVersion(app.db.kysely, 'agencies')}|${lang}`,
        vary: 'Accept-Language',
        schema: AgencyList,
        compute: async () => {
          const rows = await listAgencies(app.db.kysely, { hasSitrep: request.query.has_siterep === true });
          return {
            items: rows.map((a) => ({
              field_code: a.code,
              field_name: lang === 'fr' ? a.name_fr : a.name_en,
              field_name_en: a.name_en,
              field_name_fr: a.name_fr,
              field_website: a.website,
              field_website_priority_wildfires: a.website_priority_wildfires,
              field_has_sitrep: Boolean(a.has_sitrep),
              field_time_zone: a.time_zone,
            })),
          };
        },
      });
    },
  );
}
