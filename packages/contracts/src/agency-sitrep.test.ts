import { describe, expect, it } from 'vitest';
import {
  AgencySitrepForm,
  AgencySitrepShape,
  boundsOf,
  issuesToValidationErrors as issuesToCoded,
  normaliseMobilizationGroups,
  normaliseStatus,
  SITREP_COUNT_FIELDS,
  SITREP_FORM_SLOTS,
  SITREP_HECTARE_FIELDS,
  SITREP_SECTIONS,
  sectionsWithData,
  sitrepTotals,
  slotOfField,
  validateAgencySitrep as validateCoded,
} from './agency-sitrep/index.ts';
import { HECTARES_MAX, RESOURCE_COUNT_MAX } from './bounds.ts';
import { SITREP_SECTION_COUNT } from './codes.ts';

/** The English texts of field errors (each is its code's catalogue text with the params filled in). */
const texts = (errors: Record<string, { message: string }>) =>
  Object.fromEntries(Object.entries(errors).map(([key, error]) => [key, error.message]));
const validateAgencySitrep = (...args: Parameters<typeof validateCoded>) => texts(validateCoded(...args));
const issuesToValidationErrors = (...args: Parameters<typeof issuesToCoded>) => texts(issuesToCoded(...args));

const resources = { category: 'crews', subcategory: 'type-1-unit-crew', item: 'UC20' };
const fire = {
  fires: 'G80123',
  latitude: 55.1,
  longitude: -120.3,
  stage_of_control: 'OC',
  size: 1200.5,
  incident_type: 2,
  percent_contained: 40,
};

describe('agency sitrep totals (docs/spec/data-entry.md 2.1)', () => {
  it('adds new fires yesterday into a_total', () => {
    expect(sitrepTotals({ a_ltg: 3, a_hum: 4, a_oth: 1 }).a_total).toBe(8);
  });

  it('computes full response active, total fires and total area', () => {
    const t = sitrepTotals({
      b_oc: 5,
      b_bh: 2,
      b_uc: 1,
      b_total_out: 10,
      b_active_hectares: 120.5,
      b_out_hectares: 30.2,
    });
    expect(t.b_active).toBe(8);
    expect(t.b_total_fires).toBe(18);
    expect(t.b_total_area).toBeCloseTo(150.7, 10);
  });

  it('overall fires and area are full plus modified plus monitored (prescribed fires excluded)', () => {
    const t = sitrepTotals({
      b_oc: 5,
      b_bh: 2,
      b_uc: 1,
      b_total_out: 10,
      b_active_hectares: 120.5,
      b_out_hectares: 30.2,
      c_act: 3,
      c_out: 4,
      c_total_hectares: 0.1,
      c2_act: 6,
      c2_out: 1,
      c2_total_hectares: 1000,
      e_act: 50,
      e_out: 50,
      e_total_hectares: 999,
    });
    // 18 + 7 + 7 fires; 150.7 + 0.1 + 1000 hectares
    expect(t.overall_fires).toBe(32);
    expect(t.overall_area).toBe(1150.8);
  });

  it('counts blanks as 0', () => {
    expect(sitrepTotals({ a_ltg: null, a_hum: undefined })).toMatchObject({
      a_total: 0,
      overall_fires: 0,
      overall_area: 0,
    });
  });
});

describe('agency sitrep bounds (docs/spec/data-entry.md 5.2)', () => {
  it('accepts an empty draft and a full valid one', () => {
    expect(validateAgencySitrep({})).toEqual({});
    expect(
      validateAgencySitrep({
        a_ltg: 0,
        b_active_hectares: 0.5,
        priority_fires: [fire],
        mobs_grouped: [{ group: 'g1', to: 'bc', from: 'ab', resources: { ...resources, amount: 1 } }],
        rars: [{ available: 1, resources }],
        current_fire_hazard: 5,
        prep_level_override: 0,
        fire_statistics_as_of: '2025-07-01T14:00',
      }),
    ).toEqual({});
  });

  it.each(SITREP_COUNT_FIELDS)(
    'rejects a negative, fractional or implausibly large %s with its range',
    (field) => {
      const { max } = boundsOf(field);
      expect(validateAgencySitrep({ [field]: -1 })[field]).toBe(`Must be between 0 and ${max}`);
      expect(validateAgencySitrep({ [field]: 99_999_999_999_999 })[field]).toBe(
        `Must be between 0 and ${max}`,
      );
      expect(validateAgencySitrep({ [field]: max })).toEqual({});
      expect(validateAgencySitrep({ [field]: 1.5 })[field]).toBe('Must be a whole number');
    },
  );

  it.each(SITREP_HECTARE_FIELDS)('rejects negative hectares in %s and takes any decimal', (field) => {
    expect(validateAgencySitrep({ [field]: -0.1 })[field]).toBe(`Must be between 0 and ${HECTARES_MAX}`);
    expect(validateAgencySitrep({ [field]: 999_999_999_999 })[field]).toBe(
      `Must be between 0 and ${HECTARES_MAX}`,
    );
    expect(validateAgencySitrep({ [field]: 0.123 })).toEqual({});
  });

  it('bounds percent_contained 0-100, incident_type 1-5 and stage_of_control OUT/UC/BH/OC', () => {
    const errors = validateAgencySitrep({
      priority_fires: [
        fire,
        fire,
        { ...fire, percent_contained: 101, incident_type: 6, stage_of_control: 'XX' },
      ],
    });
    expect(errors['priority_fires.2.percent_contained']).toBe('Must be between 0 and 100');
    expect(errors['priority_fires.2.incident_type']).toBe('Must be between 1 and 5');
    expect(errors['priority_fires.2.stage_of_control']).toBe('Must be one of OC, BH, UC, OUT');
    expect(errors.form_6).toBe('This section has 3 validation errors.');
    expect(
      validateAgencySitrep({ priority_fires: [{ ...fire, percent_contained: -1, incident_type: 0 }] }),
    ).toMatchObject({
      'priority_fires.0.percent_contained': 'Must be between 0 and 100',
      'priority_fires.0.incident_type': 'Must be between 1 and 5',
    });
  });

  it('needs at least 1 available and a mobilization amount of at least 1', () => {
    const errors = validateAgencySitrep({
      rars: [{ available: 0, resources }],
      mobs: [{ to: 'bc', from: 'ab', resources: { ...resources, amount: 0 } }],
      mobs_grouped: [{ to: 'bc', from: 'ab', resources: { ...resources, amount: -2 } }],
      demobs: [{ to: 'bc', from: 'ab', resources: { ...resources, amount: 0 } }],
    });
    expect(errors['rars.0.available']).toBe(`Must be between 1 and ${RESOURCE_COUNT_MAX}`);
    expect(errors['mobs.0.resources.amount']).toBe(`Must be between 1 and ${RESOURCE_COUNT_MAX}`);
    expect(errors['mobs_grouped.0.resources.amount']).toBe(`Must be between 1 and ${RESOURCE_COUNT_MAX}`);
    expect(errors['demobs.0.resources.amount']).toBe(`Must be between 1 and ${RESOURCE_COUNT_MAX}`);
    expect(errors.form_11).toBe('This section has 4 validation errors.');
  });

  it('requires the category, subcategory and item of a resource choice', () => {
    const errors = validateAgencySitrep({
      rars: [{ available: 2, resources: { category: '', subcategory: '', item: '' } }],
    });
    expect(errors).toMatchObject({
      'rars.0.resources.category': 'This field is required.',
      'rars.0.resources.subcategory': 'This field is required.',
      'rars.0.resources.item': 'This field is required.',
    });
  });

  it('bounds the preparedness scales 1-5 and prep_level_override 0-5', () => {
    for (const f of [
      'current_fire_hazard',
      'current_fire_load',
      'expected_fire_load',
      'agency_resource_levels',
      'ciffc_response_capacity',
    ]) {
      expect(validateAgencySitrep({ [f]: 0 })[f]).toBe('Must be between 1 and 5');
      expect(validateAgencySitrep({ [f]: 6 })[f]).toBe('Must be between 1 and 5');
    }
    expect(validateAgencySitrep({ prep_level_override: 0 })).toEqual({});
    expect(validateAgencySitrep({ prep_level_override: 6 }).prep_level_override).toBe(
      'Must be between 0 and 5',
    );
    expect(validateAgencySitrep({ prep_level_override: -1 }).form_8).toBeDefined();
  });

  it('keeps bounds out of the shape schema: a bad value is still a storable draft', () => {
    expect(
      AgencySitrepShape.safeParse({ a_ltg: -5, priority_fires: [{ ...fire, percent_contained: 500 }] })
        .success,
    ).toBe(true);
    expect(AgencySitrepShape.safeParse({ a_ltg: 'five' }).success).toBe(false);
    expect(AgencySitrepForm.safeParse({ a_ltg: -5 }).success).toBe(false);
  });

  it('keys errors by field with list indexes', () => {
    const r = AgencySitrepForm.safeParse({ priority_fires: [fire, { ...fire, size: -1 }] });
    expect(r.success).toBe(false);
    if (!r.success)
      expect(issuesToValidationErrors(r.error.issues)).toEqual({
        'priority_fires.1.size': `Must be between 0 and ${HECTARES_MAX}`,
      });
  });
});

describe('sections and slots', () => {
  it('maps every field to its section slot form_0..form_11', () => {
    expect(SITREP_FORM_SLOTS).toHaveLength(12);
    expect(slotOfField('en_ops_summary')).toBe('form_0');
    expect(slotOfField('a_hum')).toBe('form_1');
    expect(slotOfField('b_out_hectares')).toBe('form_2');
    expect(slotOfField('priority_fires.3.size')).toBe('form_6');
    expect(slotOfField('ciffc_response_capacity')).toBe('form_8');
    expect(slotOfField('rars.0.available')).toBe('form_11');
    expect(new Set(SITREP_SECTIONS.map((s) => s.slot))).toEqual(new Set(SITREP_FORM_SLOTS));
  });

  it('every field of the form belongs to exactly one section', () => {
    const all = SITREP_SECTIONS.flatMap((s) => s.fields);
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual(Object.keys(AgencySitrepShape.shape).sort());
  });

  it('counts the sections holding data out of 13', () => {
    expect(SITREP_SECTIONS.filter((s) => s.counted)).toHaveLength(SITREP_SECTION_COUNT);
    expect(sectionsWithData({})).toBe(0);
    expect(
      sectionsWithData({
        en_ops_summary: ' ',
        a_ltg: 0,
        priority_fires: [],
        rars: [{ available: 1, resources }],
      }),
    ).toBe(2);
    expect(sectionsWithData({ fire_statistics_as_of: '2025-07-01' })).toBe(0);
  });
});

describe('statuses and groups', () => {
  it('an empty status counts as N', () => {
    expect(normaliseStatus('')).toBe('N');
    expect(normaliseStatus(null)).toBe('N');
    expect(normaliseStatus('A')).toBe('A');
  });

  it('later rows of a group take to and from from the first row', () => {
    const r = (group: string, to: string, from: string) => ({ group, to, from });
    expect(
      normaliseMobilizationGroups([
        r('g', 'bc', 'ab'),
        r('g', 'on', 'qc'),
        r('h', 'mb', 'sk'),
        r('g', '', ''),
      ]),
    ).toEqual([r('g', 'bc', 'ab'), r('g', 'bc', 'ab'), r('h', 'mb', 'sk'), r('g', 'bc', 'ab')]);
  });
});
