import {
  CRS84,
  OGC_CRS,
  OGC_DEFAULT_LIMIT,
  OgcCollection,
  OgcCollectionParams,
  OgcCollections,
  OgcConformance,
  OgcFeatureParams,
  OgcItemParams,
  OgcItemsBaseQuery,
  OgcLanding,
  OgcQueryables,
  OPEN_DATA_LICENCE,
} from '@ciffc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sendCached } from '../http/cache.ts';
import { notFound } from '../http/errors.ts';
import { ErrorResponse, readVersion } from '../http/query.ts';
import type { ItemsRequest } from './collection.ts';
import { cql2Condition } from './filter.ts';
import {
  collectionHtml,
  collectionsHtml,
  conformanceHtml,
  featureHtml,
  formatOf,
  HTML_VARY,
  HtmlQuery,
  htmlContext,
  itemsHtml,
  landingHtml,
  negotiated,
  queryablesHtml,
} from './html.ts';
import { OPENAPI_TYPE, sendOpenapi } from './openapi.ts';
import { featureCollectionText, htmlLink, nextLimit, pageLinks } from './paging.ts';
import { parseBbox, parseCrs, parseDatetime } from './params.ts';
import { queryablesDocument } from './queryables.ts';
import { readAhead } from './read-ahead.ts';
import { type AnySource, COLLECTIONS } from './service.ts';

/**
 * OGC API – Features for GIS tools (docs/fires-import.md, "A layer for GIS tools"): Part 1 Core with
 * GeoJSON, Part 2 CRS by reference, Part 3 filtering with CQL2 text. QGIS, ArcGIS and GDAL open
 * `/v1/ogc` as it is.
 */
const BASE = '/v1/ogc';
const JSON_TYPE = 'application/json';
const GEOJSON = 'application/geo+json';
const SCHEMA_TYPE = 'application/schema+json';

/**
 * Each class is declared because a test proves it (ogc.test.ts, ogc-conformance.test.ts,
 * ogc-gdal.test.ts, ogc-html.test.ts).
 */
const CONFORMANCE = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/html',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables-query-parameters',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filter',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/features-filter',
  'http://www.opengis.net/spec/cql2/1.0/conf/cql2-text',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-cql2',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-spatial-functions',
  // OGC API – Tiles (tiles/routes.ts; ogc-tiles.test.ts, ogc-tiles-gdal.test.ts)
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/tileset',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/tilesets-list',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/geodata-tilesets',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/mvt',
];

/** The absolute base the client used, through the gateway (`x-forwarded-*`) or directly. */
export function baseUrl(request: FastifyRequest): string {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim();
  const proto = first(request.headers['x-forwarded-proto']) || request.protocol;
  const host = first(request.headers['x-forwarded-host']) || request.host;
  return `${proto}://${host}${BASE}`;
}

const licenceLink = {
  href: OPEN_DATA_LICENCE.en.url,
  rel: 'license',
  type: 'text/html',
  title: OPEN_DATA_LICENCE.en.title,
};

function landing(base: string) {
  return {
    title: 'CIFFC wildland fires – OGC API Features',
    description:
      'The fires of the national fires list and their mapped perimeters as an OGC API – Features service (Part 1 Core, GeoJSON and HTML, ' +
      `Part 2 CRS, Part 3 filtering with CQL2 text). ${OPEN_DATA_LICENCE.attribution.en}`,
    links: [
      { href: base, rel: 'self', type: JSON_TYPE, title: 'This document' },
      htmlLink(base),
      { href: `${base}/api`, rel: 'service-desc', type: OPENAPI_TYPE, title: 'The API definition' },
      {
        href: `${base}/api?f=html`,
        rel: 'service-doc',
        type: 'text/html',
        title: 'The API definition as HTML',
      },
      { href: `${base}/conformance`, rel: 'conformance', type: JSON_TYPE, title: 'Conformance classes' },
      { href: `${base}/collections`, rel: 'data', type: JSON_TYPE, title: 'Collections' },
      {
        href: `${base}/tileMatrixSets`,
        rel: 'http://www.opengis.net/def/rel/ogc/1.0/tiling-schemes',
        type: JSON_TYPE,
        title: 'The tile matrix sets of the vector tiles',
      },
      licenceLink,
    ],
  };
}

function describe(source: AnySource, base: string) {
  const self = `${base}/collections/${source.id}`;
  return {
    id: source.id,
    title: source.title,
    description: source.description,
    itemType: 'feature' as const,
    crs: [...OGC_CRS],
    storageCrs: CRS84,
    license: OPEN_DATA_LICENCE.en.title,
    attribution: OPEN_DATA_LICENCE.attribution.en,
    extent: {
      spatial: { bbox: [source.bbox], crs: CRS84 },
      temporal: { interval: [source.interval] },
    },
    links: [
      { href: self, rel: 'self', type: JSON_TYPE, title: 'This collection' },
      htmlLink(self),
      { href: `${self}/items`, rel: 'items', type: GEOJSON, title: 'The features' },
      {
        href: `${self}/queryables`,
        rel: 'http://www.opengis.net/def/rel/ogc/1.0/queryables',
        type: SCHEMA_TYPE,
        title: 'What a filter may use',
      },
      {
        href: `${self}/tiles`,
        rel: 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector',
        type: JSON_TYPE,
        title: 'Vector tiles (MVT)',
      },
      licenceLink,
    ],
  };
}

type BaseQuery = z.infer<typeof OgcItemsBaseQuery>;

const HTML_TYPE = 'text/html; charset=utf-8';

/** JSON, or HTML in a language: part of the cache key, since Accept and Accept-Language choose it. */
function representation(request: FastifyRequest, base: string) {
  if (formatOf(request) === 'json') return { key: 'json', ctx: undefined };
  const ctx = htmlContext(request, base);
  return { key: `html-${ctx.lang}`, ctx };
}

/** The base parameters read once for every collection: a refused one is a 400 before any SQL. */
function itemsRequest<Q extends BaseQuery>(source: AnySource, query: Q): ItemsRequest<Q> {
  const crs = parseCrs(query.crs, 'crs');
  const bboxCrs = parseCrs(query['bbox-crs'], 'bbox-crs');
  const filterCrs = parseCrs(query['filter-crs'], 'filter-crs');
  return {
    query,
    limit: query.limit ?? OGC_DEFAULT_LIMIT,
    offset: query.offset ?? 0,
    crs,
    bbox: query.bbox === undefined ? undefined : { box: parseBbox(query.bbox, bboxCrs), crs: bboxCrs },
    dates: query.datetime === undefined ? undefined : parseDatetime(query.datetime),
    condition:
      query.filter === undefined
        ? undefined
        : cql2Condition(query.filter, source.queryables, filterCrs, source.spatial),
  };
}

export async function ogcRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['ogc'];

  app.get(
    BASE,
    {
      schema: {
        summary: 'OGC API – Features landing page',
        tags,
        querystring: HtmlQuery,
        response: { 200: OgcLanding },
      },
    },
    async (request, reply) => {
      const base = baseUrl(request);
      reply.header('cache-control', 'public, max-age=300');
      return negotiated(request, reply, base, landing(base), landingHtml);
    },
  );

  app.get(`${BASE}/api`, { schema: { hide: true, querystring: HtmlQuery } }, async (request, reply) =>
    sendOpenapi(app, request, reply, baseUrl(request)),
  );

  app.get(
    `${BASE}/conformance`,
    {
      schema: {
        summary: 'OGC API – Features conformance classes',
        tags,
        querystring: HtmlQuery,
        response: { 200: OgcConformance },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return negotiated(request, reply, baseUrl(request), { conformsTo: CONFORMANCE }, conformanceHtml);
    },
  );

  app.get(
    `${BASE}/collections`,
    {
      schema: {
        summary: 'OGC API – Features collections',
        tags,
        querystring: HtmlQuery,
        response: { 200: OgcCollections },
      },
    },
    async (request, reply) => {
      const base = baseUrl(request);
      const doc = {
        links: [
          { href: `${base}/collections`, rel: 'self', type: JSON_TYPE, title: 'This document' },
          htmlLink(`${base}/collections`),
        ],
        collections: COLLECTIONS.map((source) => describe(source, base)),
      };
      return negotiated(request, reply, base, doc, collectionsHtml);
    },
  );

  for (const source of COLLECTIONS) registerCollection(app, source, tags);

  // Any other collection: 404, whatever is asked of it.
  const unknown = async (request: FastifyRequest) => {
    throw notFound('ogc.no_collection', {
      collection: (request.params as { collectionId: string }).collectionId,
    });
  };
  const params = { params: OgcCollectionParams, response: { 404: ErrorResponse }, hide: true };
  app.get(`${BASE}/collections/:collectionId`, { schema: { ...params, querystring: HtmlQuery } }, unknown);
  app.get(`${BASE}/collections/:collectionId/queryables`, { schema: params }, unknown);
  app.get(
    `${BASE}/collections/:collectionId/items`,
    { schema: { ...params, querystring: OgcItemsBaseQuery.extend(HtmlQuery.shape) } },
    unknown,
  );
  app.get(
    `${BASE}/collections/:collectionId/items/:featureId`,
    { schema: { ...params, params: OgcFeatureParams, querystring: HtmlQuery } },
    unknown,
  );
}

function registerCollection(fastify: FastifyInstance, source: AnySource, tags: string[]): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const path = `${BASE}/collections/${source.id}`;

  app.get(
    path,
    {
      schema: {
        summary: `OGC API – Features collection ${source.id}`,
        tags,
        querystring: HtmlQuery,
        response: { 200: OgcCollection },
      },
    },
    async (request, reply) => {
      const base = baseUrl(request);
      return negotiated(request, reply, base, describe(source, base), collectionHtml);
    },
  );

  app.get(
    `${path}/queryables`,
    {
      schema: {
        summary: `The properties a filter of ${source.id} may use (JSON Schema, OGC API – Features Part 3)`,
        tags,
        querystring: HtmlQuery,
        response: { 200: OgcQueryables },
      },
    },
    async (request, reply) => {
      const base = baseUrl(request);
      reply.type(`${SCHEMA_TYPE}; charset=utf-8`).header('cache-control', 'public, max-age=300');
      const doc = queryablesDocument(
        `${base}/collections/${source.id}/queryables`,
        source.title,
        source.queryables,
        source.geometry,
      );
      return negotiated(request, reply, base, doc, (d, ctx) => queryablesHtml(d, ctx, source.id));
    },
  );

  app.get(
    `${path}/items`,
    {
      schema: {
        summary: `The ${source.id} as GeoJSON features, filtered by the queryables or CQL2, paged by next and prev links`,
        tags,
        querystring: (source.itemsQuery as unknown as z.ZodObject).extend(
          HtmlQuery.shape,
        ) as unknown as z.ZodType<BaseQuery>,
        response: { 200: source.itemsSchema, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const items = itemsRequest(source, request.query);
      const base = baseUrl(request);
      reply.header('content-crs', `<${items.crs}>`);
      const html = representation(request, base);
      let next: string | undefined;
      // Cached like every public read: ETag, 304, the data version (and the links' base) in the key.
      const sent = await sendCached(request, reply, app.responseCache, {
        version: `${await readVersion(app, request, source.dataSets)}|${base}|${html.key}`,
        contentType: html.ctx ? HTML_TYPE : `${GEOJSON}; charset=utf-8`,
        schema: source.itemsSchema,
        vary: HTML_VARY,
        compute: async () => {
          // GeoJSON from the features' stored text when the source keeps it (a page of 1,000
          // perimeters is 12 MB): joined, never parsed and serialised again.
          const texts = html.ctx ? undefined : await source.pageText?.(app, items);
          const page = texts ?? (await source.page(app, items));
          const links = pageLinks(base, source, request.query, page, {
            asked: items.limit,
            next: nextLimit(items.limit, html.ctx !== undefined),
          });
          next = links.find((link) => link.rel === 'next')?.href;
          const head = {
            type: 'FeatureCollection' as const,
            timeStamp: new Date().toISOString(),
            numberMatched: page.numberMatched,
            numberReturned: page.features.length,
          };
          if (texts) return featureCollectionText(head, texts.features, links, source.itemsSchema);
          const doc = { ...head, features: page.features, links };
          return html.ctx ? itemsHtml(doc, html.ctx, source, items.offset) : doc;
        },
      });
      // A GIS tool reads the next page as soon as it has this one: have it ready.
      if (!html.ctx) readAhead(app, request, next);
      return sent;
    },
  );

  app.get(
    `${path}/items/:featureId`,
    {
      schema: {
        summary: `One of the ${source.id} as a GeoJSON feature`,
        tags,
        params: OgcItemParams,
        querystring: HtmlQuery.extend({ crs: OgcItemsBaseQuery.shape.crs }),
        response: { 200: source.featureSchema, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { featureId } = request.params;
      const crs = parseCrs(request.query.crs, 'crs');
      const base = baseUrl(request);
      reply.header('content-crs', `<${crs}>`);
      const html = representation(request, base);
      const self = `${path.replace(BASE, base)}/items/${encodeURIComponent(featureId)}`;
      return sendCached(request, reply, app.responseCache, {
        version: `${await readVersion(app, request, source.dataSets)}|${base}|${html.key}`,
        contentType: html.ctx ? HTML_TYPE : `${GEOJSON}; charset=utf-8`,
        schema: source.featureSchema,
        vary: HTML_VARY,
        compute: async () => {
          const feature = await source.feature(app, featureId, crs);
          if (!feature) throw notFound('ogc.no_feature', { feature: featureId });
          const doc = {
            ...feature,
            links: [
              { href: self, rel: 'self', type: GEOJSON },
              htmlLink(self),
              { href: path.replace(BASE, base), rel: 'collection', type: JSON_TYPE },
            ],
          };
          return html.ctx ? featureHtml(doc, html.ctx, self) : doc;
        },
      });
    },
  );
}
