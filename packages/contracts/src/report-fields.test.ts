import { describe, expect, it } from 'vitest';
import {
  AgencySitrepForm,
  boundsOf,
  demoReportNumbers,
  PUBLIC_NUMBER_NAMES,
  publicReportNumbers,
  REPORT_EXPORT_COLUMNS,
  REPORT_FIELD_CODES,
  REPORT_FIELDS,
  type ReportFieldSpec,
  readReportNumbers,
  reportExportColumns,
  SITREP_PREPAREDNESS_FIELDS,
  SITREP_SECTIONS,
} from './agency-sitrep/index.ts';
import {
  PublicAgencySitrep,
  type PublicNationalSitrep,
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

  it('reads a number that a stored report predates as null, and keeps the ones it has', () => {
    const [first, ...others] = PUBLIC_NUMBER_NAMES;
    const sitrep = Object.fromEntries(others.map((n) => [n, 2]));
    const report = {
      agencies_sitereps: {
        ab: { sitrep },
        bc: { sitrep: null },
      },
    } as unknown as PublicNationalSitrep;
    const read = withReportNumberDefaults(report).agencies_sitereps;
    expect(read.ab?.sitrep).toEqual({ ...sitrep, [String(first)]: null });
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
