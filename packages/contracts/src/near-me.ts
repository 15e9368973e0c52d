/**
 * "Fires near me" (docs/decisions.md, "Fires near me"): a search of Canadian communities from the
 * GeoNames gazetteer, the active fires nearest a place or a point, and an Atom feed of the fires
 * of an area. The place is named in the address as `near`: a place id of `GET /v1/places`, or
 * "latitude,longitude" (a browser's position), so a view can be shared.
 */
import { z } from 'zod';
import { STAGES_OF_CONTROL } from './codes.ts';
import { COMPASS_POINTS, NEAR_LIMIT, NEAR_RADIUS_KM, PLACES_LIMIT, parseNear } from './near-me-rules.ts';
import { LangQuery, PlainText } from './query.ts';

const Near = z
  .string()
  .max(40)
  .refine((v) => parseNear(v) !== undefined, {
    params: { code: 'field.format', format: 'place id or latitude,longitude' },
  })
  .describe('A place id of GET /v1/places, or "latitude,longitude" in decimal degrees (WGS 84)');

const RadiusKm = z.coerce
  .number()
  .int()
  .min(NEAR_RADIUS_KM.min)
  .max(NEAR_RADIUS_KM.max)
  .describe(`Kilometres around the place; default ${NEAR_RADIUS_KM.default}`);

export const PlacesQuery = z.object({
  q: PlainText(80, 1).describe(
    'The start of a community name (or of a word of it); accents and case do not matter',
  ),
  limit: z.coerce.number().int().min(1).max(PLACES_LIMIT.max).optional(),
  lang: LangQuery.optional().describe('Language of the names; else Accept-Language, else en'),
});
export type PlacesQuery = z.infer<typeof PlacesQuery>;

export const Place = z.object({
  id: z.string().describe('GeoNames id'),
  name: z
    .string()
    .describe('The name in the language asked (the official name unless it has a usual form in it)'),
  province_code: z.string().describe('Province or territory, lower case (ab ... yt, nu)'),
  province_name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  population: z.number(),
});
export type Place = z.infer<typeof Place>;

export const PlacesResponse = z.object({
  items: z.array(Place).describe('Best match first: whole-name starts, then word starts, most people first'),
  attribution: z.string().describe('The gazetteer and its licence'),
});
export type PlacesResponse = z.infer<typeof PlacesResponse>;

export const NearFiresQuery = z.object({
  near: Near,
  radius_km: RadiusKm.optional(),
  limit: z.coerce.number().int().min(1).max(NEAR_LIMIT.max).optional(),
  lang: LangQuery.optional(),
});
export type NearFiresQuery = z.infer<typeof NearFiresQuery>;

export const NearFeedQuery = z.object({
  near: Near,
  radius_km: RadiusKm.optional(),
  lang: LangQuery.optional().describe('Language of the feed: en (default) or fr'),
});

/** Where the distances are measured from: the place asked, or the point (with no name). */
export const NearOrigin = z.object({
  place: Place.nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type NearOrigin = z.infer<typeof NearOrigin>;

export const NearFire = z.object({
  field_agency_code: z.string(),
  field_agency_fire_id: z.string(),
  agency_name: z.string(),
  field_stage_of_control_status: z.enum(STAGES_OF_CONTROL),
  stage_name: z.string(),
  field_fire_size: z.number().describe('Hectares, as the agency reported'),
  field_latitude: z.number(),
  field_longitude: z.number(),
  field_status_date: z.string(),
  field_situation_report_date: z.string(),
  distance_km: z.number().describe('On the WGS 84 ellipsoid, one decimal'),
  bearing_deg: z.number().describe('From the place to the fire, degrees clockwise from north'),
  direction: z.enum(COMPASS_POINTS),
  perimeter_area_ha: z
    .number()
    .nullable()
    .describe("The area of the fire's current perimeter; null when none"),
  agency_fire_page: z
    .string()
    .describe("The agency's wildfire status page (no agency gives a per-fire address the data carries)"),
});
export type NearFire = z.infer<typeof NearFire>;

export const NearFiresResponse = z.object({
  origin: NearOrigin,
  radius_km: z.number(),
  total: z.number().describe('Active fires within the radius'),
  items: z.array(NearFire).describe('Nearest first'),
  valid_as: z.string().nullable().describe('When the fire data last changed'),
});
export type NearFiresResponse = z.infer<typeof NearFiresResponse>;
