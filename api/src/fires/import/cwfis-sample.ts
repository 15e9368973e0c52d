import { CWFIS_COLUMNS } from './cwfis.ts';

/**
 * Files in the CWFIS national active-fires layout with each of its quirks, for the tests and the
 * benchmark: comma-and-space separators, CRLF, lower-case agencies, US rows, a missing trailing
 * time zone, an empty start date, stages the specification does not know.
 */
export interface CwfisRow {
  agency: string;
  firename: string;
  lat: number;
  lon: number;
  startdate: string;
  hectares: number;
  stage_of_control: string;
  /** Omitted: the row ends before the column (the file has no response_type then). */
  timezone?: string;
  response_type?: string;
}

export const CWFIS_QUIRK_ROWS: readonly CwfisRow[] = [
  row('bc', '2026-G80175', 50.67, -120.33, '2026-07-10 14:30:00', 1250.5, 'OC', 'PDT', 'FUL'),
  row('on', 'SWF-060-2026', 46.5, -81.0, '2026-07-11 09:00:00', 3.2, 'BH', 'EDT', 'MOD'),
  row('on', 'KEN-012-2026', 49.77, -94.49, '2026-07-11 23:15:00', 0.5, 'UC', 'CDT', 'MON'),
  row('nt', '26LA-DECEPTION', 62.45, -114.37, '2026-07-09 18:00:00', 80, 'OC', 'MDT', 'FUL'),
  row('qc', '617', 48.5, -72.0, '2026-07-12 08:00:00', 12, 'OC', 'EDT', 'FUL'),
  row('sk', 'SK-PADDOCK', 55.0, -106.0, '2026-07-08 12:00:00', 400, 'BH', 'CST', 'FUL'),
  row('mb', 'MB-0042', 54.0, -98.0, '2026-07-08 12:00:00', 40, 'UC', 'CDT', 'MOD'),
  row('nl', 'NL-7', 48.9, -55.6, '2026-07-07 10:00:00', 2, 'OUT', 'NDT', 'MON'),
  row('ns', 'NS-3', 44.9, -63.5, '2026-07-07 10:00:00', 1, 'OUT', 'ADT', 'FUL'),
  row('pc', 'WB-2026-001', 58.7, -112.0, '2026-07-12 03:00:00', 15, 'OC', 'GMT', 'FUL'),
  row('ab', 'HWF-101', 56.7, -111.4, '2026-07-13 16:45:00', 7.5, 'OC', undefined, 'FUL'),
  row('yt', 'YT-NODATE', 61.0, -135.0, '', 0.1, 'OC', 'PDT', 'FUL'),
  row('ak', '526042', 64.8, -147.7, '2026-07-10 12:00:00', 3000, 'Unstaffed/Contained', 'AKDT', 'FUL'),
  row('conus', 'OR-DES-000123', 44.0, -120.0, '2026-07-10 12:00:00', 50, '0% contained', 'PDT', 'FUL'),
  row('conus', 'ID-BOF-000456', 44.5, -115.0, '2026-07-10 12:00:00', 5, 'Pre', 'MDT', 'FUL'),
  row('nb', 'NB-PRE', 46.5, -66.0, '2026-07-12 12:00:00', 1, 'Pre', 'ADT', 'FUL'),
];

function row(
  agency: string,
  firename: string,
  lat: number,
  lon: number,
  startdate: string,
  hectares: number,
  stage_of_control: string,
  timezone: string | undefined,
  response_type: string,
): CwfisRow {
  return {
    agency,
    firename,
    lat,
    lon,
    startdate,
    hectares,
    stage_of_control,
    ...(timezone ? { timezone } : {}),
    response_type,
  };
}

/**
 * The CSV as the datamart writes it. Without `withResponseType` the file is the older layout and a
 * row without a time zone ends after its stage; with it, the missing zone is an empty field.
 */
export function cwfisCsv(rows: readonly CwfisRow[], withResponseType: boolean): string {
  const header = withResponseType ? [...CWFIS_COLUMNS, 'response_type'] : [...CWFIS_COLUMNS];
  const lines = rows.map((r) => {
    const cells = [r.agency, r.firename, r.lat, r.lon, r.startdate, r.hectares, r.stage_of_control];
    if (withResponseType) return [...cells, r.timezone ?? '', r.response_type ?? ''].join(', ');
    return (r.timezone ? [...cells, r.timezone] : cells).join(', ');
  });
  return `${[header.join(', '), ...lines].join('\r\n')}\r\n`;
}

/** The same rows as the WFS layer's GeoJSON features (properties of the CSV, a Point geometry). */
export function cwfisGeojson(rows: readonly CwfisRow[], withResponseType: boolean): string {
  const features = rows.map((r) => {
    const { response_type, ...rest } = r;
    const properties = withResponseType ? { ...rest, response_type } : rest;
    return { type: 'Feature', geometry: { type: 'Point', coordinates: [r.lon, r.lat] }, properties };
  });
  return JSON.stringify({ type: 'FeatureCollection', features });
}
