import {
  CRS84,
  licenceLinkHeader,
  WILDFIRES_DOWNLOAD_FILES,
  type WildfiresDownloadFormat,
  WildfiresDownloadQuery,
} from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCached } from '../http/cache.ts';
import { requestLang } from '../http/lang.ts';
import { ErrorResponse, readVersion } from '../http/query.ts';
import { wildfiresFile } from './service.ts';

/** Content-Crs for the formats with coordinates (OGC API – Features Part 2 names it so). */
const HAS_GEOMETRY: ReadonlySet<WildfiresDownloadFormat> = new Set(['geojson', 'kml', 'gpkg']);

/** GET /v1/wildfires/download: the national list's current view as a file (docs/open-data.md). */
export async function wildfiresDownloadRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v1/wildfires/download',
    {
      schema: {
        summary:
          "The national fires list's current view (the list's filters and order) as CSV with labels in the language asked, machine-readable CSV (codes), GeoJSON (CRS84), KML or GeoPackage (EPSG:4326); the licence in a Link header (rel=license) and in the file where the format has a place for it. No match gives a valid empty file.",
        tags: ['exports'],
        querystring: WildfiresDownloadQuery,
        response: { 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const lang = requestLang(request);
      const { file, mediaType } = WILDFIRES_DOWNLOAD_FILES[q.format];
      reply.header('content-disposition', `attachment; filename="${file}"`);
      reply.header('link', licenceLinkHeader(lang));
      if (HAS_GEOMETRY.has(q.format)) reply.header('content-crs', `<${CRS84}>`);
      return sendCached(request, reply, app.responseCache, {
        // The CSVs carry each fire's perimeter area: a new capture is a new answer.
        version: await readVersion(app, request, ['fires', 'perimeters'], { lang: true }),
        vary: 'Accept-Language',
        contentType: mediaType,
        compute: () => wildfiresFile(app.db.kysely, q, lang, app.config.now()),
      });
    },
  );
}
