import { isUtf8 } from 'node:buffer';
import type { FiresImportResult } from '@ciffc/contracts';
import { parse as parseCsv } from 'csv-parse/sync';
import { isCwfisHeader } from './cwfis.ts';
import { malformed } from './problems.ts';

/**
 * Reading an import's file (docs/fires-import.md, "Fields", "CSV", "GeoJSON"): CSV or GeoJSON, the column and
 * property names normalised, into raw records that row validation then checks one by one.
 */

type ImportFormat = FiresImportResult['format'];

/** One record of the file, 1-based, before validation; `line` is the CSV line it starts on. */
export interface RawRecord {
  row: number;
  line?: number;
  values: Record<string, unknown>;
}

/** Column and property names accepted for each field (after lower-casing and dropping `field_`). */
const ALIASES: Record<string, string> = {
  agency: 'agency_code',
  fire_id: 'agency_fire_id',
  firename: 'agency_fire_id',
  id: 'agency_fire_id',
  timezone: 'agency_data_timezone',
  time_zone: 'agency_data_timezone',
  data_timezone: 'agency_data_timezone',
  report_date: 'situation_report_date',
  sitrep_date: 'situation_report_date',
  startdate: 'situation_report_date',
  stage_of_control_status: 'stage_of_control',
  stage: 'stage_of_control',
  system_fire_cause: 'fire_cause',
  cause: 'fire_cause',
  response: 'response_type',
  size: 'fire_size',
  size_ha: 'fire_size',
  hectares: 'fire_size',
  lat: 'latitude',
  lon: 'longitude',
  lng: 'longitude',
  long: 'longitude',
};

export function normaliseField(name: string): string {
  const bare = name
    .trim()
    .toLowerCase()
    .replace(/^field_/, '')
    .replace(/[\s-]+/g, '_');
  return ALIASES[bare] ?? bare;
}

const REQUIRED_COLUMNS = [
  'agency_code',
  'agency_fire_id',
  'situation_report_date',
  'stage_of_control',
  'response_type',
  'fire_size',
  'latitude',
  'longitude',
] as const;

function detectFormat(text: string, hint?: string): ImportFormat {
  const h = hint?.toLowerCase() ?? '';
  if (h.includes('csv')) return 'csv';
  if (h.includes('json')) return 'geojson';
  return /^\s*[{[]/.test(text) ? 'geojson' : 'csv';
}

/**
 * A CWFIS row without `response_type` (older versions of the file have no such column) has a
 * response not reported: null, which row validation keeps as unknown (docs/fires-import.md).
 */
function withCwfisDefaults(values: Record<string, unknown>): Record<string, unknown> {
  return text(values.response_type) ? values : { ...values, response_type: null };
}

/** A raw value as trimmed text (a number as its digits); anything else is empty. */
export const text = (v: unknown) =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';

/**
 * A large file's bytes as sent, with their content type: decoded where the file is checked, on the
 * import's worker thread (check.ts), so that the API's thread holds neither the decoded text nor a
 * copy of it.
 */
export class SentFile {
  constructor(
    readonly bytes: Uint8Array,
    readonly contentType: string | undefined,
  ) {}
}

/**
 * How the file's bytes are read as text (docs/fires-import.md, "Encodings and separators"): UTF-8
 * with or without its byte-order mark, UTF-16 with its mark (Excel's "Unicode text", `skip` its two
 * bytes), and Windows-1252 (Excel's "CSV" on a Western European Windows) when the bytes are not
 * UTF-8 or the charset says so.
 */
function encodingOf(bytes: Uint8Array, contentType?: string): { encoding: string; skip: number } {
  const charset = /charset="?([\w-]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', skip: 2 };
  if (charset && /^(windows-1252|cp1252|iso-8859-1|latin-?1)$/.test(charset))
    return { encoding: 'windows-1252', skip: 0 };
  if (charset && !/^(utf-?8|us-ascii)$/.test(charset))
    throw malformed('import.unknown_encoding', { encoding: charset });
  return { encoding: isUtf8(bytes) ? 'utf-8' : 'windows-1252', skip: 0 };
}

/** The file's bytes as text (`encodingOf`). */
export function decodeFile(bytes: Uint8Array, contentType?: string): string {
  const { encoding, skip } = encodingOf(bytes, contentType);
  return new TextDecoder(encoding).decode(bytes.subarray(skip));
}

/**
 * The same text as `decodeFile`, `pieceBytes` of the file at a time, so that a large file is never
 * held whole as text besides its bytes: a 63 MB file was a 63 MB string, or a 126 MB one when a
 * single character was not ASCII (V8 then keeps two bytes a character).
 */
export function* decodedPieces(
  bytes: Uint8Array,
  contentType: string | undefined,
  pieceBytes = 256 * 1024,
): Generator<string> {
  const { encoding, skip } = encodingOf(bytes, contentType);
  const decoder = new TextDecoder(encoding);
  for (let i = skip; i < bytes.length; i += pieceBytes) {
    const piece = decoder.decode(bytes.subarray(i, i + pieceBytes), { stream: true });
    if (piece) yield piece;
  }
  const last = decoder.decode();
  if (last) yield last;
}

const SEPARATORS = [',', ';', '\t'] as const;

/** The separator of a CSV file: the one its header line uses most, outside quotes. */
export function separatorOf(headerLine: string): (typeof SEPARATORS)[number] | undefined {
  const unquoted = headerLine.replace(/"[^"]*"/g, '');
  const counts = SEPARATORS.map((s) => unquoted.split(s).length - 1);
  const best = Math.max(...counts);
  return best === 0 ? undefined : SEPARATORS[counts.indexOf(best)];
}

/** A semicolon file is French Excel's: its decimals have a comma (12,5 is 12.5). */
const DECIMAL_COMMA_FIELDS = ['fire_size', 'latitude', 'longitude'] as const;
function withDecimalPoints(values: Record<string, string>): Record<string, string> {
  const out = { ...values };
  for (const field of DECIMAL_COMMA_FIELDS) {
    const v = out[field];
    if (v !== undefined && /^-?\d+,\d+$/.test(v.trim())) out[field] = v.trim().replace(',', '.');
  }
  return out;
}

/**
 * The header's names normalised, or the file's refusal: no column, a required one missing (the
 * national file may lack `response_type`), or one given twice.
 */
export function csvColumnsProblem(header: string[], national: boolean): string[] {
  const headers = header.map(normaliseField);
  const required = national ? REQUIRED_COLUMNS.filter((c) => c !== 'response_type') : REQUIRED_COLUMNS;
  const missing = required.filter((c) => !headers.includes(c));
  if (headers.length === 0) throw malformed('import.empty');
  if (missing.length) throw malformed('import.missing_columns', { columns: missing.join(', ') });
  const duplicated = headers.filter((h, i) => headers.indexOf(h) !== i);
  if (duplicated.length)
    throw malformed('import.duplicate_columns', { columns: [...new Set(duplicated)].join(', ') });
  return headers;
}

/** One parsed CSV record as a raw record: a semicolon file's decimal commas read, the national file's defaults. */
export function csvRecord(
  row: number,
  line: number,
  record: Record<string, string>,
  delimiter: string,
  national: boolean,
): RawRecord {
  const values = delimiter === ';' ? withDecimalPoints(record) : record;
  return { row, line, values: national ? withCwfisDefaults(values) : values };
}

function parseCsvRecords(text: string): { records: RawRecord[]; national: boolean } {
  let parsed: { record: Record<string, string>; info: { lines: number } }[];
  let headers: string[] = [];
  const headerLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = separatorOf(headerLine);
  if (!delimiter) throw malformed('import.unknown_separator');
  const cwfis = isCwfisHeader(headerLine.split(delimiter));
  try {
    // A small file (under the worker's size) is read at once; a large one streams (stream.ts).
    parsed = parseCsv(text, {
      bom: true,
      delimiter,
      // The CWFIS file drops the trailing time zone of some rows; its other rows keep the rule.
      relax_column_count_less: cwfis,
      columns: (header: string[]) => {
        headers = header.map(normaliseField);
        return headers;
      },
      skip_empty_lines: true,
      trim: true,
      info: true,
    });
  } catch (error) {
    throw malformed('import.unreadable_csv', { detail: (error as Error).message });
  }
  csvColumnsProblem(headers, cwfis);
  const records = parsed.map((p, i) => csvRecord(i + 1, p.info.lines, p.record, delimiter, cwfis));
  return { records, national: cwfis };
}

function parseGeojsonRecords(input: string | unknown): { records: RawRecord[]; national: boolean } {
  let doc: unknown = input;
  if (typeof input === 'string') {
    try {
      doc = JSON.parse(input);
    } catch (error) {
      throw malformed('import.invalid_json', { detail: (error as Error).message });
    }
  }
  const collection = doc as { type?: unknown; features?: unknown };
  if (!collection || typeof collection !== 'object' || collection.type !== 'FeatureCollection') {
    throw malformed('import.not_feature_collection');
  }
  if (!Array.isArray(collection.features)) throw malformed('import.no_features');
  let national = false;
  const records = collection.features.map((f: unknown, i: number) => {
    const featureObject = f as { type?: unknown; properties?: unknown; geometry?: unknown };
    if (!featureObject || typeof featureObject !== 'object' || featureObject.type !== 'Feature') {
      throw malformed('import.not_feature', { index: i });
    }
    let values: Record<string, unknown> = {};
    if (featureObject.properties && typeof featureObject.properties === 'object') {
      for (const [k, v] of Object.entries(featureObject.properties)) values[normaliseField(k)] = v;
      // The CWFIS WFS layer's features have the national file's properties and the same defaults.
      if (isCwfisHeader(Object.keys(featureObject.properties))) {
        values = withCwfisDefaults(values);
        national = true;
      }
    }
    const geometry = featureObject.geometry as { type?: unknown; coordinates?: unknown } | null | undefined;
    if (geometry && geometry.type === 'Point' && Array.isArray(geometry.coordinates)) {
      values.longitude ??= geometry.coordinates[0];
      values.latitude ??= geometry.coordinates[1];
    }
    return { row: i + 1, values };
  });
  return { records, national };
}

/** A parsed file: its format, its records, and whether it is the national active-fires file's layout. */
export interface ParsedFile {
  format: ImportFormat;
  records: RawRecord[];
  national: boolean;
}

export function parseFireFile(body: string | unknown, formatHint?: string): ParsedFile {
  if (typeof body !== 'string') return geojsonFile(parseGeojsonRecords(body));
  if (body.trim() === '') throw malformed('import.empty');
  const format = detectFormat(body, formatHint);
  if (format === 'geojson') return geojsonFile(parseGeojsonRecords(body));
  const { records, national } = parseCsvRecords(body);
  if (records.length === 0) throw malformed('import.no_rows');
  return { format, records, national };
}

function geojsonFile(parsed: { records: RawRecord[]; national: boolean }): ParsedFile {
  if (parsed.records.length === 0) throw malformed('import.no_rows');
  return { format: 'geojson', ...parsed };
}
