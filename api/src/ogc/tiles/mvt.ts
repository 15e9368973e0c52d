import { geoJSONToTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { Feature } from 'geojson';
import type { TileAddress } from './matrix.ts';

/** MVT's usual grid and margin (MapLibre's and GDAL's defaults): 4,096 units a side, 64 around. */
const EXTENT = 4096;
const BUFFER = 64;
/** The margin as a share of the tile's side, for reading the shapes that cross into it. */
export const BUFFER_SHARE = BUFFER / EXTENT;

/**
 * One tile of one layer as MVT 2 bytes, empty when nothing of the layer is in it. The features come
 * already chosen by the tile's box (an index in SQL), so no tile index is built: each is clipped to
 * the tile and its margin and simplified by at most 3 units of 4,096 (under a pixel on screen).
 */
export function encodeTile(layer: string, features: Feature[], { z, row, col }: TileAddress): Buffer {
  if (features.length === 0) return Buffer.alloc(0);
  const tile = geoJSONToTile({ type: 'FeatureCollection', features }, z, col, row, {
    extent: EXTENT,
    buffer: BUFFER,
    tolerance: 3,
    maxZoom: z,
    clip: true,
  }) as ReturnType<typeof geoJSONToTile> | null;
  if (!tile || tile.features.length === 0) return Buffer.alloc(0);
  const bytes = fromGeojsonVt({ [layer]: tile }, { version: 2, extent: EXTENT });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
