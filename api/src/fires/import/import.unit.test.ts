import { englishMessage, SERVER_MESSAGES } from '@ciffc/contracts';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.ts';
import { weekOfYear, weekStart } from '../../http/time.ts';
import { decodeFile, normaliseField, parseFireFile } from './parse.ts';
import { parseFireDate, validateRecord } from './rows.ts';

/** A valid row of the standard layout; each test changes what it checks. */
const base = {
  agency_code: 'ab',
  agency_fire_id: 'X',
  situation_report_date: '2026-07-01',
  stage_of_control: 'OC',
  response_type: 'FUL',
  fire_size: '1',
  latitude: '55',
  longitude: '-115',
};

describe('fire import rules', () => {
  it('reads the field_ names of the specification and common aliases', () => {
    expect(normaliseField('field_stage_of_control_status')).toBe('stage_of_control');
    expect(normaliseField('Field_System_Fire_Cause')).toBe('fire_cause');
    expect(normaliseField('lat')).toBe('latitude');
    expect(normaliseField('Agency Fire ID')).toBe('agency_fire_id');
  });

  it('keeps the day of a timestamp in the agency time zone', () => {
    expect(parseFireDate('2026-07-13', 'America/Edmonton')).toBe('2026-07-13');
    expect(parseFireDate('2026-07-14T03:00:00Z', 'America/Vancouver')).toBe('2026-07-13');
    expect(parseFireDate('2026/07/14 10:00', 'America/Toronto')).toBe('2026-07-14');
    expect(parseFireDate('2026-02-29', 'UTC')).toBeUndefined();
    expect(parseFireDate('14/07/2026', 'UTC')).toBeUndefined();
  });

  it('refuses an unknown time zone and coordinates that are not degrees', () => {
    expect(validateRecord(base, '2026-07-15').ok).toBe(true);
    // Twice each: the second answer comes from the cache of zone names and must be the same.
    for (let i = 0; i < 2; i++) {
      const zone = validateRecord({ ...base, agency_data_timezone: 'Mars/Olympus' }, '2026-07-15');
      expect(zone.ok ? {} : zone.errors).toHaveProperty('agency_data_timezone');
      const known = validateRecord({ ...base, agency_data_timezone: 'America/Regina' }, '2026-07-15');
      expect(known.ok && known.fire.agency_data_timezone).toBe('America/Regina');
    }
    const far = validateRecord({ ...base, latitude: '95' }, '2026-07-15');
    expect(far.ok ? {} : far.errors.latitude).toBe('coordinates are not valid degrees');
  });

  it('tells Canada from its neighbours along the border, on coasts and on islands', () => {
    const at = (latitude: string, longitude: string) =>
      validateRecord({ ...base, latitude, longitude }, '2026-07-15').ok;
    expect(at('49.05', '-122.3')).toBe(true); // Abbotsford, just north of the border
    expect(at('48.95', '-122.3')).toBe(false); // Washington State, just south of it
    expect(at('42.1', '-82.6')).toBe(true); // Pelee Island, Ontario: holes and islands
    expect(at('45.2', '-68.5')).toBe(false); // Maine
    expect(at('82.5', '-62.3')).toBe(true); // Alert, Nunavut
    expect(at('47.5', '-100.5')).toBe(false); // North Dakota
  });
});

describe('weeks of the graphs', () => {
  it('counts 52 weeks of 7 days from January 1, the last days in week 52', () => {
    expect(weekOfYear('2026-01-01')).toBe(1);
    expect(weekOfYear('2026-01-08')).toBe(2);
    expect(weekOfYear('2026-12-31')).toBe(52);
    expect(weekOfYear('2024-12-30')).toBe(52);
    expect(weekStart(2026, 30)).toBe('2026-07-23');
  });
});

describe('fire import messages (codes of the catalogue)', () => {
  it('sends every row problem as a code of the catalogue whose English text is the reason', () => {
    const broken: Record<string, unknown>[] = [
      {},
      { ...base, agency_code: 'ak', agency_fire_id: 'X'.repeat(101), agency_data_timezone: 'Mars/Olympus' },
      { ...base, agency_code: 'zz', situation_report_date: 'soon', status_date: '2030-01-01' },
      { ...base, stage_of_control: 'NO', fire_cause: 'Q', response_type: 'NOPE', fire_size: 'big' },
      { ...base, fire_size: '-1', latitude: 'x', longitude: '' },
      { ...base, situation_report_date: '2030-01-01', fire_size: 'Infinity', latitude: '95' },
      { ...base, latitude: '40', longitude: '-100', agency_fire_id: 'A\u0001' },
    ];
    const seen = new Set<string>();
    for (const values of broken) {
      const result = validateRecord(values, '2026-07-15');
      if (result.ok) throw new Error('expected problems');
      expect(Object.keys(result.problems)).toEqual(Object.keys(result.errors));
      for (const [field, { code, params }] of Object.entries(result.problems)) {
        expect(Object.hasOwn(SERVER_MESSAGES, code), code).toBe(true);
        expect(englishMessage(code, params), field).toBe(result.errors[field]);
        // Every parameter of the French text is given.
        for (const [, name] of SERVER_MESSAGES[code].fr.matchAll(/\{(\w+)/g))
          expect(Object.hasOwn(params, name as string), `${field}: ${name}`).toBe(true);
        seen.add(code);
      }
    }
    // Every row code of the catalogue was produced by some record above.
    const rowCodes = Object.keys(SERVER_MESSAGES).filter(
      (c) =>
        c.startsWith('import.') &&
        !/malformed|unreadable|unknown_separator|unknown_encoding|empty|no_rows|columns|json|feature|foreign|duplicate_row|forbidden|not_found|no_versions/.test(
          c,
        ),
    );
    for (const code of rowCodes) expect(seen.has(code), code).toBe(true);
  });

  it('refuses a malformed file with a code of the catalogue and its parameters', () => {
    const files: [string, string][] = [
      ['', 'import.empty'],
      ['agency_code,agency_fire_id\nab,1', 'import.missing_columns'],
      ['{"type":"FeatureCollection","features":[1]}', 'import.not_feature'],
      ['{"type":"Feature"}', 'import.not_feature_collection'],
      ['{"type":"FeatureCollection"}', 'import.no_features'],
      ['{nope', 'import.invalid_json'],
      ['agency_code|agency_fire_id\nab|1', 'import.unknown_separator'],
    ];
    for (const [body, expected] of files) {
      let error: unknown;
      try {
        parseFireFile(body);
      } catch (e) {
        error = e;
      }
      expect(error, expected).toBeInstanceOf(HttpError);
      const { code, params, message } = error as HttpError;
      expect(code, body).toBe(expected);
      expect(englishMessage(code, params)).toBe(message);
      expect(SERVER_MESSAGES[code].fr).toMatch(/^Fichier mal formé/);
    }
  });
});

describe('encodings and separators of an import file', () => {
  const header =
    'agency_code;agency_fire_id;situation_report_date;stage_of_control;response_type;fire_size;latitude;longitude';
  it('reads UTF-8 with or without its mark, UTF-16 with its mark, and Windows-1252', () => {
    const text = 'LAC-ÉTÉ-1';
    const utf8 = new TextEncoder().encode(text);
    expect(decodeFile(utf8)).toBe(text);
    expect(decodeFile(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe(text);
    // Windows-1252: É is the single byte 0xC9, which is not UTF-8.
    const cp1252 = new Uint8Array(
      [...'LAC-'].map((c) => c.charCodeAt(0)).concat([0xc9, 0x54, 0xc9, 0x2d, 0x31]),
    );
    expect(decodeFile(cp1252)).toBe(text);
    expect(decodeFile(cp1252, 'text/csv; charset=windows-1252')).toBe(text);
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...text].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(decodeFile(utf16)).toBe(text);
    expect(() => decodeFile(utf8, 'text/csv; charset=shift_jis')).toThrow(/shift_jis/);
  });

  it('recognises a semicolon file (French Excel) and its decimal commas, and says which separators it expects', () => {
    const { records } = parseFireFile(
      `${header}\r\nqc;LAC-1;2026-07-01;OC;FUL;12,5;48,5;-72,25\r\n`,
      'text/csv',
    );
    expect(records[0]?.values).toMatchObject({
      agency_fire_id: 'LAC-1',
      fire_size: '12.5',
      latitude: '48.5',
      longitude: '-72.25',
    });
    const tabs = parseFireFile(
      `${header.replaceAll(';', '\t')}\nqc\tLAC-2\t2026-07-01\tOC\tFUL\t1\t48\t-72\n`,
      'text/csv',
    );
    expect(tabs.records[0]?.values).toMatchObject({ agency_fire_id: 'LAC-2' });
    const comma = parseFireFile(
      `${header.replaceAll(';', ', ')}\nqc, LAC-3, 2026-07-01, OC, FUL, 1, 48, -72\n`,
      'text/csv',
    );
    expect(comma.records[0]?.values).toMatchObject({ agency_fire_id: 'LAC-3', fire_size: '1' });
    expect(() => parseFireFile('agency_code|agency_fire_id\nqc|X\n', 'text/csv')).toThrow(
      /expected a comma, a semicolon or a tab/,
    );
  });
});

describe('values a file does not give', () => {
  it('keeps a cause not given as not reported (null), never as undetermined', () => {
    const row = base;
    const silent = validateRecord(row, '2026-07-15');
    expect(silent.ok && silent.fire.fire_cause).toBeNull();
    const said = validateRecord({ ...row, fire_cause: 'u' }, '2026-07-15');
    expect(said.ok && said.fire.fire_cause).toBe('U');
    // The standard layout's response is required; an empty one is refused, not guessed.
    const empty = validateRecord({ ...row, response_type: '' }, '2026-07-15');
    expect(empty.ok ? {} : empty.errors).toHaveProperty('response_type');
  });
});
