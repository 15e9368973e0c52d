/**
 * OGC API – Tiles (Part 1: core, tileset, tilesets-list, geodata-tilesets, mvt): the fires and the
 * perimeters as Mapbox Vector Tiles on the WebMercatorQuad tile matrix set, for web maps, QGIS and
 * GDAL (docs/open-data.md, "Vector tiles"). The wire shapes of /v1/ogc/collections/{id}/tiles and
 * /v1/ogc/tileMatrixSets.
 */
import { z } from 'zod';

const Link = z.object({
  href: z.string(),
  rel: z.string(),
  type: z.string().optional(),
  title: z.string().optional(),
  templated: z.boolean().optional(),
});

const TileMatrixLimits = z.object({
  tileMatrix: z.string(),
  minTileRow: z.number().int(),
  maxTileRow: z.number().int(),
  minTileCol: z.number().int(),
  maxTileCol: z.number().int(),
});

const BoundingBox = z.object({
  lowerLeft: z.tuple([z.number(), z.number()]),
  upperRight: z.tuple([z.number(), z.number()]),
  crs: z.string(),
});

const TileSetLayer = z.object({
  id: z.string(),
  title: z.string(),
  dataType: z.literal('vector'),
  geometryDimension: z.number().int(),
  minTileMatrix: z.string(),
  maxTileMatrix: z.string(),
  propertiesSchema: z.object({
    type: z.literal('object'),
    properties: z.record(z.string(), z.object({ type: z.string(), description: z.string().optional() })),
  }),
});

/** GET /v1/ogc/collections/{collectionId}/tiles/{tileMatrixSetId}: the tileset metadata. */
export const OgcTileSet = z.object({
  title: z.string(),
  description: z.string(),
  dataType: z.literal('vector'),
  crs: z.string(),
  tileMatrixSetURI: z.string(),
  tileMatrixSetLimits: z.array(TileMatrixLimits),
  boundingBox: BoundingBox,
  layers: z.array(TileSetLayer),
  license: z.string(),
  attribution: z.string(),
  links: z.array(Link),
});

/** GET /v1/ogc/collections/{collectionId}/tiles: the tilesets of a collection (one). */
export const OgcTileSetList = z.object({
  tilesets: z.array(
    z.object({
      title: z.string(),
      dataType: z.literal('vector'),
      crs: z.string(),
      tileMatrixSetURI: z.string(),
      links: z.array(Link),
    }),
  ),
  links: z.array(Link),
});

/** GET /v1/ogc/tileMatrixSets/WebMercatorQuad: the definition (OGC 17-083r4, JSON encoding). */
export const OgcTileMatrixSet = z.object({
  id: z.string(),
  title: z.string(),
  uri: z.string(),
  crs: z.string(),
  orderedAxes: z.tuple([z.string(), z.string()]),
  wellKnownScaleSet: z.string(),
  tileMatrices: z.array(
    z.object({
      id: z.string(),
      scaleDenominator: z.number(),
      cellSize: z.number(),
      cornerOfOrigin: z.literal('topLeft'),
      pointOfOrigin: z.tuple([z.number(), z.number()]),
      tileWidth: z.number().int(),
      tileHeight: z.number().int(),
      matrixWidth: z.number().int(),
      matrixHeight: z.number().int(),
    }),
  ),
});

/** GET /v1/ogc/tileMatrixSets */
export const OgcTileMatrixSets = z.object({
  tileMatrixSets: z.array(
    z.object({ id: z.string(), title: z.string(), uri: z.string(), links: z.array(Link) }),
  ),
});

/** The tiles' JSON documents are JSON only (`?f=json` or nothing). */
export const OgcTilesJsonQuery = z.object({
  f: z.enum(['json']).optional().describe('json, the only form of this document'),
});
/** A tile is MVT only (`?f=mvt` or nothing). */
export const OgcTileQuery = z.object({
  f: z.enum(['mvt']).optional().describe('mvt, the only form of a tile'),
});
/** A tile matrix set's or a collection's tileset path parameter. */
export const OgcTileMatrixSetParams = z.object({ tileMatrixSetId: z.string() });

/** A tile's path parameters: integers as text, checked against the matrix by the route. */
export const OgcTileParams = z.object({
  collectionId: z.string(),
  tileMatrixSetId: z.string(),
  tileMatrix: z.string().regex(/^\d{1,2}$/, { message: 'expected a tile matrix 0 to 24' }),
  tileRow: z.string().regex(/^\d{1,8}$/, { message: 'expected a row number' }),
  tileCol: z.string().regex(/^\d{1,8}$/, { message: 'expected a column number' }),
});
