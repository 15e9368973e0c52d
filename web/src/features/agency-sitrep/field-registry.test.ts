import {
  REPORT_FIELD_CODES,
  REPORT_FIELDS,
  REPORT_ROW_FIELDS,
  REPORT_TEXT_CODES,
  REPORT_TEXT_FIELDS,
  type ReportFieldSpec,
  type ReportTextSpec,
  type RowFieldSpec,
} from '@ciffc/contracts';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../app/messages.ts';

describe('the field registry and the site’s catalogue', () => {
  it('has every label a number of the report uses, in English and in French', () => {
    const missing: string[] = [];
    for (const code of REPORT_FIELD_CODES) {
      const spec: ReportFieldSpec = REPORT_FIELDS[code];
      const ids = [`agencySitrep.${spec.label}`];
      if (spec.sectionInName) ids.push(`agencySitrep.section.${spec.section}`);
      if (spec.columns)
        ids.push(`nationalSitrep.${spec.columns.national}`, `situation.${spec.columns.public}`);
      for (const lang of ['en', 'fr'] as const)
        for (const id of ids)
          if (!(catalogue[lang] as Record<string, string>)[id]) missing.push(`${lang} ${code} ${id}`);
    }
    expect(missing).toEqual([]);
  });

  it('has every label a text of the report uses, and its section’s title, in English and in French', () => {
    const missing: string[] = [];
    for (const code of REPORT_TEXT_CODES) {
      const spec: ReportTextSpec = REPORT_TEXT_FIELDS[code];
      for (const lang of ['en', 'fr'] as const)
        for (const id of [`agencySitrep.${spec.label}`, `agencySitrep.section.${spec.section}`])
          if (!(catalogue[lang] as Record<string, string>)[id]) missing.push(`${lang} ${code} ${id}`);
    }
    expect(missing).toEqual([]);
  });

  it('has every label a typed field of a list row uses, in English and in French', () => {
    const missing: string[] = [];
    for (const [kind, fields] of Object.entries(REPORT_ROW_FIELDS))
      for (const [path, spec] of Object.entries(fields as Record<string, RowFieldSpec>))
        for (const lang of ['en', 'fr'] as const)
          if (spec.label && !(catalogue[lang] as Record<string, string>)[`agencySitrep.${spec.label}`])
            missing.push(`${lang} ${kind}.${path} ${spec.label}`);
    expect(missing).toEqual([]);
  });

  it('gives a column to every number of the sections whose tables it lays out (forecasts, helicopters)', () => {
    const without = REPORT_FIELD_CODES.filter((c) => {
      const spec: ReportFieldSpec = REPORT_FIELDS[c];
      return (spec.section === 'fop' || spec.section === 'chh') && !spec.columns;
    });
    expect(without).toEqual([]);
  });
});
