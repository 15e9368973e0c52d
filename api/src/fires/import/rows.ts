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
} from '@ciffc/contracts';
import { HttpError } from '../../http/errors.ts';
import { addDays } from '../../http/time.ts';
import { ALL_ZONES } from '../../time-zones.ts';
import { isInCanada } from '../geo.ts';
import { fireKey } from '../history/store.ts';
import { FIRE_VALUE_COLUMNS, type NewFire } from '../store.ts';
import { abbreviation, reasonCode, US_AGENCIES, zoneOfRow } from './cwfis.ts';
import { type RawRecord, text } from './parse.ts';
import { english, type Problem, type RejectedRow } from './problems.ts';

/**
 * Row validation (docs/fires-import.md, "What is refused, and how"): each record's fields against the rules, each
 * problem a code of the catalogue, the rows of one file checked together (duplicates, agency).
 */

const DATE_TIME =
  /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/;

/** How a row's local times are read: in a zone, or at the fixed offset of an abbreviation (PDT, GMT). */
export type RowClock = string | { offsetMinutes: number };

/** A date or timestamp of a row: its written day, and the instant when a time was written. */
interface FireTime {
  date: string;
  instant?: number;
}

/** Reads a date as YYYY-MM-DD or a timestamp; a time without its own offset is read on the row's clock. */
function readFireTime(value: unknown, clock: RowClock): FireTime | undefined {
  if (typeof value !== 'string') return undefined;
  const m = DATE_TIME.exec(value.trim());
  if (!m) return undefined;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  if (!isIsoDate(date)) return undefined;
  if (m[4] === undefined) return { date };
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const [hours, minutes, seconds] = [Number(m[4]), Number(m[5]), Number(m[6] ?? '0')];
  let instant: number;
  if (m[7]) {
    const offset = m[7] === 'Z' ? 'Z' : m[7].replace(/(\d{2})(\d{2})$/, '$1:$2');
    instant = new Date(`${date}T${m[4]}:${m[5]}:${m[6] ?? '00'}${offset}`).getTime();
  } else if (typeof clock === 'string')
    instant = ALL_ZONES.instantOf(clock, {
      year: y,
      month: mo + 1,
      day: d,
      hour: hours,
      minute: minutes,
      second: seconds,
    });
  else instant = Date.UTC(y, mo, d, hours, minutes, seconds) - clock.offsetMinutes * 60_000;
  return Number.isNaN(instant) ? undefined : { date, instant };
}

/** The day of a row's date or timestamp in `zone` (a bare date is its own day). */
const dayIn = (time: FireTime, zone: string) =>
  time.instant === undefined ? time.date : ALL_ZONES.dateAt(zone, time.instant);

/**
 * A date as YYYY-MM-DD, or a timestamp: an instant (its own offset, else read on the row's clock)
 * whose day is taken in `dayZone`, the zone of the fire (docs/fires-import.md, "Times").
 */
export function parseFireDate(
  value: unknown,
  clock: RowClock,
  dayZone = typeof clock === 'string' ? clock : 'UTC',
): string | undefined {
  const time = readFireTime(value, clock);
  return time && dayIn(time, dayZone);
}

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

  // An IANA zone in the file is the zone of its times and days; an abbreviation (PDT, GMT) names
  // an offset: the times are read at it, and the fire's zone is chosen by `zoneOfRow`.
  const agencyZone = agency?.time_zone ?? 'UTC';
  let timeZone = agencyZone;
  let clock: RowClock = timeZone;
  const zoneText = text(values.agency_data_timezone);
  const named = zoneText ? abbreviation(zoneText) : undefined;
  if (named) clock = { offsetMinutes: named.offset };
  else if (zoneText) {
    if (ALL_ZONES.isKnownZone(zoneText)) clock = timeZone = zoneText;
    else fail('agency_data_timezone', 'import.unknown_time_zone', { zone: zoneText });
  }
  const reported = readFireTime(values.situation_report_date, clock);
  if (named && reported)
    timeZone = zoneOfRow(named, agencyZone, reported.instant ?? Date.parse(`${reported.date}T12:00:00Z`));
  const reportDate = reported && dayIn(reported, timeZone);
  const latestDate = addDays(today, 1);
  if (!text(values.situation_report_date))
    fail('situation_report_date', 'import.required', { field: 'situation_report_date' });
  else if (!reportDate)
    fail('situation_report_date', 'import.bad_date', { value: text(values.situation_report_date) });
  else if (reportDate > latestDate) fail('situation_report_date', 'import.future_date', { date: reportDate });
  let statusDate = reportDate;
  if (text(values.status_date)) {
    const status = readFireTime(values.status_date, clock);
    statusDate = status && dayIn(status, timeZone);
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
  // A cause the file did not give is not reported (null), never "undetermined".
  const cause = text(values.fire_cause).toUpperCase() || null;
  if (cause !== null && !(FIRE_CAUSES as readonly string[]).includes(cause))
    fail('fire_cause', 'import.unknown_cause', { value: cause, expected: FIRE_CAUSES.join(', ') });
  // Required, except where the layout has no such column (the national file's older versions: null).
  const response = text(values.response_type).toUpperCase() || null;
  if (!response) {
    if (values.response_type !== null) fail('response_type', 'import.required', { field: 'response_type' });
  } else if (!(RESPONSE_TYPES as readonly string[]).includes(response))
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

/** A record that passed its rules, with the fire it gives. */
export interface ValidRow {
  record: RawRecord;
  fire: NewFire;
}

/** Each record's rules, and the second row of a fire rejected as a duplicate. */
export function checkRecords(
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

/** An agency user's file holds only its own agency's fires: any other is a 403 for the whole file. */
export function checkAgency(valid: readonly ValidRow[], onlyAgency: AgencyCode | undefined): void {
  if (!onlyAgency) return;
  const foreign = valid.find((v) => v.fire.agency_code !== onlyAgency);
  if (foreign) {
    const problem: Problem = {
      code: 'import.foreign_agency',
      params: { agency: onlyAgency, row: foreign.record.row, other: foreign.fire.agency_code },
    };
    throw new HttpError(403, problem.code, { params: problem.params });
  }
}
