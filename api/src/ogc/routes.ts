import {
  OGC_DEFAULT_LIMIT,
  OgcCollection,
  OgcCollectionParams,
  OgcCollections,
  OgcConformance,
  OgcFeatureCollection,
  OgcFeatureParams,
  OgcFeatureWithLinks,
  OgcItemsQuery,
  OgcLanding,
} from '@ciffc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentSeason } from '../fires/store.ts';
import { sendCached } from '../http/cache.ts';
import { notFound } from '../http/errors.ts';
import { ErrorResponse, readVersion } from '../http/query.ts';
import { type FeaturePage, featureById, firesPage, parseBbox, parseDatetime } from './fires.ts';

/**
 * OGC API – Features, Part 1 Core with GeoJSON, for the fires (docs/fires-import.md, "A layer for
 * GIS tools"): QGIS, ArcGIS and GDAL open `/v1/ogc` as it is.
 */
const BASE = '/v1/ogc';
const JSON_TYPE = 'application/json';
const GEOJSON = 'application/geo+json';
const CONFORMANCE = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
];
const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
const COLLECTION_ID = 'fires';

/** The absolute base the client used, through the gateway (`x-forwarded-*`) or directly. */
function baseUrl(request: FastifyRequest): string {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim();
  const proto = first(request.headers['x-forwarded-proto']) || request.protocol;
  const host = first(request.headers['x-forwarded-host']) || request.host;
  return `${proto}://${host}${BASE}`;
}

function collection(base: string) {
  const self = `${base}/collections/${COLLECTION_ID}`;
  return {
    id: COLLECTION_ID,
    title: 'Wildland fires in Canada / Feux de végétation au Canada',
    description:
      'Fires reported by the Canadian fire management agencies through CIFFC, one point per fire, with ' +
      'the codes of the national fires list (stage of control OC, BH, UC, OUT; response FUL, MOD, MON; cause H, N, U).',
    itemType: 'feature' as const,
    crs: [CRS84],
    extent: {
      spatial: { bbox: [[-141.1, 41.6, -52.5, 83.2]], crs: CRS84 },
      temporal: { interval: [[null, null]] },
    },
    links: [
      { href: self, rel: 'self', type: JSON_TYPE, title: 'This collection' },
      { href: `${self}/items`, rel: 'items', type: GEOJSON, title: 'The fires' },
    ],
  };
}

function pageLinks(base: string, query: OgcItemsQuery, page: FeaturePage, limit: number) {
  const items = `${base}/collections/${COLLECTION_ID}/items`;
  const href = (offset: number) => {
    const params = new URLSearchParams();
    params.set('limit', String(limit));
    if (offset) params.set('offset', String(offset));
    if (query.bbox) params.set('bbox', query.bbox);
    if (query.datetime) params.set('datetime', query.datetime);
    return `${items}?${params}`;
  };
  const offset = query.offset ?? 0;
  const links = [{ href: href(offset), rel: 'self', type: GEOJSON, title: 'This page' }];
  if (offset + page.features.length < page.numberMatched)
    links.push({ href: href(offset + limit), rel: 'next', type: GEOJSON, title: 'Next page' });
  if (offset > 0)
    links.push({
      href: href(Math.max(0, offset - limit)),
      rel: 'prev',
      type: GEOJSON,
      title: 'Previous page',
    });
  links.push({
    href: `${base}/collections/${COLLECTION_ID}`,
    rel: 'collection',
    type: JSON_TYPE,
    title: 'The collection',
  });
  return links;
}

export async function ogcRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['ogc'];

  app.get(
    BASE,
    { schema: { summary: 'OGC API – Features landing page', tags, response: { 200: OgcLanding } } },
    async (request, reply) => {
      const base = baseUrl(request);
      reply.header('cache-control', 'public, max-age=300');
      return {
        title: 'CIFFC wildland fires – OGC API Features',
        description:
          'The fires of the national fires list as an OGC API – Features (Part 1 Core, GeoJSON) service.',
        links: [
          { href: base, rel: 'self', type: JSON_TYPE, title: 'This document' },
          {
            href: `${baseUrl(request).replace(/\/v1\/ogc$/, '')}/v1/openapi.json`,
            rel: 'service-desc',
            type: 'application/vnd.oai.openapi+json;version=3.0',
            title: 'The API definition',
          },
          { href: `${base}/conformance`, rel: 'conformance', type: JSON_TYPE, title: 'Conformance classes' },
          { href: `${base}/collections`, rel: 'data', type: JSON_TYPE, title: 'Collections' },
        ],
      };
    },
  );

  app.get(
    `${BASE}/conformance`,
    {
      schema: { summary: 'OGC API – Features conformance classes', tags, response: { 200: OgcConformance } },
    },
    async (_r, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { conformsTo: CONFORMANCE };
    },
  );

  app.get(
    `${BASE}/collections`,
    { schema: { summary: 'OGC API – Features collections', tags, response: { 200: OgcCollections } } },
    async (request) => {
      const base = baseUrl(request);
      return {
        links: [{ href: `${base}/collections`, rel: 'self', type: JSON_TYPE, title: 'This document' }],
        collections: [collection(base)],
      };
    },
  );

  app.get(
    `${BASE}/collections/:collectionId`,
    {
      schema: {
        summary: 'OGC API – Features collection',
        tags,
        params: OgcCollectionParams,
        response: { 200: OgcCollection, 404: ErrorResponse },
      },
    },
    async (request) => {
      if (request.params.collectionId !== COLLECTION_ID)
        throw notFound(`No collection ${request.params.collectionId}`);
      return collection(baseUrl(request));
    },
  );

  app.get(
    `${BASE}/collections/:collectionId/items`,
    {
      schema: {
        summary: 'The fires as GeoJSON features, paged by next and prev links',
        tags,
        params: OgcCollectionParams,
        querystring: OgcItemsQuery,
        response: { 200: OgcFeatureCollection, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      if (request.params.collectionId !== COLLECTION_ID)
        throw notFound(`No collection ${request.params.collectionId}`);
      const query = request.query;
      const limit = query.limit ?? OGC_DEFAULT_LIMIT;
      const base = baseUrl(request);
      // Cached like every public read: ETag, 304, the data version (and the links' base) in the key.
      return sendCached(request, reply, app.responseCache, {
        version: `${await readVersion(app, request, ['fires'])}|${base}`,
        contentType: `${GEOJSON}; charset=utf-8`,
        schema: OgcFeatureCollection,
        compute: async () => {
          const page = await firesPage(app.db.kysely, {
            limit,
            offset: query.offset ?? 0,
            bbox: query.bbox === undefined ? undefined : parseBbox(query.bbox),
            dates: query.datetime === undefined ? undefined : parseDatetime(query.datetime),
            season: currentSeason(app.config.now()),
          });
          return {
            type: 'FeatureCollection' as const,
            timeStamp: new Date().toISOString(),
            numberMatched: page.numberMatched,
            numberReturned: page.features.length,
            features: page.features,
            links: pageLinks(base, query, page, limit),
          };
        },
      });
    },
  );

  app.get(
    `${BASE}/collections/:collectionId/items/:featureId`,
    {
      schema: {
        summary: 'One fire as a GeoJSON feature; its id is agency code, a hyphen, the agency fire id',
        tags,
        params: OgcFeatureParams,
        response: { 200: OgcFeatureWithLinks, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { collectionId, featureId } = request.params;
      if (collectionId !== COLLECTION_ID) throw notFound(`No collection ${collectionId}`);
      const base = baseUrl(request);
      return sendCached(request, reply, app.responseCache, {
        version: `${await readVersion(app, request, ['fires'])}|${base}`,
        contentType: `${GEOJSON}; charset=utf-8`,
        schema: OgcFeatureWithLinks,
        compute: async () => {
          const feature = await featureById(app.db.kysely, featureId);
          if (!feature) throw notFound(`No fire ${featureId}`);
          return {
            ...feature,
            links: [
              {
                href: `${base}/collections/${COLLECTION_ID}/items/${encodeURIComponent(featureId)}`,
                rel: 'self',
                type: GEOJSON,
              },
              { href: `${base}/collections/${COLLECTION_ID}`, rel: 'collection', type: JSON_TYPE },
            ],
          };
        },
      });
    },
  );
}
