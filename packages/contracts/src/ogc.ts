/**
 * OGC API – Features, Part 1 Core with GeoJSON (docs/fires-import.md, "A layer for GIS tools"): the
 * wire shapes of /v1/ogc, which QGIS, ArcGIS and GDAL open as they are.
 */
import { z } from 'zod';
import { StoredFire } from './fires-import.ts';

export const OGC_DEFAULT_LIMIT = 100;
const OGC_MAX_LIMIT = 10_000;

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

/** ?limit=&offset=&bbox=&datetime=&f= of GET /v1/ogc/collections/fires/items. */
export const OgcItemsQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(OGC_MAX_LIMIT)
    .optional()
    .describe(`Features per page (default ${OGC_DEFAULT_LIMIT}, at most ${OGC_MAX_LIMIT})`),
  offset: z.coerce.number().int().min(0).optional().describe('Features to skip (the next and prev links)'),
  bbox: z.string().optional().describe('minLon,minLat,maxLon,maxLat in CRS84 (WGS 84 degrees)'),
  datetime: z
    .string()
    .optional()
    .describe('A day or an interval (2026-07-01/2026-07-15, ../2026-07-15) on the situation report date'),
  f: z.enum(['json', 'geojson']).optional(),
});
export type OgcItemsQuery = z.infer<typeof OgcItemsQuery>;

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
