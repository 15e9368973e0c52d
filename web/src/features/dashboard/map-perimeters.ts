import { CANADA_BOX, ogcTilesTemplate, type PerimeterProperties } from '@ciffc/contracts';
import type { Geometry } from 'geojson';
import type { ExpressionSpecification } from 'maplibre-gl';
import { STAGE_GROUPS, type StageGroup, stageGroupOf } from '../../shared/map/constants.ts';

/** A perimeter's group: its fire's stage group, or NONE (no known fire, or a fire that is out). */
type PerimeterGroup = StageGroup | 'NONE';

/** A perimeter's properties as the map shows them, with the legend group. */
export interface MapPerimeterProperties extends PerimeterProperties {
  group: PerimeterGroup;
}

/** Perimeters of no reported fire (or of a fire that is out): grey, as they carry no stage. */
export const PERIMETER_NONE_COLOUR = '#6b6b6b';

/** The layer of the perimeters' vector tiles (each tile holds one layer, named as its collection). */
export const PERIMETER_TILE_LAYER = 'perimeters';

/**
 * The vector source of the perimeters: the API's OGC tiles (docs/open-data.md, "Vector tiles"), one
 * cached answer per tile and data version instead of one GeoJSON answer per view. Tiles are asked
 * up to 12 and drawn deeper from those; none outside Canada's box (the API answers those 404).
 * An absolute address: MapLibre fetches tiles from its worker, where a path has no page to go by.
 */
export function perimeterTilesSource(origin: string) {
  return {
    tiles: [`${origin}${ogcTilesTemplate('perimeters')}`],
    minzoom: PERIMETER_TILES_MIN_ZOOM,
    maxzoom: PERIMETER_TILES_MAX_ZOOM,
    bounds: [...CANADA_BOX] as [number, number, number, number],
  };
}
const PERIMETER_TILES_MIN_ZOOM = 0;
const PERIMETER_TILES_MAX_ZOOM = 12;

const tileColumn = (lon: number, n: number) => Math.floor(((lon + 180) / 360) * n);
const tileRow = (lat: number, n: number) => {
  const rad = (Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 180;
  return Math.floor(((1 - Math.asinh(Math.tan(rad)) / Math.PI) / 2) * n);
};

/**
 * The perimeter tiles MapLibre asks for a view (its box in degrees, its zoom): the source's tiles
 * are 512 px, so their matrix is the zoom rounded down, within the source's zooms and Canada's box
 * (the API has no tile outside it). Addresses as the source writes them.
 */
export function perimeterTilesInView(
  origin: string,
  [west, south, east, north]: readonly [number, number, number, number],
  zoom: number,
): string[] {
  const z = Math.max(PERIMETER_TILES_MIN_ZOOM, Math.min(PERIMETER_TILES_MAX_ZOOM, Math.floor(zoom)));
  const n = 2 ** z;
  const [boxWest, boxSouth, boxEast, boxNorth] = CANADA_BOX;
  const w = Math.max(west, boxWest);
  const e = Math.min(east, boxEast);
  const s = Math.max(south, boxSouth);
  const north_ = Math.min(north, boxNorth);
  if (w > e || s > north_) return [];
  const clamp = (v: number) => Math.max(0, Math.min(n - 1, v));
  const template = `${origin}${ogcTilesTemplate('perimeters')}`;
  const tiles: string[] = [];
  for (let y = clamp(tileRow(north_, n)); y <= clamp(tileRow(s, n)); y++)
    for (let x = clamp(tileColumn(w, n)); x <= clamp(tileColumn(e, n)); x++)
      tiles.push(template.replace('{z}', String(z)).replace('{y}', String(y)).replace('{x}', String(x)));
  return tiles;
}

const prefetched = new Set<string>();

/**
 * Reads the view's perimeter tiles into the HTTP cache while the fires are drawn (they are cached
 * for 15 minutes, `Cache-Control`), so that when the perimeters are shown MapLibre's worker finds
 * them there instead of waiting a round trip: on the throttled phone that was 0.4 s of the 1.6 s
 * between the fires and the perimeters. Only the network: the tiles are parsed when shown, so the
 * fires' first frame does not wait for them (docs/decisions.md, "The public map").
 */
export function prefetchPerimeterTiles(urls: readonly string[]): void {
  for (const url of urls) {
    if (prefetched.has(url)) continue;
    prefetched.add(url);
    void fetch(url)
      .then((r) => r.arrayBuffer())
      .catch(() => prefetched.delete(url));
  }
}

/**
 * `stageGroupOf` as a MapLibre expression over a tile feature's `stage_of_control` and
 * `response_type`, NONE for a perimeter without a fire that burns: the tiles carry the fire's codes
 * (the same for every map that reads them), the map its own legend groups.
 */
export const PERIMETER_GROUP: ExpressionSpecification = [
  'case',
  ['all', ['==', ['get', 'stage_of_control'], 'OC'], ['==', ['get', 'response_type'], 'MON']],
  'MON_OC',
  ['match', ['get', 'stage_of_control'], ['OC', 'BH', 'UC'], ['get', 'stage_of_control'], 'NONE'],
];

/** Each group's colour, grey for NONE. */
export const PERIMETER_COLOUR: ExpressionSpecification = [
  'match',
  PERIMETER_GROUP,
  ...STAGE_GROUPS.flatMap((g) => [g.key, g.colour]),
  PERIMETER_NONE_COLOUR,
] as ExpressionSpecification;

/** A `#rrggbb` colour at an opacity, as MapLibre reads colours. */
const translucent = (hex: string, opacity: number) =>
  `rgba(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')}, ${opacity})`;

/**
 * The perimeter's area: its stage's colour, translucent. The outline is the fill's own
 * (`fill-outline-color`, solid): a line layer of its own doubled the worker's work on each tile
 * (a bucket per layer for 2,000 perimeters) and delayed the perimeters a tenth of a second or more.
 */
export const PERIMETER_FILL_COLOUR: ExpressionSpecification = [
  'match',
  PERIMETER_GROUP,
  ...STAGE_GROUPS.flatMap((g) => [g.key, translucent(g.colour, 0.3)]),
  translucent(PERIMETER_NONE_COLOUR, 0.3),
] as ExpressionSpecification;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

/**
 * A drawn perimeter's properties as a tile gives them (a value not known is absent: MVT has no
 * null), or undefined without an id or an area: read, never thrown on.
 */
export function perimeterOfTile(
  p: Record<string, unknown> | null | undefined,
): MapPerimeterProperties | undefined {
  const id = num(p?.id);
  const area = num(p?.area_ha);
  if (!p || id === null || area === null) return undefined;
  const stage = text(p.stage_of_control)?.toUpperCase() ?? null;
  const response = text(p.response_type)?.toUpperCase() ?? null;
  return {
    id,
    agency_code: text(p.agency_code),
    agency_fire_id: text(p.agency_fire_id),
    fire_name: text(p.fire_name),
    stage_of_control: stage,
    response_type: response,
    fire_size: num(p.fire_size),
    area_ha: area,
    agency_area_ha: num(p.agency_area_ha),
    captured_at: text(p.captured_at) ?? '',
    captures: num(p.captures) ?? 1,
    group: (stage && stageGroupOf(stage, response ?? '')) || 'NONE',
  };
}

/**
 * Where a perimeter's popup points when opened from the keyboard: the middle of the box of its drawn
 * pieces (a perimeter comes back from the tiles cut at their edges, one piece per tile).
 */
export function perimeterPoint(
  pieces: readonly Geometry[],
): { longitude: number; latitude: number } | undefined {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const geometry of pieces) {
    if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') continue;
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    for (const polygon of polygons)
      for (const [x = 0, y = 0] of polygon[0] ?? []) {
        west = Math.min(west, x);
        east = Math.max(east, x);
        south = Math.min(south, y);
        north = Math.max(north, y);
      }
  }
  if (west > east) return undefined;
  return { longitude: (west + east) / 2, latitude: (south + north) / 2 };
}

/** The mapped area against the reported hectares: the difference and its share, or undefined. */
export function differenceFromReported(p: Pick<PerimeterProperties, 'area_ha' | 'fire_size'>) {
  if (p.fire_size === null || p.fire_size <= 0) return undefined;
  const hectares = p.area_ha - p.fire_size;
  return { hectares, share: hectares / p.fire_size };
}
