import {
  AGENCY_CODES,
  type AgencyCode,
  agencyByCode,
  FIRE_CAUSES,
  type ImportMessageCode,
  isIsoDate,
  RESPONSE_TYPES,
  type ServerMessageParams,
  STAGES_OF_CONTROL,
  serverMessage,
} from '@ciffc/contracts';
import { TZDate } from '@date-fns/tz';
import { parse as parseCsv } from 'csv-parse/sync';
import { format } from 'date-fns';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { bumpDataVersion } from '../db/versions.ts';
import { HttpError } from '../http/errors.ts';
import { addDays } from '../http/time.ts';
import {
  CWFIS_DEFAULT_RESPONSE_TYPE,
  isCwfisHeader,
  reasonCode,
  US_AGENCIES,
  zoneOfAbbreviation,
} from './cwfis.ts';
import { isInCanada } from './geo.ts';
import {
  existingFires,
  fireKey,
  type ImportActor,
  insertImport,
  insertVersions,
  lockImports,
  type NewImport,
  sameValues,
  storedFile,
  type VersionAction,
} from './history.ts';
import { FIRE_VALUE_COLUMNS, type FireRow, type NewFire, writeFires } from './store.ts';

export type ImportFormat = 'csv' | 'geojson';

/** One record of the file, 1-based, before validation; `line` is the CSV line it starts on. */
export interface RawRecord {
  row: number;
  line?: number;
  values: Record<string, unknown>;
}

interface RejectedRow {
  row: number;
  line?: number;
  agency_code?: string;
  agency_fire_id?: string;
  /** The first problem, in words; every problem is in `errors`, keyed by field. */
  reason: string;
  /** The first problem as `field:kind` (`stage_of_control:unknown`), counted in `rejected_by_reason`. */
  reason_code: string;
  /** The first problem as a code of the site's catalogue (SERVER_MESSAGES) and its parameters. */
  code: ImportMessageCode;
  params: ServerMessageParams;
  errors: Record<string, string>;
}

interface AcceptedRow {
  row: number;
  line?: number;
  agency_code: string;
  agency_fire_id: string;
  /** 'unchanged': the fire already had these values; it is neither rewritten nor versioned. */
  action: 'inserted' | 'updated' | 'unchanged';
}

export interface ImportResult {
  /** The history's id of this import; null for a dry run. */
  import_id: number | null;
  format: ImportFormat;
  dry_run: boolean;
  total_rows: number;
  accepted_count: number;
  rejected_count: number;
  /** Rejected rows counted by `reason_code`. */
  rejected_by_reason: Record<string, number>;
  inserted: number;
  updated: number;
  unchanged: number;
  accepted: AcceptedRow[];
  rejected: RejectedRow[];
}

/** A problem as a code of the catalogue, so the site shows it in the user's language. */
interface Problem {
  code: ImportMessageCode;
  params: ServerMessageParams;
}

/** The English text of a problem, as the answer's `reason`, `errors` and `message` carry it. */
const english = ({ code, params }: Problem) => serverMessage(code, params, 'en') as string;

const malformed = (code: ImportMessageCode, params: ServerMessageParams = {}) =>
  new HttpError(400, english({ code, params }), { code, params });

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

/** A CWFIS row without `response_type` gets the documented default (docs/fires-import.md). */
function withCwfisDefaults(values: Record<string, unknown>): Record<string, unknown> {
  return text(values.response_type) ? values : { ...values, response_type: CWFIS_DEFAULT_RESPONSE_TYPE };
}

function parseCsvRecords(text: string): RawRecord[] {
  let parsed: { record: Record<string, string>; info: { lines: number } }[];
  let headers: string[] = [];
  const cwfis = isCwfisHeader((text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '').split(','));
  try {
    parsed = parseCsv(text, {
      bom: true,
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
  const required = cwfis ? REQUIRED_COLUMNS.filter((c) => c !== 'response_type') : REQUIRED_COLUMNS;
  const missing = required.filter((c) => !headers.includes(c));
  if (headers.length === 0) throw malformed('import.empty');
  if (missing.length) throw malformed('import.missing_columns', { columns: missing.join(', ') });
  const duplicated = headers.filter((h, i) => headers.indexOf(h) !== i);
  if (duplicated.length)
    throw malformed('import.duplicate_columns', { columns: [...new Set(duplicated)].join(', ') });
  return parsed.map((p, i) => ({
    row: i + 1,
    line: p.info.lines,
    values: cwfis ? withCwfisDefaults(p.record) : p.record,
  }));
}

function parseGeojsonRecords(input: string | unknown): RawRecord[] {
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
  return collection.features.map((f: unknown, i: number) => {
    const featureObject = f as { type?: unknown; properties?: unknown; geometry?: unknown };
    if (!featureObject || typeof featureObject !== 'object' || featureObject.type !== 'Feature') {
      throw malformed('import.not_feature', { index: i });
    }
    let values: Record<string, unknown> = {};
    if (featureObject.properties && typeof featureObject.properties === 'object') {
      for (const [k, v] of Object.entries(featureObject.properties)) values[normaliseField(k)] = v;
      // The CWFIS WFS layer's features have the national file's properties and the same defaults.
      if (isCwfisHeader(Object.keys(featureObject.properties))) values = withCwfisDefaults(values);
    }
    const geometry = featureObject.geometry as { type?: unknown; coordinates?: unknown } | null | undefined;
    if (geometry && geometry.type === 'Point' && Array.isArray(geometry.coordinates)) {
      values.longitude ??= geometry.coordinates[0];
      values.latitude ??= geometry.coordinates[1];
    }
    return { row: i + 1, values };
  });
}

export function parseFireFile(
  body: string | unknown,
  formatHint?: string,
): { format: ImportFormat; records: RawRecord[] } {
  if (typeof body !== 'string') return { format: 'geojson', records: parseGeojsonRecords(body) };
  if (body.trim() === '') throw malformed('import.empty');
  const format = detectFormat(body, formatHint);
  const records = format === 'csv' ? parseCsvRecords(body) : parseGeojsonRecords(body);
  if (records.length === 0) throw malformed('import.no_rows');
  return { format, records };
}

// Asked once per row: building a DateTimeFormat was a third of a large import's time. The
// names a file uses are few; the cache is bounded so that a hostile file cannot grow it.
const timeZones = new Map<string, boolean>();

function isTimeZone(zone: string): boolean {
  const known = timeZones.get(zone);
  if (known !== undefined) return known;
  let valid = true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    valid = false;
  }
  if (timeZones.size < 1000) timeZones.set(zone, valid);
  return valid;
}

const DATE_TIME =
  /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A date as YYYY-MM-DD, or a timestamp: one with a zone is read in the agency's time zone, one
 * without is taken as the agency's local time; the day is kept.
 */
export function parseFireDate(value: unknown, timeZone: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = DATE_TIME.exec(value.trim());
  if (!m) return undefined;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  if (!isIsoDate(date)) return undefined;
  if (m[7]) {
    const instant = new Date(
      `${date}T${m[4]}:${m[5]}:${m[6] ?? '00'}${m[7] === 'Z' ? 'Z' : m[7].replace(/(\d{2})(\d{2})$/, '$1:$2')}`,
    );
    if (Number.isNaN(instant.getTime())) return undefined;
    return format(new TZDate(instant, timeZone), 'yyyy-MM-dd');
  }
  return date;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const numberOf = (v: unknown) => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
  return undefined;
};

/** Every text field of a record; a control character (U+0000 to U+001F) in any is a row error. */
const TEXT_FIELDS = ['agency_code', 'agency_fire_id', ...FIRE_VALUE_COLUMNS] as const;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const CONTROL_CHARACTER = /[\u0000-\u001f]/;

/** One record's rules; `today` is the centre's date (a report dated after tomorrow is refused). */
export function validateRecord(
  values: Record<string, unknown>,
  today: string,
):
  | { ok: true; fire: NewFire }
  | { ok: false; errors: Record<string, string>; problems: Record<string, Problem> } {
  const problems: Record<string, Problem> = {};
  const fail = (field: string, code: ImportMessageCode, params: ServerMessageParams = {}) => {
    problems[field] = { code, params };
  };
  const agencyText = text(values.agency_code).toLowerCase();
  const agency = agencyByCode(agencyText);
  if (!agencyText) fail('agency_code', 'import.required', { field: 'agency_code' });
  else if (US_AGENCIES.has(agencyText)) fail('agency_code', 'import.us_agency', { agency: agencyText });
  else if (!agency)
    fail('agency_code', 'import.unknown_agency', { agency: agencyText, expected: AGENCY_CODES.join(', ') });
  const fireId = text(values.agency_fire_id);
  if (!fireId) fail('agency_fire_id', 'import.required', { field: 'agency_fire_id' });
  else if (fireId.length > 100) fail('agency_fire_id', 'import.id_too_long', { max: 100 });

  let timeZone = agency?.time_zone ?? 'UTC';
  const zoneText = text(values.agency_data_timezone);
  const abbreviated = zoneText ? zoneOfAbbreviation(zoneText, agency?.time_zone) : undefined;
  if (abbreviated) timeZone = abbreviated;
  else if (zoneText) {
    if (isTimeZone(zoneText)) timeZone = zoneText;
    else fail('agency_data_timezone', 'import.unknown_time_zone', { zone: zoneText });
  }

  const reportDate = parseFireDate(values.situation_report_date, timeZone);
  const latestDate = addDays(today, 1);
  if (!text(values.situation_report_date))
    fail('situation_report_date', 'import.required', { field: 'situation_report_date' });
  else if (!reportDate)
    fail('situation_report_date', 'import.bad_date', { value: text(values.situation_report_date) });
  else if (reportDate > latestDate) fail('situation_report_date', 'import.future_date', { date: reportDate });
  let statusDate = reportDate;
  if (text(values.status_date)) {
    statusDate = parseFireDate(values.status_date, timeZone);
    if (!statusDate) fail('status_date', 'import.bad_date', { value: text(values.status_date) });
    else if (statusDate > latestDate) fail('status_date', 'import.future_date', { date: statusDate });
  }

  const stage = text(values.stage_of_control).toUpperCase();
  if (!stage) fail('stage_of_control', 'import.required', { field: 'stage_of_control' });
  else if (!(STAGES_OF_CONTROL as readonly string[]).includes(stage))
    fail('stage_of_control', 'import.unknown_stage', {
      value: stage,
      expected: STAGES_OF_CONTROL.join(', '),
    });
  const cause = text(values.fire_cause).toUpperCase() || 'U';
  if (!(FIRE_CAUSES as readonly string[]).includes(cause))
    fail('fire_cause', 'import.unknown_cause', { value: cause, expected: FIRE_CAUSES.join(', ') });
  const response = text(values.response_type).toUpperCase();
  if (!response) fail('response_type', 'import.required', { field: 'response_type' });
  else if (!(RESPONSE_TYPES as readonly string[]).includes(response))
    fail('response_type', 'import.unknown_response', {
      value: response,
      expected: RESPONSE_TYPES.join(', '),
    });

  const size = numberOf(values.fire_size);
  if (size === undefined)
    fail('fire_size', text(values.fire_size) ? 'import.not_number' : 'import.required', {
      field: 'fire_size',
    });
  else if (size < 0) fail('fire_size', 'import.negative_size', { size });
  else if (!Number.isFinite(size)) fail('fire_size', 'import.not_finite', { field: 'fire_size' });

  const latitude = numberOf(values.latitude);
  const longitude = numberOf(values.longitude);
  if (latitude === undefined) fail('latitude', 'import.number_required', { field: 'latitude' });
  if (longitude === undefined) fail('longitude', 'import.number_required', { field: 'longitude' });
  if (latitude !== undefined && longitude !== undefined) {
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) fail('latitude', 'import.bad_degrees');
    else if (!isInCanada(longitude, latitude))
      fail('latitude', 'import.outside_canada', { latitude, longitude });
  }
  // Surrounding white space is trimmed; a control character inside the value is refused (a NUL
  // would also make PostgreSQL refuse the whole import).
  for (const field of TEXT_FIELDS) {
    if (CONTROL_CHARACTER.test(text(values[field]))) fail(field, 'import.control_character', { field });
  }
  const errors: Record<string, string> = {};
  for (const [field, problem] of Object.entries(problems)) errors[field] = english(problem);
  if (Object.keys(errors).length) return { ok: false, errors, problems };
  const fire: NewFire = {
    agency_code: agency?.code as AgencyCode,
    agency_fire_id: fireId,
    agency_data_timezone: timeZone,
    situation_report_date: reportDate as string,
    status_date: statusDate as string,
    stage_of_control: stage,
    fire_cause: cause,
    response_type: response,
    fire_size: size as number,
    latitude: latitude as number,
    longitude: longitude as number,
    updated_at: '',
  };
  return { ok: true, fire };
}

export interface ImportOptions {
  today: string;
  /** An agency user may import only its own agency's fires; undefined: any agency (CIFFC, CLI). */
  onlyAgency?: AgencyCode | undefined;
  dryRun?: boolean;
  formatHint?: string | undefined;
  /** Who imports, for the history. */
  actor: ImportActor;
  /** The file's name when known (the CLI's file, the API's `file_name`), for the history. */
  fileName?: string | undefined;
}

interface ValidRow {
  record: RawRecord;
  fire: NewFire;
}

/** Each record's rules, and the second row of a fire rejected as a duplicate. */
function checkRecords(
  records: readonly RawRecord[],
  today: string,
): { valid: ValidRow[]; rejected: RejectedRow[] } {
  const rejected: RejectedRow[] = [];
  const valid: ValidRow[] = [];
  const seen = new Map<string, number>();
  for (const record of records) {
    const result = validateRecord(record.values, today);
    const where = { row: record.row, ...(record.line !== undefined ? { line: record.line } : {}) };
    const ids = {
      ...(text(record.values.agency_code)
        ? { agency_code: text(record.values.agency_code).toLowerCase() }
        : {}),
      ...(text(record.values.agency_fire_id) ? { agency_fire_id: text(record.values.agency_fire_id) } : {}),
    };
    if (!result.ok) {
      const [field, problem] = Object.entries(result.problems)[0] as [string, Problem];
      const reason = english(problem);
      rejected.push({
        ...where,
        ...ids,
        reason,
        reason_code: reasonCode(field, reason),
        ...problem,
        errors: result.errors,
      });
      continue;
    }
    const fire = result.fire;
    const key = fireKey(fire.agency_code, fire.agency_fire_id);
    const firstRow = seen.get(key);
    if (firstRow !== undefined) {
      const problem: Problem = { code: 'import.duplicate_row', params: { row: firstRow } };
      const reason = english(problem);
      rejected.push({
        ...where,
        ...ids,
        reason,
        reason_code: reasonCode('agency_fire_id', reason),
        ...problem,
        errors: { agency_fire_id: reason },
      });
      continue;
    }
    seen.set(key, record.row);
    valid.push({ record, fire });
  }
  return { valid, rejected: rejected.sort((a, b) => a.row - b.row) };
}

function checkAgency(valid: readonly ValidRow[], onlyAgency: AgencyCode | undefined): void {
  if (!onlyAgency) return;
  const foreign = valid.find((v) => v.fire.agency_code !== onlyAgency);
  if (foreign) {
    const problem: Problem = {
      code: 'import.foreign_agency',
      params: { agency: onlyAgency, row: foreign.record.row, other: foreign.fire.agency_code },
    };
    throw new HttpError(403, english(problem), problem);
  }
}

interface Classified {
  accepted: AcceptedRow[];
  /** What to upsert: inserted and changed fires (an unchanged row is not rewritten). */
  writes: NewFire[];
  /** Baselines first, so that a fire's versions stay in order of id. */
  versions: { action: VersionAction; fire: NewFire }[];
}

/** Each valid row against the fire's current values: inserted, updated (changed) or unchanged. */
function classify(
  valid: readonly ValidRow[],
  existing: Map<string, FireRow & { has_history: boolean }>,
  now: string,
): Classified {
  const accepted: AcceptedRow[] = [];
  const writes: NewFire[] = [];
  const baselines: Classified['versions'] = [];
  const changes: Classified['versions'] = [];
  for (const { record, fire } of valid) {
    const before = existing.get(fireKey(fire.agency_code, fire.agency_fire_id));
    const action = !before ? 'inserted' : sameValues(before, fire) ? 'unchanged' : 'updated';
    accepted.push({
      row: record.row,
      ...(record.line !== undefined ? { line: record.line } : {}),
      agency_code: fire.agency_code,
      agency_fire_id: fire.agency_fire_id,
      action,
    });
    if (action === 'unchanged') continue;
    const after = { ...fire, updated_at: now };
    writes.push(after);
    changes.push({ action, fire: after });
    if (before && !before.has_history) {
      const { has_history: _, ...values } = before;
      baselines.push({ action: 'baseline', fire: values });
    }
  }
  return { accepted, writes, versions: [...baselines, ...changes] };
}

const countOf = (accepted: readonly AcceptedRow[], action: AcceptedRow['action']) =>
  accepted.filter((a) => a.action === action).length;

interface ImportPlan {
  engine: Db['engine'];
  valid: readonly ValidRow[];
  counts: { total_rows: number; rejected: number };
  /** The history's row of the import; null for a dry run (nothing is written). */
  entry: Omit<NewImport, 'counts'> | null;
}

interface Outcome {
  accepted: AcceptedRow[];
  counts: NewImport['counts'];
  importId: number | null;
}

/**
 * Compares the valid rows with the current fires and, unless a dry run, records the import and a
 * version of each inserted or changed fire and upserts them. Call inside one transaction.
 */
async function applyImport(trx: Kysely<Database>, plan: ImportPlan): Promise<Outcome> {
  if (plan.entry) await lockImports(trx, plan.engine);
  const existing = await existingFires(
    trx,
    plan.valid.map((v) => v.fire),
  );
  const { accepted, writes, versions } = classify(plan.valid, existing, plan.entry?.created_at ?? '');
  const counts = {
    ...plan.counts,
    inserted: countOf(accepted, 'inserted'),
    updated: countOf(accepted, 'updated'),
    unchanged: countOf(accepted, 'unchanged'),
  };
  if (!plan.entry) return { accepted, counts, importId: null };
  const importId = await insertImport(trx, { ...plan.entry, counts });
  await writeFires(trx, writes);
  await insertVersions(trx, importId, versions);
  // Every import that accepted rows dates the data (`valid_as`), changed or not.
  if (accepted.length) await bumpDataVersion(trx, 'fires');
  return { accepted, counts, importId };
}

/**
 * Checks the whole file first (a malformed file throws 400 and changes nothing), then imports the
 * valid rows in one transaction with their history (docs/fires-import.md) and lists accepted and
 * rejected rows. A dry run writes nothing.
 */
export async function importFires(
  db: Db,
  body: string | unknown,
  options: ImportOptions,
): Promise<ImportResult> {
  const { format: fileFormat, records } = parseFireFile(body, options.formatHint);
  const { valid, rejected } = checkRecords(records, options.today);
  checkAgency(valid, options.onlyAgency);
  // Compressed before the transaction, so the writer is not held while it runs.
  const file = options.dryRun
    ? null
    : await storedFile(typeof body === 'string' ? body : JSON.stringify(body));
  const plan: ImportPlan = {
    engine: db.engine,
    valid,
    counts: { total_rows: records.length, rejected: rejected.length },
    entry: file && {
      created_at: new Date().toISOString(),
      actor: options.actor,
      agency_code: options.onlyAgency ?? null,
      format: fileFormat,
      file_name: options.fileName ?? null,
      file,
    },
  };
  // A dry run only reads: no transaction, no lock.
  const outcome = file
    ? await db.kysely.transaction().execute((trx) => applyImport(trx, plan))
    : await applyImport(db.kysely, plan);
  return {
    import_id: outcome.importId,
    format: fileFormat,
    dry_run: Boolean(options.dryRun),
    total_rows: records.length,
    accepted_count: outcome.accepted.length,
    rejected_count: rejected.length,
    rejected_by_reason: countByReason(rejected),
    inserted: outcome.counts.inserted,
    updated: outcome.counts.updated,
    unchanged: outcome.counts.unchanged,
    accepted: outcome.accepted,
    rejected,
  };
}

function countByReason(rejected: readonly RejectedRow[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of rejected) counts[r.reason_code] = (counts[r.reason_code] ?? 0) + 1;
  return counts;
}

export const ImportResultSchema = z.object({
  import_id: z
    .number()
    .nullable()
    .describe('The history id of this import (GET /v1/fires/imports); null for a dry run'),
  format: z.enum(['csv', 'geojson']),
  dry_run: z.boolean(),
  total_rows: z.number(),
  accepted_count: z.number(),
  rejected_count: z.number(),
  rejected_by_reason: z
    .record(z.string(), z.number())
    .describe('Rejected rows counted by reason_code (field:kind, e.g. agency_code:us_agency)'),
  inserted: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  accepted: z.array(
    z.object({
      row: z.number(),
      line: z.number().optional(),
      agency_code: z.string(),
      agency_fire_id: z.string(),
      action: z.enum(['inserted', 'updated', 'unchanged']),
    }),
  ),
  rejected: z.array(
    z.object({
      row: z.number(),
      line: z.number().optional(),
      agency_code: z.string().optional(),
      agency_fire_id: z.string().optional(),
      reason: z.string(),
      reason_code: z.string(),
      code: z.string().describe("The reason as a code of the site's catalogue (SERVER_MESSAGES)"),
      params: z.record(z.string(), z.union([z.string(), z.number()])).describe("The code's parameters"),
      errors: z.record(z.string(), z.string()),
    }),
  ),
});
