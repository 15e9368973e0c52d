import { type Locale, PRODUCT } from '@ciffc/contracts';
import type { FireRow } from '../fires/store.ts';
import { type GeoPackageColumnType, geoPackage } from './geopackage.ts';
import { fireProperties, labels, licenceOf } from './wildfires-download.ts';

type FireAttribute = keyof ReturnType<typeof fireProperties> | keyof ReturnType<typeof labels>;

/**
 * The columns of the fires table, the GeoJSON download's properties: the dates as DATE, so a GIS
 * filters and sorts them as dates. Every property must have its type (`satisfies`), so a value the
 * other formats gain cannot go missing here.
 */
const FIRE_COLUMNS = {
  agency_code: 'TEXT',
  agency_fire_id: 'TEXT',
  agency_data_timezone: 'TEXT',
  situation_report_date: 'DATE',
  status_date: 'DATE',
  stage_of_control: 'TEXT',
  fire_cause: 'TEXT',
  response_type: 'TEXT',
  fire_size: 'REAL',
  latitude: 'REAL',
  longitude: 'REAL',
  agency_name: 'TEXT',
  stage_of_control_name: 'TEXT',
  fire_cause_name: 'TEXT',
  response_type_name: 'TEXT',
} as const satisfies Record<FireAttribute, GeoPackageColumnType>;

/** The list's current view as a GeoPackage: one `fires` point layer in WGS 84 with the licence. */
export function wildfiresGeoPackage(fires: readonly FireRow[], lang: Locale, validAs: string | null): Buffer {
  const licence = licenceOf(lang);
  return geoPackage({
    table: 'fires',
    identifier: `${PRODUCT} fires`,
    description: `${licence.attribution} ${licence.title}: ${licence.url}`,
    columns: FIRE_COLUMNS,
    features: fires.map((f) => ({
      longitude: f.longitude,
      latitude: f.latitude,
      properties: { ...fireProperties(f), ...labels(f, lang) },
    })),
    lastChange: validAs,
    metadata: { LICENSE: licence.url, LICENSE_TITLE: licence.title, ATTRIBUTION: licence.attribution },
  });
}
