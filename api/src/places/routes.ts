import { PlacesQuery, PlacesResponse } from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCached } from '../http/cache.ts';
import { requestLang } from '../http/lang.ts';
import { ErrorResponse } from '../http/query.ts';
import { GAZETTEER_ATTRIBUTION, searchPlaces } from './service.ts';

/** GET /v1/places: the community search of "Fires near me". */
export async function placeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v1/places',
    {
      schema: {
        summary:
          'Canadian communities (GeoNames, 1,000 people or more) whose name or a word of it starts with `q`, accents and case aside; most people first',
        tags: ['fires'],
        querystring: PlacesQuery,
        response: { 200: PlacesResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const lang = requestLang(request);
      return sendCached(request, reply, app.responseCache, {
        // The gazetteer ships with the release: the answer changes only with the language.
        version: `gazetteer|${lang}`,
        vary: 'Accept-Language',
        schema: PlacesResponse,
        compute: async () => ({
          items: searchPlaces(request.query.q, lang, request.query.limit),
          attribution: GAZETTEER_ATTRIBUTION,
        }),
      });
    },
  );
}
