/**
 * Fire perimeters (docs/perimeters.md): captures of a fire's burned area, imported from the
 * agencies' files and served simplified to the map. The wire shapes of the import and of the
 * public read, the refusal codes of a feature, the box a perimeter must lie in, and the zoom bands
 * of the map, written once for the data API and the site.
 */
import { z } from 'zod';
import type { ServerMessageCode, ServerMessageParams } from './messages/index.ts';
import { PlainText } from './query.ts';

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

const PERIMETER_FORMATS = ['geojson', 'kml', 'kmz', 'shapefile'] as const;
export type PerimeterFormat = (typeof PERIMETER_FORMATS)[number];

/** Where a stored capture came from. */
const PERIMETER_SOURCES = ['api', 'cli', 'feed', 'demo'] as const;

/**
 * The refusals of the perimeter import are codes of the one server catalogue (`perimeters.*` in
 * messages/perimeters.ts): a malformed file is refused whole (400); a feature is refused alone, with
 * one of the `perimeters.feature_*` codes.
 */
export type PerimeterMessageCode = Extract<ServerMessageCode, `perimeters.${string}`>;
export type PerimeterMessageParams = ServerMessageParams;

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** ?dry_run=&file_name= of POST /v1/perimeters/import. */
export const PerimetersImportQuery = z.object({
  dry_run: flag.describe('Check the file and answer as usual without writing'),
  file_name: PlainText(255).optional().describe("The file's name, kept in the import history"),
});

const PerimeterFire = z.object({
  agency_code: z.string().nullable().describe('null: the file did not name the agency'),
  agency_fire_id: z.string().nullable().describe('null: the file did not name the fire'),
});

const AcceptedFeature = PerimeterFire.extend({
  feature: z.number().describe('1-based position of the feature in the file'),
  captured_at: z.string().describe('The capture time (ISO 8601)'),
  area_ha: z.number().describe('Geodesic area of the polygon, hectares'),
  agency_area_ha: z.number().nullable().describe("The file's own area, hectares (US acres converted)"),
  matched: z.boolean().describe('A fire of this agency and id exists'),
  action: z
    .enum(['inserted', 'replaced', 'unchanged'])
    .describe("'replaced': the same fire's capture of the same time had another polygon"),
});

const RefusedFeature = PerimeterFire.extend({
  feature: z.number(),
  reason: z.string().describe('The refusal in English'),
  code: z.string().describe('The refusal as a code of the server catalogue (perimeters.*)'),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

/** The answer of POST /v1/perimeters/import. */
export const PerimetersImportResult = z.object({
  import_id: z
    .number()
    .nullable()
    .describe('The history id (GET /v1/perimeters/imports); null for a dry run'),
  format: z.enum(PERIMETER_FORMATS),
  dry_run: z.boolean(),
  total_features: z.number(),
  accepted_count: z.number(),
  refused_count: z.number(),
  inserted: z.number(),
  replaced: z.number(),
  unchanged: z.number(),
  unmatched_count: z.number().describe('Accepted perimeters of no known fire: kept, listed in `unmatched`'),
  accepted: z.array(AcceptedFeature).describe('The first 100 accepted features'),
  unmatched: z.array(AcceptedFeature).describe('The first 100 accepted features of no known fire'),
  refused: z.array(RefusedFeature).describe('The first 100 refused features, each with its reason'),
});
export type PerimetersImportResult = z.infer<typeof PerimetersImportResult>;

/** One import of the perimeter history. */
export const PerimeterImport = z.object({
  id: z.number(),
  created_at: z.string(),
  source: z.enum(PERIMETER_SOURCES),
  username: z.string().nullable(),
  agency_code: z.string().nullable().describe("An agency user's import: the only agency it could hold"),
  format: z.enum(PERIMETER_FORMATS),
  file_name: z.string().nullable(),
  file_bytes: z.number(),
  total_features: z.number(),
  inserted: z.number(),
  replaced: z.number(),
  unchanged: z.number(),
  refused: z.number(),
  unmatched: z.number(),
});
export type PerimeterImport = z.infer<typeof PerimeterImport>;

/** GET /v1/perimeters/imports: newest first, the last 50. */
export const PerimeterImports = z.object({ items: z.array(PerimeterImport) });

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

const bboxText = z
  .string()
  .max(120)
  .transform((text, ctx) => {
    const parts = text.split(',').map(Number);
    const [w, s, e, n] = parts as [number, number, number, number];
    if (parts.length !== 4 || parts.some((v) => !Number.isFinite(v)) || w > e || s > n || s < -90 || n > 90) {
      ctx.addIssue({
        code: 'custom',
        message: 'west,south,east,north in degrees, west <= east, south <= north',
        params: { code: 'field.bbox' },
      });
      return z.NEVER;
    }
    return [w, s, e, n] as [number, number, number, number];
  });

/** ?bbox=&zoom= of GET /v1/perimeters. */
export const PerimetersQuery = z.object({
  bbox: bboxText.optional().describe('west,south,east,north in CRS84; default: Canada'),
  zoom: z.coerce.number().min(0).max(24).default(3).describe('The map zoom: picks the simplification band'),
});

const PerimeterProperties = PerimeterFire.extend({
  id: z.number(),
  fire_name: z.string().nullable(),
  stage_of_control: z.string().nullable().describe("The fire's stage (null: no known fire)"),
  response_type: z.string().nullable(),
  fire_size: z.number().nullable().describe("The fire's reported hectares (null: no known fire)"),
  area_ha: z.number().describe('Area of the captured polygon (unsimplified), hectares'),
  agency_area_ha: z.number().nullable(),
  captured_at: z.string().describe('As of: the capture time'),
  captures: z.number().describe('How many captures of this fire are kept (its growth)'),
});
export type PerimeterProperties = z.infer<typeof PerimeterProperties>;

const Ring = z.array(z.array(z.number()));
/** GET /v1/perimeters: the current perimeter of each fire in the box, simplified for the zoom. */
export const PerimetersResponse = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.number(),
      geometry: z.union([
        z.object({ type: z.literal('Polygon'), coordinates: z.array(Ring) }),
        z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(Ring)) }),
      ]),
      properties: PerimeterProperties,
    }),
  ),
});
export type PerimetersResponse = z.infer<typeof PerimetersResponse>;

/** The licence every perimeter download names (the centre's open data licence). */
export const PERIMETERS_LICENCE_URL = 'https://open.canada.ca/en/open-government-licence-canada';

/** ?format=&captures= of GET /v1/perimeters/download. */
export const PerimetersDownloadQuery = z.object({
  format: z.enum(['geojson', 'kml']).default('geojson'),
  captures: z
    .enum(['current', 'all'])
    .default('current')
    .describe("current: each fire's newest capture; all: every capture kept (its growth)"),
});

/** GET /v1/perimeters/fires/:agency/:agency_fire_id */
export const FirePerimetersParams = z.object({
  agency: PlainText(10),
  agency_fire_id: PlainText(100, 1),
});

/** A fire's captures, oldest first, unsimplified. */
export const FirePerimeters = z.object({
  agency_code: z.string(),
  agency_fire_id: z.string(),
  items: z.array(
    z.object({
      id: z.number(),
      captured_at: z.string(),
      area_ha: z.number(),
      agency_area_ha: z.number().nullable(),
      source: z.string(),
      current: z.boolean(),
      geometry: z.object({ type: z.enum(['Polygon', 'MultiPolygon']), coordinates: z.array(z.any()) }),
    }),
  ),
});
export type FirePerimeters = z.infer<typeof FirePerimeters>;
