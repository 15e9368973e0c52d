import {
  AtomDocument,
  NEAR_LIMIT,
  NEAR_RADIUS_KM,
  NearFeedQuery,
  NearFiresQuery,
  NearFiresResponse,
} from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCached } from '../http/cache.ts';
import { requestLang } from '../http/lang.ts';
import { ErrorResponse, readVersion } from '../http/query.ts';
import { siteUrl } from '../http/site-url.ts';
import { nearFeed } from './atom.ts';
import { nearestFires, nearFeedFires, nearOrigin } from './service.ts';

/** Entries of a feed: a busy area's season, newest change first. */
const FEED_ENTRIES = 50;

/** "Fires near me": the active fires nearest a place, and the Atom feed of an area's fires. */
export async function nearMeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/fires/near',
    {
      schema: {
        summary:
          'The active fires nearest a place (`near`: a place id of /v1/places or latitude,longitude) within radius_km, nearest first, with distance, direction, stage, size, perimeter and the agency page',
        tags: ['fires'],
        querystring: NearFiresQuery,
        response: { 200: NearFiresResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const lang = requestLang(request);
      const origin = nearOrigin(q.near, lang);
      const radiusKm = q.radius_km ?? NEAR_RADIUS_KM.default;
      return sendCached(request, reply, app.responseCache, {
        version: await readVersion(app, request, ['fires', 'perimeters'], { lang: true }),
        vary: 'Accept-Language',
        schema: NearFiresResponse,
        compute: () =>
          nearestFires(
            app.db.kysely,
            { origin, radiusKm, lang },
            q.limit ?? NEAR_LIMIT.default,
            app.config.now(),
          ),
      });
    },
  );

  app.get(
    '/v1/fires/near.atom',
    {
      schema: {
        summary:
          'Atom feed of the fires of the season within radius_km of a place (new, changed, and out), most recently changed first',
        tags: ['fires'],
        querystring: NearFeedQuery,
        response: { 200: AtomDocument, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const lang = q.lang ?? 'en';
      const origin = nearOrigin(q.near, lang);
      const radiusKm = q.radius_km ?? NEAR_RADIUS_KM.default;
      const site = siteUrl(request);
      const params = new URLSearchParams({ near: q.near });
      if (q.radius_km !== undefined) params.set('radius_km', String(q.radius_km));
      const self = `${site}/v1/fires/near.atom?${params}${lang === 'fr' ? '&lang=fr' : ''}`;
      const page = `${site}/?near=${encodeURIComponent(q.near)}${lang === 'fr' ? '&lang=fr' : ''}`;
      return sendCached(request, reply, app.responseCache, {
        // The links' base is part of the answer, so of its key and ETag.
        version: `${await readVersion(app, request, ['fires', 'perimeters'])}|${site}`,
        contentType: 'application/atom+xml; charset=utf-8',
        compute: async () => {
          const fires = await nearFeedFires(
            app.db.kysely,
            { origin, radiusKm, lang },
            FEED_ENTRIES,
            app.config.now(),
          );
          return nearFeed({ lang, origin, radiusKm, fires, self, page });
        },
      });
    },
  );
}
