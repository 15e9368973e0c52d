/**
 * The legacy minimum (3.8) equalled the initial zoom, so a phone could never see the
 * country. The map now opens fitted to Canada (MAP_FIT_BOUNDS) and can zoom out to the whole
 * continent on any screen.
 */
export const MAP_MIN_ZOOM = 1.5;
export const MAP_MAX_ZOOM = 7.5;
/**
 * The view the map opens on, [[west, south], [east, north]]: the provinces and the territories up
 * to the tree line (fires burn south of 70° N); the Arctic islands are reached by zooming out. The
 * fires' own extent is added to it, so every active fire is in view at load.
 */
export const MAP_FIT_BOUNDS: [[number, number], [number, number]] = [
  [-141, 41.6],
  [-52.6, 69.7],
];

/** The smallest box holding `bounds` and every point, [[west, south], [east, north]]. */
export function extendBounds(
  bounds: [[number, number], [number, number]],
  points: Iterable<[number, number]>,
): [[number, number], [number, number]] {
  let [[west, south], [east, north]] = bounds;
  for (const [lon, lat] of points) {
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) continue;
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}
export const MAP_HEIGHT_PX = 600;
export const toMapLibreZoom = (zoom: number) => zoom - 1;
/** Where a popup opens when a fire has no usable position. */
export const DEFAULT_POPUP_CENTRE = { latitude: 54.56, longitude: -98.15 } as const;

export {
  BASE_COLOURS,
  SIZE_CLASSES,
  type SizeClass,
  STAGE_GROUPS,
  type StageGroup,
  sizeClassOf,
  stageGroupOf,
} from '@ciffc/contracts/site';

/** Every marker's dark outline (so yellow shows on light land), drawn outside the circle's radius. */
export const MARKER_STROKE_PX = 1;
/** MapLibre's circle radius for a marker whose drawn diameter, outline included, is `diameter`. */
export const markerRadius = (diameter: number) => diameter / 2 - MARKER_STROKE_PX;
