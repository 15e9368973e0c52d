import {
  AtomDocument,
  type Locale,
  NEAR_LIMIT,
  NEAR_RADIUS_KM,
  NearFeedQuery,
  NearFiresQuery,
  NearFiresResponse,
  type NearOrigin,
  parseNear,
} from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { lastUpdated } from '../db/versions.ts';
import { currentSeason } from '../fires/store.ts';
import { sendCached } from '../http/cache.ts';
import { badRequest } from '../http/errors.ts';
import { requestLang } from '../http/lang.ts';
import { ErrorResponse, readVersion } from '../http/query.ts';
import { siteUrl } from '../http/site-url.ts';
import { currentAreas } from '../perimeters/store.ts';
import { placeById } from '../places/service.ts';
import { nearFeed } from './atom.ts';
import { boxAround, byDistance, withinRadius } from './service.ts';
import { activeFiresIn, seasonFiresIn } from './store.ts';

/** Entries of a feed: a busy area's season, newest change first. */
const FEED_ENTRIES = 50;

/** The place or point `near` names; 400 naming `near` when the place is not in the gazetteer. */
function originOf(near: string, lang: Locale): NearOrigin {
  const target = parseNear(near);
  if (target && 'place' in target) {
    const place = placeById(target.place, lang);
    if (!place) throw badRequest('near', 'query.unknown_place', { near });
    return { place, latitude: place.latitude, longitude: place.longitude };
  }
  if (!target) throw badRequest('near', 'field.format'); // the schema refuses it first
  return { place: null, ...target };
}

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
      const origin = originOf(q.near, lang);
      const radiusKm = q.radius_km ?? NEAR_RADIUS_KM.default;
      return sendCached(request, reply, app.responseCache, {
        version: await readVersion(app, request, ['fires', 'perimeters'], { lang: true }),
        vary: 'Accept-Language',
        schema: NearFiresResponse,
        compute: async () => {
          const season = currentSeason(app.config.now());
          const [fires, areas, validAs] = await Promise.all([
            activeFiresIn(app.db.kysely, season, boxAround(origin, radiusKm)),
            currentAreas(app.db.kysely),
            lastUpdated(app.db.kysely, 'fires'),
          ]);
          const near = withinRadius(fires, origin, radiusKm, areas, lang).sort(byDistance);
          return {
            origin,
            radius_km: radiusKm,
            total: near.length,
            items: near.slice(0, q.limit ?? NEAR_LIMIT.default).map(({ updated_at: _, ...fire }) => fire),
            valid_as: validAs,
          };
        },
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
      const origin = originOf(q.near, lang);
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
          const season = currentSeason(app.config.now());
          const [fires, areas] = await Promise.all([
            seasonFiresIn(app.db.kysely, season, boxAround(origin, radiusKm)),
            currentAreas(app.db.kysely),
          ]);
          // Already most recently changed first (the store's order).
          const entries = withinRadius(fires, origin, radiusKm, areas, lang).slice(0, FEED_ENTRIES);
          return nearFeed({ lang, origin, radiusKm, fires: entries, self, page });
        },
      });
    },
  );
}
