/**
 * OGC API – Features, Part 1 Core with GeoJSON, Part 2 CRS and Part 3 filtering (docs/fires-import.md,
 * "A layer for GIS tools"): the wire shapes of /v1/ogc, which QGIS, ArcGIS and GDAL open as they are.
 */
import { z } from 'zod';
import { AGENCY_CODES } from './agencies.ts';
import { FIRE_CAUSES, RESPONSE_TYPES, STAGES_OF_CONTROL } from './codes.ts';
import { StoredFire } from './fires-import.ts';

/** A page of a thousand lets GDAL and QGIS read the national layer in a handful of requests. */
export const OGC_DEFAULT_LIMIT = 1000;
const OGC_MAX_LIMIT = 10_000;

export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
/** The coordinate reference systems of `crs` and `bbox-crs` (Part 2), CRS84 (the storage) first. */
export const OGC_CRS = [
  CRS84,
  'http://www.opengis.net/def/crs/EPSG/0/4326',
  'http://www.opengis.net/def/crs/EPSG/0/3978',
  'http://www.opengis.net/def/crs/EPSG/0/3857',
] as const;
export type OgcCrs = (typeof OGC_CRS)[number];

/**
 * The one rounding rule of published coordinates (the OGC items, the perimeter downloads): to what
 * the sources hold, seven decimals of a degree (about a centimetre) or a centimetre of a metre.
 */
export function roundCoordinate(value: number, crs: OgcCrs): number {
  const factor = crs === CRS84 || crs.endsWith('/4326') ? 1e7 : 1e2;
  return Math.round(value * factor) / factor;
}

/**
 * An instant in the form the API stores one (2026-07-15T12:00:00.000Z, as JavaScript writes it), so
 * text order is time order whatever precision or offset a client wrote; a day alone is its midnight
 * UTC and a time without an offset is UTC (as CQL2's TIMESTAMP). Undefined: not an RFC 3339 instant.
 */
export function storedInstant(text: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(Z|[+-]\d{2}:\d{2})?$/i.exec(
    text.trim(),
  );
  if (!match) return undefined;
  const instant = new Date(
    `${match[1]}${match[2]?.toUpperCase() ?? 'T00:00'}${match[3]?.toUpperCase() ?? 'Z'}`,
  );
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

/** The fires' queryables (Part 3) and their query parameters: equality on each. */
export const FIRE_QUERYABLES = {
  agency_code: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(AGENCY_CODES)),
  agency_fire_id: z.string().min(1).max(100),
  stage_of_control: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(STAGES_OF_CONTROL)),
  fire_cause: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(FIRE_CAUSES)),
  response_type: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(RESPONSE_TYPES)),
  fire_size: z.coerce.number().min(0),
  situation_report_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'expected YYYY-MM-DD' }),
  status_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'expected YYYY-MM-DD' }),
  updated_at: z
    .string()
    .refine((v) => storedInstant(v) !== undefined, { message: 'expected YYYY-MM-DDTHH:MM:SSZ' })
    .transform((v) => storedInstant(v) as string),
} as const;
export type FireQueryable = keyof typeof FIRE_QUERYABLES;

const Link = z.object({
  href: z.string(),
  rel: z.string(),
  type: z.string(),
  title: z.string().optional(),
});

/** GET /v1/ogc */
export const OgcLanding = z.object({ title: z.string(), description: z.string(), links: z.array(Link) });

/** GET /v1/ogc/conformance */
export const OgcConformance = z.object({ conformsTo: z.array(z.string()) });

/** GET /v1/ogc/collections/:collectionId */
export const OgcCollection = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  itemType: z.literal('feature'),
  crs: z.array(z.string()),
  storageCrs: z.string(),
  license: z.string().optional(),
  attribution: z.string().optional(),
  extent: z.object({
    spatial: z.object({ bbox: z.array(z.array(z.number())), crs: z.string() }),
    temporal: z.object({ interval: z.array(z.array(z.string().nullable())) }),
  }),
  links: z.array(Link),
});

/** GET /v1/ogc/collections */
export const OgcCollections = z.object({ links: z.array(Link), collections: z.array(OgcCollection) });

export const OgcCollectionParams = z.object({ collectionId: z.string() });
export const OgcFeatureParams = z.object({ collectionId: z.string(), featureId: z.string() });
/** A feature's address under its collection's own path (`/v1/ogc/collections/fires/items/{featureId}`). */
export const OgcItemParams = z.object({ featureId: z.string() });

const CrsParam = z
  .string()
  .optional()
  .describe(`One of ${OGC_CRS.join(', ')} (also written EPSG:3978); default CRS84`);

/** What every collection's items take: paging, bbox, datetime, CRS (Part 2), filter (Part 3). */
export const OgcItemsBaseQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(OGC_MAX_LIMIT)
    // `default` and `maximum` in the OpenAPI document, where GIS clients read their page size.
    .default(OGC_DEFAULT_LIMIT)
    .describe(
      `Features per page (default ${OGC_DEFAULT_LIMIT}, at most ${OGC_MAX_LIMIT}); a next link asks for at least ${OGC_DEFAULT_LIMIT}`,
    ),
  offset: z.coerce.number().int().min(0).optional().describe('Features to skip (the next and prev links)'),
  bbox: z.string().optional().describe('minx,miny,maxx,maxy in bbox-crs (default CRS84: WGS 84 degrees)'),
  'bbox-crs': CrsParam,
  crs: CrsParam,
  datetime: z
    .string()
    .optional()
    .describe('A day or an interval (2026-07-01/2026-07-15, ../2026-07-15) on the situation report date'),
  filter: z
    .string()
    .max(4000)
    .optional()
    .describe(
      "CQL2 text on the queryables: comparisons, AND, OR, NOT, IS NULL, S_INTERSECTS(geometry, BBOX(...)) (e.g. stage_of_control = 'OC' AND fire_size >= 100)",
    ),
  'filter-lang': z
    .enum(['cql2-text', 'cql-text'])
    .optional()
    .describe('cql2-text (default); cql-text is the same language as GDAL 3.6 names it'),
  'filter-crs': CrsParam,
  f: z.enum(['json', 'geojson']).optional(),
});

/** GET /v1/ogc/collections/fires/items: the base parameters and one per queryable (Part 3). */
export const OgcItemsQuery = OgcItemsBaseQuery.extend(
  Object.fromEntries(
    Object.entries(FIRE_QUERYABLES).map(([name, schema]) => [
      name,
      schema.optional().describe(`Fires whose ${name} equals this value`),
    ]),
  ) as { [K in FireQueryable]: z.ZodOptional<(typeof FIRE_QUERYABLES)[K]> },
);
export type OgcItemsQuery = z.infer<typeof OgcItemsQuery>;

/**
 * GET /v1/ogc/collections/:collectionId/queryables: a JSON Schema (Part 3, 2020-12). Its `$schema`
 * and `$id` pass through undeclared: declared, the OpenAPI generator reads them as its own keywords.
 */
export const OgcQueryables = z.looseObject({
  type: z.literal('object'),
  title: z.string(),
  properties: z.record(z.string(), z.record(z.string(), z.unknown())),
  additionalProperties: z.boolean(),
});
export type OgcQueryables = z.infer<typeof OgcQueryables>;

/** One fire as a GeoJSON feature; its id is the agency code, a hyphen, the agency fire id. */
const OgcFeature = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  properties: StoredFire,
});
export type OgcFeature = z.infer<typeof OgcFeature>;

/** GET /v1/ogc/collections/fires/items/:featureId */
export const OgcFeatureWithLinks = OgcFeature.extend({ links: z.array(Link) });

/** GET /v1/ogc/collections/fires/items: one page of features, with next and prev links. */
export const OgcFeatureCollection = z.object({
  type: z.literal('FeatureCollection'),
  timeStamp: z.string(),
  numberMatched: z.number(),
  numberReturned: z.number(),
  features: z.array(OgcFeature),
  links: z.array(Link),
});

/**
 * The perimeters' queryables (Part 3) and their query parameters: the fire's agency and id, the
 * mapped area, and whether a capture is its fire's current one (`current=false` with `captures=all`: the past ones).
 */
export const PERIMETER_QUERYABLES = {
  agency_code: FIRE_QUERYABLES.agency_code,
  agency_fire_id: FIRE_QUERYABLES.agency_fire_id,
  area_ha: z.coerce.number().min(0),
  current: z.enum(['true', 'false']).transform((v) => v === 'true'),
} as const;
export type PerimeterQueryable = keyof typeof PERIMETER_QUERYABLES;

/**
 * GET /v1/ogc/collections/perimeters/items: the base parameters, `captures` (each fire's current
 * capture by default, every capture kept with `all`) and one per queryable.
 */
export const OgcPerimetersQuery = OgcItemsBaseQuery.extend({
  datetime: OgcItemsBaseQuery.shape.datetime.describe(
    'A day or an interval (2026-07-01/2026-07-15, ../2026-07-15) on the capture date (UTC)',
  ),
  captures: z
    .enum(['current', 'all'])
    .optional()
    .describe("current (default): each fire's newest capture; all: every capture kept (its growth)"),
  ...(Object.fromEntries(
    Object.entries(PERIMETER_QUERYABLES).map(([name, schema]) => [
      name,
      schema.optional().describe(`Perimeters whose ${name} equals this value`),
    ]),
  ) as { [K in PerimeterQueryable]: z.ZodOptional<(typeof PERIMETER_QUERYABLES)[K]> }),
});
export type OgcPerimetersQuery = z.infer<typeof OgcPerimetersQuery>;

const OgcRing = z.array(z.array(z.number()));

/** One perimeter capture as a GeoJSON feature; its id is the capture's. */
const OgcPerimeterFeature = z.object({
  type: z.literal('Feature'),
  id: z.number(),
  geometry: z.union([
    z.object({ type: z.literal('Polygon'), coordinates: z.array(OgcRing) }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(OgcRing)) }),
  ]),
  properties: z.object({
    agency_code: z.string().nullable().describe('null: the file did not name the agency'),
    agency_fire_id: z.string().nullable().describe('null: a capture of no named fire (CWFIS hotspots)'),
    fire_name: z.string().nullable(),
    captured_at: z.string().describe('The capture time (ISO 8601, UTC)'),
    area_ha: z.number().describe('Geodesic area of the polygon, hectares'),
    agency_area_ha: z.number().nullable().describe("The agency's own area, hectares"),
    source: z.string(),
    current: z.boolean().describe("The fire's newest capture"),
  }),
});
export type OgcPerimeterFeature = z.infer<typeof OgcPerimeterFeature>;

/** GET /v1/ogc/collections/perimeters/items/:featureId */
export const OgcPerimeterWithLinks = OgcPerimeterFeature.extend({ links: z.array(Link) });

/** GET /v1/ogc/collections/perimeters/items */
export const OgcPerimeterCollection = z.object({
  type: z.literal('FeatureCollection'),
  timeStamp: z.string(),
  numberMatched: z.number(),
  numberReturned: z.number(),
  features: z.array(OgcPerimeterFeature),
  links: z.array(Link),
});

/** The licence of the open data: the OGC service, the OpenAPI document and every download carry it. */
export const OPEN_DATA_LICENCE = {
  en: {
    title: 'Open Government Licence – Canada',
    url: 'https://open.canada.ca/en/open-government-licence-canada',
  },
  fr: {
    title: 'Licence du gouvernement ouvert – Canada',
    url: 'https://ouvert.canada.ca/fr/licence-du-gouvernement-ouvert-canada',
  },
  attribution: {
    en: 'Contains information licensed under the Open Government Licence – Canada. Source: Canadian Interagency Forest Fire Centre (CIFFC) and the fire management agencies.',
    fr: 'Contient des informations visées par la Licence du gouvernement ouvert – Canada. Source : Centre interservices des feux de forêt du Canada (CIFFC) et les organismes de gestion des feux.',
  },
} as const;

/**
 * The licence as an RFC 8288 `Link` header (rel="license"): the one place a CSV can carry it without
 * a line that spreadsheet and GIS readers would take for data, and the same on every download. The
 * title and attribution are RFC 8187-encoded: a header value stays ASCII, the licence's name has a dash.
 */
export function licenceLinkHeader(lang: 'en' | 'fr'): string {
  const encoded = (text: string) => `UTF-8''${encodeURIComponent(text)}`;
  const licence = OPEN_DATA_LICENCE[lang];
  return `<${licence.url}>; rel="license"; title*=${encoded(licence.title)}; attribution*=${encoded(OPEN_DATA_LICENCE.attribution[lang])}`;
}
