import { type AgencyCode, isAgencyCode } from '@ciffc/contracts';
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
 * A feature's fire and capture from its properties, in this order of precedence: the project's own
 * names (`agency`/`agency_code`, `fire_id`/`agency_fire_id`, `captured_at`, `agency_area_ha`,
 * `fire_name`, `fire_year`), the BC Wildfire Service's (`FIRE_NUMBER`, `TRACK_DATE`, `FIRE_SIZE_HECTARES`:
 * agency bc), the US interagency perimeters' (`attr_UniqueFireIdentifier`, `poly_IncidentName`,
 * `poly_DateCurrent`, `poly_GISAcres`). With no agency named, an agency user's file is its own
 * agency's. With no date, the capture is dated `now`.
 */
export function mapProperties(
  properties: Record<string, unknown>,
  options: { ownAgency: AgencyCode | undefined; now: Date },
): PerimeterFields | Refusal {
  const p = reader(properties);
  const bcNumber = p.text('FIRE_NUMBER', 'FIRE_NUMBE');
  const usId = p.text('attr_UniqueFireIdentifier', 'UniqueFireIdentifier');
  const agency =
    p.text('agency', 'agency_code')?.toLowerCase() ??
    (bcNumber ? 'bc' : undefined) ??
    options.ownAgency ??
    null;
  if (agency !== null && !isAgencyCode(agency))
    return { code: 'perimeters.feature_unknown_agency', params: { agency } };
  if (options.ownAgency && agency !== options.ownAgency)
    return {
      code: 'perimeters.feature_foreign_agency',
      params: { agency: agency ?? '', own: options.ownAgency },
    };
  // CWFIS's M3 perimeters: LASTDATE is the day of the newest hotspot the polygon holds.
  const dateValue = p.raw(
    'captured_at',
    'TRACK_DATE',
    'poly_DateCurrent',
    'DateCurrent',
    'timestamp',
    'LASTDATE',
  );
  const captured = dateValue === undefined ? options.now.toISOString() : captureTime(dateValue);
  if (!captured) return { code: 'perimeters.feature_bad_date', params: { value: String(dateValue) } };
  const acres = p.number('poly_GISAcres', 'GISAcres');
  const hectares =
    p.number('agency_area_ha', 'FIRE_SIZE_HECTARES', 'FIRE_SIZE_', 'AREA') ??
    (acres === undefined ? undefined : acres * ACRE_HA);
  // A KML Placemark's <name> is the fire's number in the files agencies and GDAL write (G70001,
  // 2026-NT-012): one word with a digit is taken as the fire id when nothing else names it; words
  // ("Donnie Creek") stay the fire's name (docs/perimeters.md).
  const name = p.text('name');
  const explicitId = p.text('fire_id', 'agency_fire_id') ?? bcNumber ?? usId;
  const nameIsNumber = !explicitId && name !== undefined && FIRE_NUMBER_LIKE.test(name);
  return {
    agency_code: agency,
    agency_fire_id: explicitId ?? (nameIsNumber ? name : undefined) ?? null,
    fire_name:
      p.text('fire_name', 'poly_IncidentName', 'IncidentName') ?? (nameIsNumber ? undefined : name) ?? null,
    fire_year: fireYear(p, agency) ?? null,
    captured_at: captured,
    agency_area_ha: hectares === undefined ? null : round2(hectares),
  };
}
