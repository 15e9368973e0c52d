import { type AgencyCode, isAgencyCode, type PerimeterFieldMapping } from '@ciffc/contracts';
import { fireYearOf } from './fire-year.ts';
import type { Refusal } from './geometry.ts';

/** What a feature's properties say of its fire and capture (docs/perimeters.md, "Property mapping"). */
export interface PerimeterFields {
  agency_code: string | null;
  agency_fire_id: string | null;
  fire_name: string | null;
  /** The fire's season as the file says it (`FIRE_YEAR`, or the year of the fire's discovery). */
  fire_year: number | null;
  captured_at: string;
  agency_area_ha: number | null;
}

const ACRE_HA = 0.40468564224;

/** Property names compared without case: GIS tools change it (and Shapefiles cut names at 10). */
function reader(properties: Record<string, unknown>) {
  const byName = new Map(Object.entries(properties).map(([k, v]) => [k.toLowerCase(), v]));
  const first = (...names: string[]) => {
    for (const name of names) {
      const value = byName.get(name.toLowerCase());
      if (value !== undefined && value !== null && value !== '') return value;
    }
    return undefined;
  };
  return {
    text: (...names: string[]) => {
      const v = first(...names);
      return typeof v === 'string' ? v.trim() || undefined : typeof v === 'number' ? String(v) : undefined;
    },
    number: (...names: string[]) => {
      const v = first(...names);
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
      return Number.isFinite(n) && n >= 0 ? n : undefined;
    },
    raw: first,
  };
}

/**
 * A capture time as ISO 8601: a date or date-time text, `YYYYMMDD` (BC's older exports), or epoch
 * milliseconds (ArcGIS services' dates), or a Date (a Shapefile's date field, as shpjs reads it);
 * undefined when it is none of them.
 */
function captureTime(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return new Date(value).toISOString();
  if (typeof value !== 'string') return undefined;
  // GDAL writes KML and CSV dates with slashes (2026/07/10 14:05:00): read as the ISO form.
  const text = value.trim().replace(/^(\d{4})\/(\d{2})\/(\d{2})/, '$1-$2-$3');
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  const iso = compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : text;
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(iso)) return undefined;
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** One word holding a digit: how fire numbers look (G70001, 2026-NT-012, MB-0042). */
const FIRE_NUMBER_LIKE = /^(?=\S*\d)[\p{L}\p{N}][\p{L}\p{N}._/-]*$/u;

/**
 * The fire's year: `fire_year` / BC's and the US's `FIRE_YEAR`, else the agency's fire year of the
 * US discovery time (`FireDiscoveryDateTime`). Undefined when the file says neither.
 */
function fireYear(p: ReturnType<typeof reader>, agency: string | null): number | undefined {
  const year = p.number('fire_year', 'FIRE_YEAR');
  if (year !== undefined && Number.isInteger(year) && year >= 1900 && year <= 2200) return year;
  const discovered = captureTime(p.raw('FireDiscoveryDateTime', 'attr_FireDiscoveryDateTime', 'FIREDISCOVE'));
  return discovered === undefined ? undefined : fireYearOf(agency, discovered);
}

/**
 * The property names read for each mapped field when the user maps none, in order of precedence:
 * the project's own, the BC Wildfire Service's, the US interagency perimeters', CWFIS's M3
 * (docs/perimeters.md, "Property mapping").
 */
const AGENCY_NAMES = ['agency', 'agency_code'];
const BC_NUMBER_NAMES = ['FIRE_NUMBER', 'FIRE_NUMBE'];
const US_ID_NAMES = ['attr_UniqueFireIdentifier', 'UniqueFireIdentifier'];
const FIRE_ID_NAMES = ['fire_id', 'agency_fire_id', ...BC_NUMBER_NAMES, ...US_ID_NAMES];
// CWFIS's M3 perimeters: LASTDATE is the day of the newest hotspot the polygon holds.
const DATE_NAMES = ['captured_at', 'TRACK_DATE', 'poly_DateCurrent', 'DateCurrent', 'timestamp', 'LASTDATE'];
const HECTARE_NAMES = ['agency_area_ha', 'FIRE_SIZE_HECTARES', 'FIRE_SIZE_', 'AREA'];
const ACRE_NAMES = ['poly_GISAcres', 'GISAcres'];

/** What the user chose (docs/perimeters.md, "Field mapping"): attributes, and the whole file's agency. */
export interface MappingChoice {
  mapping?: Partial<PerimeterFieldMapping> | undefined;
  /** The agency of every feature whose agency neither the mapped attribute nor the file gives. */
  fileAgency?: AgencyCode | undefined;
}

/**
 * The attributes the automatic mapping reads in a file of these attribute names: what the mapping
 * step proposes when no mapping is remembered. A KML Placemark's `name` is proposed as the fire
 * number when nothing else names the fire (it is read so only when it looks like one).
 */
export function detectMapping(names: readonly string[]): PerimeterFieldMapping {
  const byName = new Map(names.map((n) => [n.toLowerCase(), n]));
  const find = (candidates: readonly string[]) => {
    for (const c of candidates) {
      const found = byName.get(c.toLowerCase());
      if (found !== undefined) return found;
    }
    return null;
  };
  return {
    fire_id: find(FIRE_ID_NAMES) ?? find(['name']),
    captured_at: find(DATE_NAMES),
    agency: find(AGENCY_NAMES),
    area_ha: find([...HECTARE_NAMES, ...ACRE_NAMES]),
  };
}

/** The attribute of the file a name denotes, compared without case (as the features are read). */
export const attributeIn = (names: readonly string[], name: string) =>
  names.find((n) => n.toLowerCase() === name.toLowerCase());

/**
 * A feature's fire and capture from its properties, in this order of precedence: the attribute the
 * user mapped to the field, else the project's own names (`agency`/`agency_code`,
 * `fire_id`/`agency_fire_id`, `captured_at`, `agency_area_ha`, `fire_name`, `fire_year`), the BC
 * Wildfire Service's (`FIRE_NUMBER`, `TRACK_DATE`, `FIRE_SIZE_HECTARES`: agency bc), the US
 * interagency perimeters' (`attr_UniqueFireIdentifier`, `poly_IncidentName`, `poly_DateCurrent`,
 * `poly_GISAcres`). With no agency named, the whole file's agency chosen, else an agency user's file
 * is its own agency's. With no date, the capture is dated `now`.
 */
export function mapProperties(
  properties: Record<string, unknown>,
  options: { ownAgency: AgencyCode | undefined; now: Date } & MappingChoice,
): PerimeterFields | Refusal {
  const p = reader(properties);
  const mapped = options.mapping ?? {};
  const bcNumber = mapped.fire_id ? undefined : p.text(...BC_NUMBER_NAMES);
  const usId = mapped.fire_id ? undefined : p.text(...US_ID_NAMES);
  // A mapped agency attribute is the agency; the whole file's agency stands in where it is empty,
  // and overrides what the file's own names would say (the user chose it for the file).
  const named = mapped.agency
    ? p.text(mapped.agency)?.toLowerCase()
    : options.fileAgency
      ? undefined
      : (p.text(...AGENCY_NAMES)?.toLowerCase() ?? (bcNumber ? 'bc' : undefined));
  const agency = named ?? options.fileAgency ?? options.ownAgency ?? null;
  if (agency !== null && !isAgencyCode(agency))
    return { code: 'perimeters.feature_unknown_agency', params: { agency } };
  if (options.ownAgency && agency !== options.ownAgency)
    return {
      code: 'perimeters.feature_foreign_agency',
      params: { agency: agency ?? '', own: options.ownAgency },
    };
  const dateValue = mapped.captured_at ? p.raw(mapped.captured_at) : p.raw(...DATE_NAMES);
  const captured = dateValue === undefined ? options.now.toISOString() : captureTime(dateValue);
  if (!captured) return { code: 'perimeters.feature_bad_date', params: { value: String(dateValue) } };
  const acres = mapped.area_ha ? undefined : p.number(...ACRE_NAMES);
  const hectares = mapped.area_ha
    ? p.number(mapped.area_ha)
    : (p.number(...HECTARE_NAMES) ?? (acres === undefined ? undefined : acres * ACRE_HA));
  // A KML Placemark's <name> is the fire's number in the files agencies and GDAL write (G70001,
  // 2026-NT-012): one word with a digit is taken as the fire id when nothing else names it; words
  // ("Donnie Creek") stay the fire's name (docs/perimeters.md).
  const name = p.text('name');
  const explicitId = mapped.fire_id
    ? p.text(mapped.fire_id)
    : (p.text('fire_id', 'agency_fire_id') ?? bcNumber ?? usId);
  const nameIsNumber = !mapped.fire_id && !explicitId && name !== undefined && FIRE_NUMBER_LIKE.test(name);
  const nameIsMapped = mapped.fire_id?.toLowerCase() === 'name';
  return {
    agency_code: agency,
    agency_fire_id: explicitId ?? (nameIsNumber ? name : undefined) ?? null,
    fire_name:
      p.text('fire_name', 'poly_IncidentName', 'IncidentName') ??
      (nameIsNumber || nameIsMapped ? undefined : name) ??
      null,
    fire_year: fireYear(p, agency) ?? null,
    captured_at: captured,
    agency_area_ha: hectares === undefined ? null : round2(hectares),
  };
}
