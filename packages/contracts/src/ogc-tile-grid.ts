/**
 * The grid and addresses of the OGC vector tiles (docs/open-data.md, "Vector tiles"), apart from
 * their wire schemas in ./ogc-tiles.ts: the site's map reads these, and a module of the first
 * bundle must make no zod call at its top level (docs/decisions.md, "First load").
 */
export const TILE_MATRIX_SET_ID = 'WebMercatorQuad';
export const WEB_MERCATOR_QUAD_URI = 'http://www.opengis.net/def/tilematrixset/OGC/1.0/WebMercatorQuad';
export const WEB_MERCATOR_CRS = 'http://www.opengis.net/def/crs/EPSG/0/3857';
export const MVT_TYPE = 'application/vnd.mapbox-vector-tile';

/**
 * The deepest tile matrix served: at 16 a tile's 4,096 units are 2.4 m at the equator, finer than
 * the stored perimeters' finest shape (five decimals of a degree); a map zooms deeper on these tiles.
 */
export const OGC_TILES_MAX_ZOOM = 16;

/** The collections served as tiles; each tile holds one layer named as its collection. */
export const OGC_TILE_COLLECTIONS = ['fires', 'perimeters'] as const;
export type OgcTileCollection = (typeof OGC_TILE_COLLECTIONS)[number];

/** A tile's address under /v1 with MapLibre's `{z}/{y}/{x}` (OGC's `{tileMatrix}/{tileRow}/{tileCol}`). */
export const ogcTilesTemplate = (collection: OgcTileCollection) =>
  `/v1/ogc/collections/${collection}/tiles/${TILE_MATRIX_SET_ID}/{z}/{y}/{x}`;

/**
 * A current perimeter in a tile: the OGC collection's properties of the capture and its fire's
 * stage, response and reported size (what the public map colours and shows), and how many captures
 * the fire has. Values not known are left out of the tile (MVT has no null).
 */
export interface PerimeterTileProperties {
  id: number;
  agency_code?: string;
  agency_fire_id?: string;
  fire_name?: string;
  captured_at: string;
  area_ha: number;
  agency_area_ha?: number;
  stage_of_control?: string;
  response_type?: string;
  fire_size?: number;
  captures: number;
}
