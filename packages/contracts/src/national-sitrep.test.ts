import { describe, expect, it } from 'vitest';
import {
  addNationalMobRow,
  bringForwardNationalMobs,
  displayNationalStatus,
  nationalDraftErrors as draftCoded,
  emptyNationalDraft,
  hasNationalMobsToBringForward,
  isReportDate,
  NATIONAL_MOB_COLUMNS,
  type NationalMobTables,
  nationalMobColumnTotals,
  nationalMobRowTotal,
  nationalPublishErrors as publishCoded,
  removeNationalMobRow,
  summaryChangedInOneLanguage,
  validationKey,
} from './national-sitrep/index.ts';

/** The English texts of field errors (each is its code's catalogue text with the params filled in). */
const texts = (errors: Record<string, { message: string }>) =>
  Object.fromEntries(Object.entries(errors).map(([key, error]) => [key, error.message]));
const nationalDraftErrors = (...args: Parameters<typeof draftCoded>) => texts(draftCoded(...args));
const nationalPublishErrors = (...args: Parameters<typeof publishCoded>) => texts(publishCoded(...args));

const mob = (over: Record<string, unknown> = {}) => ({
  key: 'k1',
  group: 'g1',
  to: 'bc',
  from: 'on',
  resources: { amount: 2, category: 'crews', subcategory: 'type-1-unit-crew', item: 'UC20' },
  ...over,
});

describe('national mobilization row Total', () => {
  it('has a column per agency (13, no Nunavut) plus CIFFC, Fed and Intl', () => {
    expect(NATIONAL_MOB_COLUMNS).toHaveLength(16);
    expect(NATIONAL_MOB_COLUMNS).not.toContain('nu');
    expect(NATIONAL_MOB_COLUMNS.slice(-3)).toEqual(['ciffc', 'fed', 'intl']);
  });

  it('sums every agency plus CIFFC, fed and intl, blanks counted as 0', () => {
    expect(
      nationalMobRowTotal({ resources: 'UC20', ab: 2, bc: null, on: 3, ciffc: 1, fed: 4, intl: 5 }),
    ).toBe(15);
    expect(nationalMobRowTotal({ resources: 'UC20' })).toBe(0);
    expect(nationalMobRowTotal({ resources: 'UC20', yt: 1, pe: 1, qc: 1, nu: 100 } as never)).toBe(3);
  });

  it('ignores values that are not numbers', () => {
    expect(nationalMobRowTotal({ ab: '7', bc: Number.NaN, sk: 2 })).toBe(2);
  });

  it('totals each column and the whole table', () => {
    const totals = nationalMobColumnTotals({
      UC20: { resources: 'UC20', ab: 2, fed: 1 },
      HM: { resources: 'HM', ab: 1, intl: 3 },
    });
    expect(totals.ab).toBe(3);
    expect(totals.fed).toBe(1);
    expect(totals.intl).toBe(3);
    expect(totals.total).toBe(7);
  });
});

describe('national mobilization To/From mirror', () => {
  it('adding a To row adds the same resource to From', () => {
    const t = addNationalMobRow({ national_to_mobs: {}, national_from_mobs: {} }, 'UC20');
    expect(t.national_to_mobs).toEqual({ UC20: { resources: 'UC20' } });
    expect(t.national_from_mobs).toEqual({ UC20: { resources: 'UC20' } });
  });

  it('keeps an existing row when the resource is added again', () => {
    const tables: NationalMobTables = {
      national_to_mobs: { UC20: { resources: 'UC20', ab: 3 } },
      national_from_mobs: {},
    };
    const t = addNationalMobRow(tables, 'UC20');
    expect(t.national_to_mobs.UC20?.ab).toBe(3);
    expect(t.national_from_mobs.UC20).toEqual({ resources: 'UC20' });
  });

  it('removing a row removes it from both tables', () => {
    const t = removeNationalMobRow(
      {
        national_to_mobs: { UC20: { resources: 'UC20', ab: 3 }, HM: { resources: 'HM' } },
        national_from_mobs: { UC20: { resources: 'UC20' }, HM: { resources: 'HM' } },
      },
      'UC20',
    );
    expect(Object.keys(t.national_to_mobs)).toEqual(['HM']);
    expect(Object.keys(t.national_from_mobs)).toEqual(['HM']);
  });
});

describe('bring forward of national mobilizations', () => {
  it('adds keys missing on one side as empty rows on the other', () => {
    const out = bringForwardNationalMobs({
      national_to_mobs: { UC20: { resources: 'UC20', ab: 2 } },
      national_from_mobs: { HM: { resources: 'HM', on: 1 } },
    });
    expect(out.national_to_mobs).toEqual({ UC20: { resources: 'UC20', ab: 2 }, HM: { resources: 'HM' } });
    expect(out.national_from_mobs).toEqual({ UC20: { resources: 'UC20' }, HM: { resources: 'HM', on: 1 } });
  });

  it('knows when there is no data to bring forward', () => {
    expect(hasNationalMobsToBringForward(null)).toBe(false);
    expect(hasNationalMobsToBringForward({ national_to_mobs: {}, national_from_mobs: {} })).toBe(false);
    expect(hasNationalMobsToBringForward({ national_to_mobs: { HM: { resources: 'HM' } } })).toBe(true);
  });
});

describe('validationErrors of the national draft (5.2, 5.4)', () => {
  it('accepts an empty draft', () => {
    expect(nationalDraftErrors(emptyNationalDraft())).toEqual({});
  });

  it('keys mobs_grouped rows by index and field, with the form_8 slot', () => {
    const errors = nationalDraftErrors({
      ...emptyNationalDraft(),
      mobs_grouped: [
        mob(),
        mob({ to: '', resources: { amount: 0, category: 'crews', subcategory: 'x', item: 'UC20' } }),
      ],
    });
    expect(errors['mobs_grouped.1.to']).toBe('This field is required.');
    expect(errors['mobs_grouped.1.resources']).toBe('Must be between 1 and 100000');
    expect(errors['mobs_grouped.0.to']).toBeUndefined();
    expect(errors.form_8).toBeDefined();
  });

  it('keys national mobilization counts per resource and field, with form_9', () => {
    const draft = {
      ...emptyNationalDraft(),
      national_to_mobs: { UC20: { resources: 'UC20', ab: -1, ciffc: 1.5 } },
      national_from_mobs: { UC20: { resources: 'UC20', intl: 2 } },
    };
    const errors = nationalDraftErrors(draft);
    expect(errors['national_to_mobs.UC20.ab']).toBe('Must be between 0 and 100000');
    expect(errors['national_to_mobs.UC20.ciffc']).toBe('Must be a whole number');
    expect(errors['national_from_mobs.UC20.intl']).toBeUndefined();
    expect(errors.form_9).toBeDefined();
  });

  it('asks that To and From list the same resources', () => {
    const errors = nationalDraftErrors({
      ...emptyNationalDraft(),
      national_to_mobs: { UC20: { resources: 'UC20' } },
    });
    expect(errors['national_from_mobs.UC20']).toBeDefined();
  });

  it('keys demobs rows and the US fields, with form_10 and form_11', () => {
    const errors = nationalDraftErrors({
      ...emptyNationalDraft(),
      demobs: [mob({ from: '' })],
      us_preparedness_level: 6,
      us_fires: -2,
      us_acres: -0.5,
      us_ytd_fires: 1.5,
      us_ytd_acres: 10.25,
    });
    expect(Object.keys(errors).sort()).toEqual(
      [
        'demobs.0.from',
        'form_10',
        'form_11',
        'us_acres',
        'us_fires',
        'us_preparedness_level',
        'us_ytd_fires',
      ].sort(),
    );
  });

  it('accepts preparedness_level as a string 0 to 5 only', () => {
    expect(nationalDraftErrors({ ...emptyNationalDraft(), preparedness_level: '5' })).toEqual({});
    expect(
      nationalDraftErrors({ ...emptyNationalDraft(), preparedness_level: '6' }).preparedness_level,
    ).toBeDefined();
    expect(
      nationalDraftErrors({ ...emptyNationalDraft(), preparedness_level: 3 }).preparedness_level,
    ).toBeDefined();
  });

  it('needs a level 1 to 5 to publish', () => {
    expect(nationalPublishErrors(emptyNationalDraft()).preparedness_level).toBe('This field is required.');
    expect(nationalPublishErrors({ ...emptyNationalDraft(), preparedness_level: '2' })).toEqual({});
  });

  it('collapses the parts of a resource to the resources key', () => {
    expect(validationKey(['mobs_grouped', 3, 'resources', 'item'])).toBe('mobs_grouped.3.resources');
    expect(validationKey(['national_to_mobs', 'UC20', 'ab'])).toBe('national_to_mobs.UC20.ab');
  });
});

describe('report dates', () => {
  it('accepts real YYYY-MM-DD dates only', () => {
    expect(isReportDate('2025-07-14')).toBe(true);
    expect(isReportDate('2025-02-30')).toBe(false);
    expect(isReportDate('2025-7-14')).toBe(false);
    expect(isReportDate('latest')).toBe(false);
  });
});

describe('summaryChangedInOneLanguage', () => {
  const texts = (en: string, fr: string) => ({ en_summary_comments: en, fr_summary_comments: fr });
  it('names the one language whose summary changed', () => {
    expect(summaryChangedInOneLanguage(texts('Dry', 'Sec'), texts('Wet', 'Sec'))).toBe('en');
    expect(summaryChangedInOneLanguage(texts('Dry', 'Sec'), texts('Dry', 'Humide'))).toBe('fr');
  });
  it('is null when both or neither changed (spaces at the ends do not count)', () => {
    expect(summaryChangedInOneLanguage(texts('Dry', 'Sec'), texts('Wet', 'Humide'))).toBeNull();
    expect(summaryChangedInOneLanguage(texts('Dry', 'Sec'), texts('Dry ', 'Sec'))).toBeNull();
  });
});

describe('displayNationalStatus (docs/spec/data-entry.md 4.4)', () => {
  it('shows PUBLISHED whenever is_published, even while the draft is being edited', () => {
    expect(
      displayNationalStatus({ status: 'E', is_published: true, last_edit: '2026-07-15T20:00:00Z' }),
    ).toBe('PUBLISHED');
    expect(displayNationalStatus({ status: 'UNPUBLISHED', is_published: true })).toBe('PUBLISHED');
  });

  it('uses the server status otherwise, and UNPUBLISHED when there is none', () => {
    expect(displayNationalStatus({ status: 'E', is_published: false })).toBe('E');
    expect(
      displayNationalStatus({ status: '', last_edit: '2026-07-15T20:00:00Z', is_published: false }),
    ).toBe('UNPUBLISHED');
    expect(displayNationalStatus({ status: null, last_edit: null })).toBe('UNPUBLISHED');
  });

  it('says Being Edited only while someone holds the claim', () => {
    expect(displayNationalStatus({ status: 'E', is_published: false, claimed_by: 7 })).toBe('E');
    expect(displayNationalStatus({ status: 'E', is_published: false, claimed_by: null })).toBe('UNPUBLISHED');
    expect(displayNationalStatus({ status: 'E', is_published: true, claimed_by: null })).toBe('PUBLISHED');
  });
});
