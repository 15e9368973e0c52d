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

/**
 * Marker sizes (diameter, px) by fire size: 8 up to 100 ha, 12 above 100, 16 above 1,000; the
 * legend's ranges are 1-100, 101-1000 and over 1000 ha.
 */
export const SIZE_CLASSES = [
  { key: 'small', maxHectares: 100, diameter: 8 },
  { key: 'medium', maxHectares: 1000, diameter: 12 },
  { key: 'large', maxHectares: Number.POSITIVE_INFINITY, diameter: 16 },
] as const;
export type SizeClass = (typeof SIZE_CLASSES)[number]['key'];

/** Every marker's dark outline (so yellow shows on light land), drawn outside the circle's radius. */
export const MARKER_STROKE_PX = 1;
/** MapLibre's circle radius for a marker whose drawn diameter, outline included, is `diameter`. */
export const markerRadius = (diameter: number) => diameter / 2 - MARKER_STROKE_PX;

export function sizeClassOf(hectares: number): SizeClass {
  if (hectares > 1000) return 'large';
  if (hectares > 100) return 'medium';
  return 'small';
}

/**
 * Legend groups and their colours: out of control red, being held yellow, under control blue, and
 * monitored (response MON) out of control purple. The hues are dark or outlined enough to stand
 * out from the base map (WCAG 1.4.11, 3:1 for graphics).
 */
export const STAGE_GROUPS = [
  { key: 'OC', colour: '#d7191c' },
  { key: 'BH', colour: '#f5c400' },
  { key: 'UC', colour: '#1f5fbf' },
  { key: 'MON_OC', colour: '#7b2cbf' },
] as const;
export type StageGroup = (typeof STAGE_GROUPS)[number]['key'];

/** A monitored fire out of control is its own group; every other fire goes by its stage. */
export function stageGroupOf(stage: string, response: string): StageGroup | undefined {
  if (stage === 'OC') return response === 'MON' ? 'MON_OC' : 'OC';
  if (stage === 'BH' || stage === 'UC') return stage;
  return undefined;
}

/** Base map colours (offline layer). */
export const BASE_COLOURS = {
  water: '#dbe9f4',
  land: '#f7f6f2',
  /** Land outside Canada: a shade darker, so Canada stands out while the coasts still read. */
  neighbour: '#e6e4de',
  border: '#8a8a8a',
} as const;
