import {
  CANADA_BOX,
  CRS84,
  MVT_TYPE,
  OGC_TILES_MAX_ZOOM,
  OgcTileMatrixSet,
  OgcTileMatrixSetParams,
  OgcTileMatrixSets,
  OgcTileParams,
  OgcTileQuery,
  OgcTileSet,
  OgcTileSetList,
  OgcTilesJsonQuery,
  OPEN_DATA_LICENCE,
  TILE_MATRIX_SET_ID,
  WEB_MERCATOR_CRS,
  WEB_MERCATOR_QUAD_URI,
} from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sendCached } from '../../http/cache.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { ErrorResponse, readVersion } from '../../http/query.ts';
import { baseUrl } from '../routes.ts';
import { TILE_LAYERS, type TileLayer } from './layers.ts';
import {
  inLimits,
  inMatrix,
  type TileAddress,
  tileBox,
  tileMatrixSetLimits,
  webMercatorQuad,
} from './matrix.ts';
import { BUFFER_SHARE, encodeTile } from './mvt.ts';
import { stopWarmingOnClose, WARMED_LAYERS, warmFirstViews } from './warm.ts';

/**
 * OGC API – Tiles for the collections of /v1/ogc (docs/open-data.md, "Vector tiles"): each
 * collection's tilesets (one, WebMercatorQuad), its tileset metadata and its tiles as MVT, cached
 * per data version like every public read.
 */
const JSON_TYPE = 'application/json';
const TILING_SCHEME = 'http://www.opengis.net/def/rel/ogc/1.0/tiling-scheme';
const licenceLink = {
  href: OPEN_DATA_LICENCE.en.url,
  rel: 'license',
  type: 'text/html',
  title: OPEN_DATA_LICENCE.en.title,
};

function tileSet(layer: TileLayer, base: string) {
  const collection = `${base}/collections/${layer.id}`;
  const self = `${collection}/tiles/${TILE_MATRIX_SET_ID}`;
  return {
    title: `${layer.title} (vector tiles, ${TILE_MATRIX_SET_ID})`,
    description: layer.description,
    dataType: 'vector' as const,
    crs: WEB_MERCATOR_CRS,
    tileMatrixSetURI: WEB_MERCATOR_QUAD_URI,
    tileMatrixSetLimits: tileMatrixSetLimits(),
    boundingBox: {
      lowerLeft: [CANADA_BOX[0], CANADA_BOX[1]] as [number, number],
      upperRight: [CANADA_BOX[2], CANADA_BOX[3]] as [number, number],
      crs: CRS84,
    },
    layers: [
      {
        id: layer.id,
        title: layer.title,
        dataType: 'vector' as const,
        geometryDimension: layer.geometryDimension,
        minTileMatrix: '0',
        maxTileMatrix: String(OGC_TILES_MAX_ZOOM),
        propertiesSchema: { type: 'object' as const, properties: layer.properties },
      },
    ],
    license: OPEN_DATA_LICENCE.en.title,
    attribution: OPEN_DATA_LICENCE.attribution.en,
    links: [
      { href: self, rel: 'self', type: JSON_TYPE, title: 'This tileset' },
      {
        href: `${base}/tileMatrixSets/${TILE_MATRIX_SET_ID}`,
        rel: TILING_SCHEME,
        type: JSON_TYPE,
        title: 'The tile matrix set',
      },
      {
        href: `${self}/{tileMatrix}/{tileRow}/{tileCol}`,
        rel: 'item',
        type: MVT_TYPE,
        title: 'A tile',
        templated: true,
      },
      {
        href: collection,
        rel: 'http://www.opengis.net/def/rel/ogc/1.0/geodata',
        type: JSON_TYPE,
        title: 'The collection',
      },
      licenceLink,
    ],
  };
}

/** The path's tile, checked: a 400 outside the matrix set, a 404 outside Canada's tiles. */
function tileAddress(params: z.infer<typeof OgcTileParams>): TileAddress {
  if (params.tileMatrixSetId !== TILE_MATRIX_SET_ID)
    throw notFound('ogc.no_tile_matrix_set', { tileMatrixSet: params.tileMatrixSetId });
  const address = { z: Number(params.tileMatrix), row: Number(params.tileRow), col: Number(params.tileCol) };
  const named = { tileMatrix: address.z, tileRow: address.row, tileCol: address.col };
  if (!inMatrix(address)) throw badRequest('tileMatrix', 'ogc.tile_outside_matrix', named);
  if (address.z > OGC_TILES_MAX_ZOOM || !inLimits(address))
    throw notFound('ogc.tile_outside_limits', { ...named, maxZoom: OGC_TILES_MAX_ZOOM });
  return address;
}

export async function ogcTileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['ogc'];
  stopWarmingOnClose(app);

  app.get(
    '/v1/ogc/tileMatrixSets',
    {
      schema: {
        summary: 'OGC API – Tiles: the tile matrix sets of the tiles (WebMercatorQuad)',
        tags,
        querystring: OgcTilesJsonQuery,
        response: { 200: OgcTileMatrixSets },
      },
    },
    async (request, reply) => {
      const base = baseUrl(request);
      reply.header('cache-control', 'public, max-age=300');
      return {
        tileMatrixSets: [
          {
            id: TILE_MATRIX_SET_ID,
            title: 'Google Maps Compatible for the World',
            uri: WEB_MERCATOR_QUAD_URI,
            links: [{ href: `${base}/tileMatrixSets/${TILE_MATRIX_SET_ID}`, rel: 'self', type: JSON_TYPE }],
          },
        ],
      };
    },
  );

  app.get(
    '/v1/ogc/tileMatrixSets/:tileMatrixSetId',
    {
      schema: {
        summary: 'OGC API – Tiles: a tile matrix set definition',
        tags,
        params: OgcTileMatrixSetParams,
        querystring: OgcTilesJsonQuery,
        response: { 200: OgcTileMatrixSet, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { tileMatrixSetId } = request.params;
      if (tileMatrixSetId !== TILE_MATRIX_SET_ID)
        throw notFound('ogc.no_tile_matrix_set', { tileMatrixSet: tileMatrixSetId });
      reply.header('cache-control', 'public, max-age=86400');
      return webMercatorQuad();
    },
  );

  for (const layer of TILE_LAYERS) {
    const path = `/v1/ogc/collections/${layer.id}/tiles`;

    app.get(
      path,
      {
        schema: {
          summary: `OGC API – Tiles: the tilesets of ${layer.id}`,
          tags,
          querystring: OgcTilesJsonQuery,
          response: { 200: OgcTileSetList },
        },
      },
      async (request, reply) => {
        const base = baseUrl(request);
        const set = tileSet(layer, base);
        reply.header('cache-control', 'public, max-age=300');
        return {
          tilesets: [
            {
              title: set.title,
              dataType: set.dataType,
              crs: set.crs,
              tileMatrixSetURI: set.tileMatrixSetURI,
              links: set.links.filter((l) => l.rel === 'self' || l.rel === TILING_SCHEME),
            },
          ],
          links: [{ href: `${base}/collections/${layer.id}/tiles`, rel: 'self', type: JSON_TYPE }],
        };
      },
    );

    app.get(
      `${path}/:tileMatrixSetId`,
      {
        schema: {
          summary: `OGC API – Tiles: the tileset metadata of ${layer.id}`,
          tags,
          params: OgcTileMatrixSetParams,
          querystring: OgcTilesJsonQuery,
          response: { 200: OgcTileSet, 404: ErrorResponse },
        },
      },
      async (request, reply) => {
        const { tileMatrixSetId } = request.params;
        if (tileMatrixSetId !== TILE_MATRIX_SET_ID)
          throw notFound('ogc.no_tile_matrix_set', { tileMatrixSet: tileMatrixSetId });
        reply.header('cache-control', 'public, max-age=300');
        return tileSet(layer, baseUrl(request));
      },
    );

    app.get(
      `${path}/:tileMatrixSetId/:tileMatrix/:tileRow/:tileCol`,
      {
        schema: {
          summary: `OGC API – Tiles: a tile of ${layer.id} as MVT (204 when empty)`,
          tags,
          params: OgcTileParams.omit({ collectionId: true }),
          querystring: OgcTileQuery,
          response: { 400: ErrorResponse, 404: ErrorResponse },
        },
      },
      async (request, reply) => {
        const address = tileAddress({ ...request.params, collectionId: layer.id });
        const version = await readVersion(app, request, layer.dataSets);
        // The public map draws the perimeters from these tiles: its first views' are built ahead.
        if (WARMED_LAYERS.has(layer.id)) warmFirstViews(app, layer.id, version, request.headers);
        return sendCached(request, reply, app.responseCache, {
          version,
          contentType: MVT_TYPE,
          emptyStatus: 204,
          compute: async () =>
            encodeTile(
              layer.id,
              await layer.features(app, tileBox(address, BUFFER_SHARE), address.z),
              address,
            ),
        });
      },
    );
  }
}
