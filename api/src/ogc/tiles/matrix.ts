import {
  CANADA_BOX,
  OGC_TILES_MAX_ZOOM,
  TILE_MATRIX_SET_ID,
  WEB_MERCATOR_CRS,
  WEB_MERCATOR_QUAD_URI,
} from '@ciffc/contracts';

/**
 * The WebMercatorQuad tile matrix set (OGC 17-083r4, annex D.1) by its formulas: 2^z × 2^z tiles of
 * 256 pixels at matrix z, row 0 at the north. Nothing here reads the database.
 */
const DEEPEST_MATRIX = 24;
const HALF_WORLD = 20037508.3427892;
const SCALE_0 = 559082264.028717;
const CELL_0 = 156543.033928041;

export interface TileAddress {
  z: number;
  row: number;
  col: number;
}

/** A box in degrees: west, south, east, north. */
export type LonLatBox = [number, number, number, number];

const lonOf = (col: number, z: number) => (col / 2 ** z) * 360 - 180;
const latOf = (row: number, z: number) =>
  (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / 2 ** z))) * 180) / Math.PI;
const colOf = (lon: number, z: number) =>
  Math.min(2 ** z - 1, Math.max(0, Math.floor(((lon + 180) / 360) * 2 ** z)));
const rowOf = (lat: number, z: number) => {
  const rad = (lat * Math.PI) / 180;
  const y = (1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2;
  return Math.min(2 ** z - 1, Math.max(0, Math.floor(y * 2 ** z)));
};

/** Whether the address names a tile of the matrix set at all (a 400 otherwise). */
export const inMatrix = ({ z, row, col }: TileAddress) => z <= DEEPEST_MATRIX && row < 2 ** z && col < 2 ** z;

/** The tiles of each matrix that meet Canada: the tileset's limits, a 404 outside them. */
export function tileMatrixSetLimits() {
  const [west, south, east, north] = CANADA_BOX;
  return Array.from({ length: OGC_TILES_MAX_ZOOM + 1 }, (_, z) => ({
    tileMatrix: String(z),
    minTileRow: rowOf(north, z),
    maxTileRow: rowOf(south, z),
    minTileCol: colOf(west, z),
    maxTileCol: colOf(east, z),
  }));
}

const LIMITS = tileMatrixSetLimits();

export function inLimits({ z, row, col }: TileAddress): boolean {
  const limits = LIMITS[z];
  return (
    limits !== undefined &&
    row >= limits.minTileRow &&
    row <= limits.maxTileRow &&
    col >= limits.minTileCol &&
    col <= limits.maxTileCol
  );
}

/**
 * The tile's box in degrees, grown by `buffer` (a share of the tile's side) so that the shapes
 * crossing its edge are read too: MVT keeps a margin around each tile for lines and fills.
 */
export function tileBox({ z, row, col }: TileAddress, buffer = 0): LonLatBox {
  const west = lonOf(col - buffer, z);
  const east = lonOf(col + 1 + buffer, z);
  const north = latOf(Math.max(0, row - buffer), z);
  const south = latOf(Math.min(2 ** z, row + 1 + buffer), z);
  return [Math.max(-180, west), south, Math.min(180, east), north];
}

/** The definition a client reads from the tileset's `tiling-scheme` link (the JSON encoding). */
export function webMercatorQuad() {
  return {
    id: TILE_MATRIX_SET_ID,
    title: 'Google Maps Compatible for the World',
    uri: WEB_MERCATOR_QUAD_URI,
    crs: WEB_MERCATOR_CRS,
    orderedAxes: ['X', 'Y'] as [string, string],
    wellKnownScaleSet: 'http://www.opengis.net/def/wkss/OGC/1.0/GoogleMapsCompatible',
    tileMatrices: Array.from({ length: DEEPEST_MATRIX + 1 }, (_, z) => ({
      id: String(z),
      scaleDenominator: SCALE_0 / 2 ** z,
      cellSize: CELL_0 / 2 ** z,
      cornerOfOrigin: 'topLeft' as const,
      pointOfOrigin: [-HALF_WORLD, HALF_WORLD] as [number, number],
      tileWidth: 256,
      tileHeight: 256,
      matrixWidth: 2 ** z,
      matrixHeight: 2 ** z,
    })),
  };
}
