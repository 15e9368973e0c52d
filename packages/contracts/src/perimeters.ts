/**
 * Fire perimeters (docs/perimeters.md): captures of a fire's burned area, imported from the
 * agencies' files and served simplified to the map. The wire shapes of the import and of the
 * public read, the refusal codes of a feature, the box a perimeter must lie in, and the zoom bands
 * of the map, written once for the data API and the site.
 */
import { z } from 'zod';
import { AGENCY_CODES } from './agencies.ts';
import type { ServerMessageCode, ServerMessageParams } from './messages/index.ts';
import { PlainText } from './query.ts';

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

/**
 * The fields a user may map to an attribute of the file (docs/perimeters.md, "Field mapping"):
 * the fire number, the capture date, the agency and the agency's hectares.
 */
export const PERIMETER_MAPPED_FIELDS = ['fire_id', 'captured_at', 'agency', 'area_ha'] as const;
export type PerimeterMappedField = (typeof PERIMETER_MAPPED_FIELDS)[number];

/** An attribute of the file, as its format names it (compared without case). */
const AttributeName = PlainText(100, 1);

/** The query parameter naming the attribute of each mapped field: `fire_id_field`, ... */
export const mappingParameter = (field: PerimeterMappedField) => `${field}_field` as const;

/**
 * ?dry_run=&file_name=&inspect=&agency= and the field mapping of POST /v1/perimeters/import. A
 * field not mapped is found by the property names of docs/perimeters.md.
 */
export const PerimetersImportQuery = z.object({
  dry_run: flag.describe('Check the file and answer as usual without writing'),
  file_name: PlainText(255).optional().describe("The file's name, kept in the import history"),
  inspect: flag.describe(
    "Answer the file's attributes and the field mapping proposed for it (PerimetersInspectResult), without checking or writing",
  ),
  fire_id_field: AttributeName.optional().describe('The attribute holding the fire number'),
  captured_at_field: AttributeName.optional().describe('The attribute holding the capture date'),
  agency_field: AttributeName.optional().describe('The attribute holding the agency code'),
  area_ha_field: AttributeName.optional().describe("The attribute holding the agency's hectares"),
  agency: z
    .enum(AGENCY_CODES)
    .optional()
    .describe(
      'The agency of every feature whose agency the file (or the mapped attribute) does not give; an agency user may give only its own',
    ),
});
export type PerimetersImportQuery = z.infer<typeof PerimetersImportQuery>;

/** Which attribute holds each mapped field; null: none (found automatically, if at all). */
export const PerimeterFieldMapping = z.object({
  fire_id: z.string().nullable(),
  captured_at: z.string().nullable(),
  agency: z.string().nullable(),
  area_ha: z.string().nullable(),
});
export type PerimeterFieldMapping = z.infer<typeof PerimeterFieldMapping>;

/** A mapping remembered for an agency's files (or the national centre's, `ciffc`). */
export const SavedPerimeterMapping = PerimeterFieldMapping.extend({
  agency_code: z.string().describe("The agency whose files it maps; 'ciffc': the national centre's own"),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type SavedPerimeterMapping = z.infer<typeof SavedPerimeterMapping>;

/** The answer of POST /v1/perimeters/import?inspect=true: what the mapping step shows. */
export const PerimetersInspectResult = z.object({
  format: z.enum(PERIMETER_FORMATS),
  total_features: z.number(),
  attributes: z
    .array(z.object({ name: z.string(), samples: z.array(z.string()).describe('Up to 3 values') }))
    .describe("The features' attribute names, in the order first met"),
  detected: PerimeterFieldMapping.describe('What the automatic mapping would read'),
  saved: z
    .array(SavedPerimeterMapping)
    .describe('The mappings remembered that this user may use (an agency user: its own)'),
  proposed: PerimeterFieldMapping.describe(
    'The remembered mapping of the agency (its attributes all in the file), else the detected one',
  ),
  proposed_from: z.string().nullable().describe('The agency whose remembered mapping is proposed'),
});
export type PerimetersInspectResult = z.infer<typeof PerimetersInspectResult>;

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
  code: z
    .string()
    .optional()
    .describe('Unmatched: why, as a code of the server catalogue (perimeters.unmatched_*)'),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  reason: z.string().optional().describe('Unmatched: why, in English'),
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
  unmatched_reasons: z
    .record(z.string(), z.number())
    .describe('How many accepted features of no known fire there are for each reason (its code)'),
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

/** ?format=&captures= of GET /v1/perimeters/download. */
export const PerimetersDownloadQuery = z.object({
  format: z
    .enum(['geojson', 'kml', 'gpkg'])
    .default('geojson')
    .describe('geojson (CRS84), kml or gpkg (GeoPackage, EPSG:4326)'),
  lang: z
    .enum(['en', 'fr'])
    .optional()
    .describe('The language of the names and the licence (else Accept-Language)'),
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
