import { describe, expect, it } from 'vitest';
import {
  AgencySitrepForm,
  AgencySitrepShape,
  boundsOf,
  demoReportNumbers,
  FIRE_STATISTICS_NATIONAL,
  FIRE_STATISTICS_OVERALL,
  FIRE_STATISTICS_TABLES,
  fireStatisticsValue,
  inputLimits,
  PUBLIC_EXPANDED_TEXT_NAMES,
  PUBLIC_NUMBER_NAMES,
  PUBLIC_TEXT_NAMES,
  publicReportNumbers,
  publicReportTexts,
  REPORT_EXPORT_COLUMNS,
  REPORT_FIELD_CODES,
  REPORT_FIELDS,
  REPORT_LISTS,
  REPORT_ROW_FIELDS,
  REPORT_TEXT_CODES,
  REPORT_TEXT_EXPORT_COLUMNS,
  REPORT_TEXT_FIELDS,
  type ReportFieldSpec,
  type ReportTextSpec,
  type RowFieldSpec,
  readReportNumbers,
  readReportTexts,
  reportExportColumns,
  reportTextExportColumns,
  SITREP_PREPAREDNESS_FIELDS,
  SITREP_SECTIONS,
  sitrepTotals,
} from './agency-sitrep/index.ts';
import {
  PublicAgencySitrep,
  type PublicNationalSitrep,
  withoutExpandedData,
  withReportNumberDefaults,
} from './national-sitrep/index.ts';

/** The top-level numbers of the agency report's schema (a number is taken, a text is not). */
const schemaNumbers = Object.entries(AgencySitrepForm.shape)
  .filter(([, t]) => t.safeParse(1).success && !t.safeParse('1').success)
  .map(([k]) => k);

describe('the field registry (one entry per number of the agency report)', () => {
  it('holds every number of the schema but the preparedness choices (a count added by hand to the schema fails here)', () => {
    const choices: string[] = [...SITREP_PREPAREDNESS_FIELDS, 'prep_level_override'];
    expect(schemaNumbers.filter((k) => !choices.includes(k))).toEqual(REPORT_FIELD_CODES);
  });

  it('puts each number in its section, with one public name and at most one export column', () => {
    for (const code of REPORT_FIELD_CODES) {
      const spec: ReportFieldSpec = REPORT_FIELDS[code];
      expect(SITREP_SECTIONS.find((s) => s.id === spec.section)?.fields, code).toContain(code);
      expect(spec.publicName, code).toMatch(/^field_[a-z_]+$/);
    }
    expect(new Set(PUBLIC_NUMBER_NAMES).size).toBe(REPORT_FIELD_CODES.length);
    expect(new Set(REPORT_EXPORT_COLUMNS).size).toBe(REPORT_EXPORT_COLUMNS.length);
    const publicKeys = Object.keys(PublicAgencySitrep.shape.sitrep.unwrap().shape);
    for (const name of PUBLIC_NUMBER_NAMES) expect(publicKeys).toContain(name);
  });

  it('bounds every number by its kind: its max is taken, one more is refused, a fraction only in hectares', () => {
    for (const code of REPORT_FIELD_CODES) {
      const { min, max, integer } = boundsOf(code);
      expect(AgencySitrepForm.safeParse({ [code]: max }).success, code).toBe(true);
      expect(AgencySitrepForm.safeParse({ [code]: max + 1 }).success, code).toBe(false);
      expect(AgencySitrepForm.safeParse({ [code]: min - 1 }).success, code).toBe(false);
      expect(AgencySitrepForm.safeParse({ [code]: 1.5 }).success, code).toBe(!integer);
    }
  });

  it('carries each number from the stored report to the national summary and the public report under its own name', () => {
    const doc = Object.fromEntries(REPORT_FIELD_CODES.map((c, i) => [c, i + 1]));
    const numbers = readReportNumbers(doc);
    const published = publicReportNumbers(numbers) as Record<string, number | null>;
    REPORT_FIELD_CODES.forEach((code, i) => {
      expect(numbers[code], code).toBe(i + 1);
      expect(published[REPORT_FIELDS[code].publicName], code).toBe(i + 1);
    });
    // Empty: 0 for the fire statistics (the tables add them), null (a blank) for the others.
    const empty = readReportNumbers({ a_ltg: 'x', fop_ltg: Number.NaN }) as Record<string, number | null>;
    for (const code of REPORT_FIELD_CODES) expect(empty[code], code).toBe(REPORT_FIELDS[code].empty);
    expect(reportExportColumns({ e_act: 4 })).toEqual(
      Object.fromEntries(
        REPORT_EXPORT_COLUMNS.map((c) => [
          c,
          c === 'prescribed_fires_active' ? 4 : REPORT_FIELDS.fop_ltg.empty,
        ]),
      ),
    );
  });

  it('reads a number that a stored report predates as null, a text as empty, and keeps the ones it has', () => {
    const [first, ...others] = PUBLIC_NUMBER_NAMES;
    const [firstText, ...otherTexts] = PUBLIC_TEXT_NAMES;
    const sitrep = {
      ...Object.fromEntries(others.map((n) => [n, 2])),
      ...Object.fromEntries(otherTexts.map((n) => [n, 'kept'])),
    };
    const report = {
      agencies_sitereps: {
        ab: { sitrep },
        bc: { sitrep: null },
      },
    } as unknown as PublicNationalSitrep;
    const read = withReportNumberDefaults(report).agencies_sitereps;
    expect(read.ab?.sitrep).toEqual({ ...sitrep, [String(first)]: null, [String(firstText)]: '' });
    expect(read.bc?.sitrep).toBeNull();
  });

  it('gives every number a demo value within its bounds', () => {
    const demo = demoReportNumbers(() => 0.999) as Record<string, number>;
    for (const code of REPORT_FIELD_CODES) {
      expect(typeof demo[code], code).toBe('number');
      expect(AgencySitrepForm.safeParse({ [code]: demo[code] }).success, code).toBe(true);
    }
  });
});

/** The top-level texts of the agency report's schema (a text is taken, a number and a list are not). */
const schemaTexts = Object.entries(AgencySitrepShape.shape)
  .filter(([, t]) => t.safeParse('1').success && !t.safeParse(1).success && !t.safeParse([]).success)
  .map(([k]) => k);

describe('the field registry’s texts (one entry per text of the agency report)', () => {
  it('holds every text of the schema (a text added by hand to the schema fails here)', () => {
    expect(schemaTexts).toEqual(REPORT_TEXT_CODES);
  });

  it('gives each text a label, a most characters and a section whose validation slot holds it', () => {
    const wrong: string[] = [];
    for (const code of REPORT_TEXT_CODES) {
      const spec: ReportTextSpec = REPORT_TEXT_FIELDS[code];
      if (!/^field\.\w+$/.test(spec.label)) wrong.push(`${code}: label ${spec.label}`);
      if (!(Number.isInteger(spec.maxLength) && spec.maxLength > 0)) wrong.push(`${code}: maxLength`);
      if (!SITREP_SECTIONS.some((s) => s.fields.includes(code))) wrong.push(`${code}: no section slot`);
    }
    expect(wrong).toEqual([]);
  });

  it('bounds every text by its most characters, in both schemas (a day in the form by its pattern)', () => {
    for (const code of REPORT_TEXT_CODES) {
      const spec: ReportTextSpec = REPORT_TEXT_FIELDS[code];
      const at = 'x'.repeat(spec.maxLength);
      expect(AgencySitrepShape.safeParse({ [code]: at }).success, code).toBe(true);
      expect(AgencySitrepShape.safeParse({ [code]: `${at}x` }).success, code).toBe(false);
      if (spec.kind === 'date') {
        expect(AgencySitrepForm.safeParse({ [code]: '2026-07-01' }).success, code).toBe(true);
        expect(AgencySitrepForm.safeParse({ [code]: '1 July' }).success, code).toBe(false);
      } else {
        expect(AgencySitrepForm.safeParse({ [code]: at }).success, code).toBe(true);
        expect(AgencySitrepForm.safeParse({ [code]: `${at}x` }).success, code).toBe(false);
      }
    }
  });

  it('carries each text to the national summary, the public report and the export under its own name', () => {
    const doc = Object.fromEntries(REPORT_TEXT_CODES.map((c) => [c, `text of ${c}`]));
    const texts = readReportTexts(doc) as Record<string, string | null>;
    const published = publicReportTexts(readReportTexts(doc), 'opsSummary', 'preparedness', 'porr') as Record<
      string,
      string
    >;
    for (const code of REPORT_TEXT_CODES) {
      const spec: ReportTextSpec = REPORT_TEXT_FIELDS[code];
      if (spec.summary !== undefined) expect(texts[code], code).toBe(`text of ${code}`);
      else expect(texts, code).not.toHaveProperty(code);
      if (spec.publicName) expect(published[spec.publicName], code).toBe(`text of ${code}`);
    }
    expect(Object.keys(published)).toEqual(PUBLIC_TEXT_NAMES);
    // Empty: '' for a text, null for the fire statistics' date (no date, not an empty one).
    const empty = readReportTexts({ en_ops_summary: 3 }) as Record<string, string | null>;
    for (const code of REPORT_TEXT_CODES) {
      const spec: ReportTextSpec = REPORT_TEXT_FIELDS[code];
      if (spec.summary !== undefined) expect(empty[code], code).toBe(spec.summary);
    }
    expect(reportTextExportColumns({ en_ops_summary: 'Hot' })).toEqual(
      Object.fromEntries(REPORT_TEXT_EXPORT_COLUMNS.map((c) => [c, c === 'en_ops_summary' ? 'Hot' : ''])),
    );
  });

  it('puts each public text in the public report, the signed-in ones only for signed-in readers', () => {
    const publicKeys = Object.keys(PublicAgencySitrep.shape.sitrep.unwrap().shape);
    for (const name of PUBLIC_TEXT_NAMES) expect(publicKeys, name).toContain(name);
    const sitrep = Object.fromEntries(PUBLIC_TEXT_NAMES.map((n) => [n, n]));
    const report = { agencies_sitereps: { ab: { sitrep } } } as unknown as PublicNationalSitrep;
    const kept = withoutExpandedData(report).agencies_sitereps.ab?.sitrep;
    expect(Object.keys(kept ?? {})).toEqual(
      PUBLIC_TEXT_NAMES.filter((n) => !(PUBLIC_EXPANDED_TEXT_NAMES as string[]).includes(n)),
    );
  });
});

describe('the fire-statistics tables (laid out once from the registry)', () => {
  const fireSections = [
    'newFires',
    'fullResponse',
    'modifiedResponse',
    'monitoredResponse',
    'prescribedFires',
  ];
  const tableColumns = [...FIRE_STATISTICS_TABLES.newAndFull, ...FIRE_STATISTICS_TABLES.otherResponses];

  it('shows every number of the fire sections once, in form order, each with its heads', () => {
    const numbers = tableColumns.filter((c) => typeof c === 'string');
    expect(numbers).toEqual(
      REPORT_FIELD_CODES.filter((c) => fireSections.includes(REPORT_FIELDS[c].section)),
    );
    const headless = numbers.filter((c) => !(REPORT_FIELDS[c] as ReportFieldSpec).columns);
    expect(headless).toEqual([]);
    expect(FIRE_STATISTICS_NATIONAL).toEqual([...tableColumns, ...FIRE_STATISTICS_OVERALL]);
  });

  it('puts the new fires’ total after the causes and adds the wildfires, not the prescribed burns, at the end', () => {
    const doc = readReportNumbers(Object.fromEntries(REPORT_FIELD_CODES.map((c, i) => [c, i + 1])));
    const values = FIRE_STATISTICS_NATIONAL.map((c) => fireStatisticsValue(c, (code) => doc[code]));
    // a_ltg 1 + a_hum 2 + a_oth 3, between the causes and full response.
    expect(values.slice(0, 5)).toEqual([1, 2, 3, 6, 4]);
    const t = sitrepTotals(doc);
    expect(values.slice(-2)).toEqual([t.overall_fires, t.overall_area]);
    // A blank adds nothing.
    expect(fireStatisticsValue(FIRE_STATISTICS_OVERALL[0], () => null)).toBe(0);
  });
});

describe('the row registry (the typed fields of the report’s list rows)', () => {
  const resources = { category: 'crews', subcategory: 'type-1-unit-crew', item: 'UC20' };
  /** A row each schema keeps, to change one field of. */
  const validRow: Record<keyof typeof REPORT_ROW_FIELDS, Record<string, unknown>> = {
    priorityFire: { fires: 'G1' },
    mobilization: { to: 'bc', from: 'ab', resources: { ...resources, amount: 1 } },
    demobilization: { to: 'bc', from: 'ab', resources: { ...resources, amount: 1 } },
    availability: { available: 1, resources },
  };
  const withField = (row: Record<string, unknown>, path: string, value: unknown) => {
    const [head, tail] = path.split('.') as [string, string | undefined];
    return tail ? { ...row, [head]: { ...(row[head] as object), [tail]: value } } : { ...row, [head]: value };
  };
  const parse = (schema: typeof AgencySitrepForm, list: string, row: Record<string, unknown>) =>
    schema.safeParse({ [list]: [row] }).success;

  it('bounds every typed field of every list by its entry, in the form (and a text in both schemas)', () => {
    const wrong: string[] = [];
    for (const [list, kind] of Object.entries(REPORT_LISTS)) {
      const base = validRow[kind];
      if (!parse(AgencySitrepForm, list, base)) wrong.push(`${list}: the base row is refused`);
      const fields: Record<string, RowFieldSpec> = REPORT_ROW_FIELDS[kind];
      for (const [path, f] of Object.entries(fields)) {
        const name = `${list}.${path}`;
        const at = f.kind === 'number' ? [f.min, f.max] : ['x'.repeat(f.maxLength)];
        const beyond = f.kind === 'number' ? [f.min - 1, f.max + 1] : [`${'x'.repeat(f.maxLength)}x`];
        for (const v of at)
          if (!parse(AgencySitrepForm, list, withField(base, path, v))) wrong.push(`${name}: ${v} refused`);
        for (const v of beyond)
          if (parse(AgencySitrepForm, list, withField(base, path, v))) wrong.push(`${name}: beyond taken`);
        if (
          f.kind === 'number' &&
          f.integer &&
          parse(AgencySitrepForm, list, withField(base, path, f.min + 0.5))
        )
          wrong.push(`${name}: a fraction taken`);
        if (f.kind === 'text' && parse(AgencySitrepShape, list, withField(base, path, beyond[0])))
          wrong.push(`${name}: the shape takes more`);
        if (f.kind === 'text' && f.required && parse(AgencySitrepForm, list, withField(base, path, ' ')))
          wrong.push(`${name}: blank taken`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('gives the form’s input of any field of the report its registry bounds, by its path', () => {
    expect(inputLimits('priority_fires.3.latitude')).toEqual({ min: -90, max: 90, integer: false });
    expect(inputLimits('mobs.0.resources.amount')).toMatchObject({ min: 1 });
    expect(inputLimits('demobs.1.to')).toEqual({ maxLength: 40 });
    expect(inputLimits('a_ltg')).toEqual(boundsOf('a_ltg'));
    expect(inputLimits('en_ops_summary')).toEqual({ maxLength: REPORT_TEXT_FIELDS.en_ops_summary.maxLength });
    expect(inputLimits('priority_fires.0.stage_of_control')).toBeUndefined();
    expect(inputLimits('toString')).toBeUndefined();
  });
});
