import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataVersion } from '../db/versions.ts';
import { sendCached } from '../http/cache.ts';
import { requestLang } from '../http/lang.ts';
import { listAgencies } from './store.ts';

const booleanQuery = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const AgencyItem = z.object({
  field_code: z.string().describe('Lower-case agency code'),
  field_name: z.string().describe('Name in the language of the request'),
  field_name_en: z.string(),
  field_name_fr: z.string(),
  field_website: z.string(),
  field_website_priority_wildfires: z.string().nullable(),
  field_has_sitrep: z.boolean(),
  field_time_zone: z.string(),
});

export async function agencyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v1/agency',
    {
      schema: {
        summary: 'The 13 agencies, or those that report a sitrep',
        tags: ['agencies'],
        querystring: z.object({
          has_siterep: booleanQuery.optional().describe('true: only agencies that file a sitrep'),
          lang: z
            .enum(['en', 'fr'])
            .optional()
            .describe('Language of field_name; else Accept-Language, else en'),
        }),
        response: { 200: z.object({ items: z.array(AgencyItem) }) },
      },
    },
    async (request, reply) => {
      const lang = requestLang(request);
      return sendCached(request, reply, app.responseCache, {
        version: `agencies:${await dataVersion(app.db.kysely, 'agencies')}|${lang}`,
        vary: 'Accept-Language',
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
