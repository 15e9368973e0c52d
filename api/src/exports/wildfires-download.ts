import {
  agencyByCode,
  CRS84,
  FIRE_CAUSE_NAMES,
  type FireCause,
  type Locale,
  NATIONAL_FIRES_COLUMN_NAMES,
  NATIONAL_FIRES_COLUMNS,
  OPEN_DATA_LICENCE,
  PERIMETER_AREA_COLUMN,
  PRODUCT,
  RESPONSE_TYPE_NAMES,
  type ResponseType,
  STAGE_OF_CONTROL_NAMES,
  type StageOfControl,
  toSemicolonCsv,
  type WildfiresDownloadFormat,
} from '@ciffc/contracts';
import type { FireRow } from '../fires/store.ts';
import { escapeXml } from '../http/xml.ts';
import { fireKey } from '../perimeters/store.ts';
import { type CsvCell, recordsToCsv } from './csv.ts';

/** The fire values every format carries, under the OGC layer's property names (one schema for GIS users). */
export function fireProperties(f: FireRow) {
  return {
    agency_code: f.agency_code,
    agency_fire_id: f.agency_fire_id,
    agency_data_timezone: f.agency_data_timezone,
    situation_report_date: f.situation_report_date,
    status_date: f.status_date,
    stage_of_control: f.stage_of_control,
    fire_cause: f.fire_cause,
    // Not reported counts as a full response (docs/spec/public-site.md 3), as the list shows it.
    response_type: f.response_type ?? 'FUL',
    fire_size: f.fire_size,
    latitude: f.latitude,
    longitude: f.longitude,
  };
}

/** The codes' names in one language; an unknown code (never stored by the import) is shown as is. */
export function labels(f: FireRow, lang: Locale) {
  const p = fireProperties(f);
  return {
    agency_name: agencyByCode(p.agency_code)?.name[lang] ?? p.agency_code,
    stage_of_control_name:
      STAGE_OF_CONTROL_NAMES[p.stage_of_control as StageOfControl]?.[lang] ?? p.stage_of_control,
    fire_cause_name: p.fire_cause
      ? (FIRE_CAUSE_NAMES[p.fire_cause as FireCause]?.[lang] ?? p.fire_cause)
      : null,
    response_type_name: RESPONSE_TYPE_NAMES[p.response_type as ResponseType]?.[lang] ?? p.response_type,
  };
}

/** The mapped area of each fire's current perimeter, by `fireKey` (none: no perimeter). */
export type PerimeterAreas = ReadonlyMap<string, number>;

/** A fire's perimeter area in hectares to two decimals, or an empty cell. */
const areaOf = (f: FireRow, areas: PerimeterAreas): number | null => {
  const area = areas.get(fireKey(f.agency_code, f.agency_fire_id));
  return area === undefined ? null : Math.round(area * 100) / 100;
};

/**
 * The machine-readable CSV: the specification's field names and raw codes, as /v1/wildfires
 * exports it, then the perimeter's area.
 */
function codesCsv(fires: readonly FireRow[], areas: PerimeterAreas, excelFr = false): string {
  const rows = fires.map((f) => {
    const p = fireProperties(f);
    const fields = {
      field_agency_fire_id: p.agency_fire_id,
      field_agency_code: p.agency_code,
      field_agency_data_timezone: p.agency_data_timezone,
      field_situation_report_date: p.situation_report_date,
      field_status_date: p.status_date,
      field_stage_of_control_status: p.stage_of_control,
      field_system_fire_cause: p.fire_cause,
      field_response_type: p.response_type,
      field_fire_size: p.fire_size,
      field_latitude: p.latitude,
      field_longitude: p.longitude,
    } satisfies Record<(typeof NATIONAL_FIRES_COLUMNS)[number], CsvCell>;
    return { ...fields, [PERIMETER_AREA_COLUMN.code]: areaOf(f, areas) };
  });
  const columns = [...NATIONAL_FIRES_COLUMNS, PERIMETER_AREA_COLUMN.code] as const;
  if (excelFr)
    return toSemicolonCsv(
      columns,
      rows.map((r) => columns.map((c) => r[c])),
    );
  return recordsToCsv(columns, rows);
}

/** The CSV a person opens: the list's column names and the codes' names in the page's language. */
function labelledCsv(fires: readonly FireRow[], lang: Locale, areas: PerimeterAreas): string {
  const header = [
    ...NATIONAL_FIRES_COLUMNS.map((c) => NATIONAL_FIRES_COLUMN_NAMES[c][lang]),
    PERIMETER_AREA_COLUMN.name[lang],
  ];
  const rows = fires.map((f) => {
    const p = fireProperties(f);
    const l = labels(f, lang);
    const cells: CsvCell[] = [
      p.agency_fire_id,
      l.agency_name,
      p.agency_data_timezone,
      p.situation_report_date,
      p.status_date,
      l.stage_of_control_name,
      l.fire_cause_name,
      l.response_type_name,
      p.fire_size,
      p.latitude,
      p.longitude,
      areaOf(f, areas),
    ];
    return Object.fromEntries(header.map((h, i) => [h, cells[i]])) as Record<string, CsvCell>;
  });
  return recordsToCsv(header, rows);
}

/** The licence and attribution a download carries, in the language asked. */
export function licenceOf(lang: Locale) {
  return {
    title: OPEN_DATA_LICENCE[lang].title,
    url: OPEN_DATA_LICENCE[lang].url,
    attribution: OPEN_DATA_LICENCE.attribution[lang],
  };
}

/**
 * RFC 7946 GeoJSON. It dropped the `crs` member and fixed CRS84; the old named-CRS member is kept
 * as well, because GDAL and QGIS read it and a reader can then see the CRS without knowing the RFC.
 * The licence travels as a foreign member (`license`, `attribution`), as the OGC landing page names them.
 */
function geoJson(fires: readonly FireRow[], lang: Locale, validAs: string | null): string {
  const licence = licenceOf(lang);
  return JSON.stringify({
    type: 'FeatureCollection',
    name: `${PRODUCT} fires`,
    crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:OGC:1.3:CRS84' } },
    license: licence.url,
    metadata: {
      title: licence.title,
      license: licence.url,
      attribution: licence.attribution,
      crs: CRS84,
      valid_as: validAs,
      number_matched: fires.length,
    },
    features: fires.map((f) => ({
      type: 'Feature',
      id: `${f.agency_code}-${f.agency_fire_id}`,
      geometry: { type: 'Point', coordinates: [f.longitude, f.latitude] },
      properties: { ...fireProperties(f), ...labels(f, lang) },
    })),
  });
}

/** KML 2.2 (docs/decisions.md, "Fire downloads"): a Placemark per fire, its values as ExtendedData. */
function kml(fires: readonly FireRow[], lang: Locale): string {
  const licence = licenceOf(lang);
  const placemarks = fires.map((f) => {
    const values = { ...fireProperties(f), ...labels(f, lang) };
    const data = Object.entries(values)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => `<Data name="${k}"><value>${escapeXml(String(v))}</value></Data>`)
      .join('');
    const id = escapeXml(`${f.agency_code}-${f.agency_fire_id}`);
    return `<Placemark id="${id}"><name>${id}</name><ExtendedData>${data}</ExtendedData><Point><coordinates>${f.longitude},${f.latitude}</coordinates></Point></Placemark>`;
  });
  const description = escapeXml(`${licence.attribution} ${licence.title}: ${licence.url}`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>${PRODUCT} fires</name><description>${description}</description>${placemarks.join('')}</Document></kml>\n`;
}

/** The body of one download of the list's current view; no fire gives a valid, empty file. */
export function wildfiresDownload(
  format: Exclude<WildfiresDownloadFormat, 'gpkg'>,
  fires: readonly FireRow[],
  lang: Locale,
  validAs: string | null,
  areas: PerimeterAreas,
): string {
  switch (format) {
    case 'csv':
      return labelledCsv(fires, lang, areas);
    case 'csv-codes':
      return codesCsv(fires, areas);
    case 'csv-excel-fr':
      return codesCsv(fires, areas, true);
    case 'geojson':
      return geoJson(fires, lang, validAs);
    case 'kml':
      return kml(fires, lang);
  }
}
