/**
 * The numbers of a perimeter that the map and the import share: the box a perimeter must lie in, its
 * size bounds and the map's zoom bands. Kept apart from the wire schemas of ./perimeters.ts, so the
 * site's first bundle, which reads the map's bands, carries no zod (docs/performance.md, "First load").
 */
/** Canada's box in CRS84 with a margin (a perimeter on the border may cross it by a few km). */
export const CANADA_BOX = [-141.5, 41.5, -52, 83.5] as const;

/**
 * Largest area one perimeter may have: above Canada's largest recorded fire complex (Chinchaga,
 * 1950, about 1.4 million ha) with room; a larger polygon is a unit or projection mistake.
 */
export const MAX_PERIMETER_HA = 3_000_000;
/** Smallest: a polygon under a hundredth of a hectare (10 m by 10 m) is a digitising artefact. */
export const MIN_PERIMETER_HA = 0.01;
/** Vertices of one feature, all rings together: beyond it the file is refused feature by feature. */
export const MAX_PERIMETER_VERTICES = 200_000;

/**
 * Zoom bands of the map (MapLibre zoom): each has a simplification tolerance and a coordinate
 * precision in degrees, about half a screen pixel at the band's deepest zoom, so what is dropped
 * cannot be seen; and the grid a requested box is snapped to, so views share cached answers.
 */
export const PERIMETER_ZOOM_BANDS = [
  { maxZoom: 4, tolerance: 0.02, digits: 2, grid: 0 },
  { maxZoom: 6, tolerance: 0.004, digits: 3, grid: 10 },
  { maxZoom: 8, tolerance: 0.001, digits: 4, grid: 2 },
  { maxZoom: 10, tolerance: 0.0002, digits: 4, grid: 0.5 },
  { maxZoom: 24, tolerance: 0.00004, digits: 5, grid: 0.1 },
] as const;
export type PerimeterZoomBand = (typeof PERIMETER_ZOOM_BANDS)[number];

export function zoomBand(zoom: number): PerimeterZoomBand {
  return (
    PERIMETER_ZOOM_BANDS.find((b) => zoom <= b.maxZoom) ??
    (PERIMETER_ZOOM_BANDS[PERIMETER_ZOOM_BANDS.length - 1] as PerimeterZoomBand)
  );
}

/**
 * The box the map asks for at a zoom: its view snapped outward to the band's grid (the whole of
 * Canada at the lowest band), so that every view of a region at one band asks the same URL.
 */
export function perimeterRequestBox(
  view: readonly [number, number, number, number],
  zoom: number,
): [number, number, number, number] {
  const { grid } = zoomBand(zoom);
  if (!grid) return [...CANADA_BOX];
  const down = (v: number) => Math.floor(v / grid) * grid;
  const up = (v: number) => Math.ceil(v / grid) * grid;
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return [
    round(Math.max(CANADA_BOX[0], down(view[0]))),
    round(Math.max(CANADA_BOX[1], down(view[1]))),
    round(Math.min(CANADA_BOX[2], up(view[2]))),
    round(Math.min(CANADA_BOX[3], up(view[3]))),
  ];
}
