import { describe, expect, it } from 'vitest';
import { summariseFires, tomorrowIsoDate } from './fires-summary.ts';
import type { FireCountRecord, SummaryRecord } from './wildfires.ts';

// Hand-computed: BC has FUL 3 OC (10.5 ha), 2 BH (4 ha), 1 UC (0.5 ha), 4 OUT (20 ha); MOD 2 OC
// (100 ha) and 1 OUT (1 ha); MON 5 UC (1000 ha). ON has FUL 1 OUT (2.25 ha) only.
const summary: SummaryRecord[] = [
  { agency_code: 'bc', response_type: 'FUL', stage_of_control: 'OC', fire_count: 3, area_sum: 10.5 },
  { agency_code: 'bc', response_type: 'FUL', stage_of_control: 'BH', fire_count: 2, area_sum: 4 },
  { agency_code: 'bc', response_type: 'FUL', stage_of_control: 'UC', fire_count: 1, area_sum: 0.5 },
  { agency_code: 'bc', response_type: 'FUL', stage_of_control: 'OUT', fire_count: 4, area_sum: 20 },
  { agency_code: 'bc', response_type: 'MOD', stage_of_control: 'OC', fire_count: 2, area_sum: 100 },
  { agency_code: 'bc', response_type: 'MOD', stage_of_control: 'OUT', fire_count: 1, area_sum: 1 },
  { agency_code: 'bc', response_type: 'MON', stage_of_control: 'UC', fire_count: 5, area_sum: 1000 },
  { agency_code: 'ON', response_type: 'FUL', stage_of_control: 'OUT', fire_count: 1, area_sum: 2.25 },
];
// BC: 2 natural, 3 human, 1 "X" and 1 empty cause (undetermined); ON: 4 natural.
const counts: FireCountRecord[] = [
  { agency_code: 'bc', fire_cause: 'N', fire_count: 2 },
  { agency_code: 'bc', fire_cause: 'H', fire_count: 3 },
  { agency_code: 'bc', fire_cause: 'X', fire_count: 1 },
  { agency_code: 'bc', fire_cause: '', fire_count: 1 },
  { agency_code: 'on', fire_cause: 'N', fire_count: 4 },
];

describe('summariseFires', () => {
  const s = summariseFires(summary, counts);
  const row = <R extends { agency_code: string }>(rows: R[], code: string) =>
    rows.find((r) => r.agency_code === code);

  it('has one row per agency, all 13 in code order, zeros where nothing was reported', () => {
    expect(s.full.rows.map((r) => r.agency_code)).toEqual([
      'ab',
      'bc',
      'mb',
      'nb',
      'nl',
      'ns',
      'nt',
      'on',
      'pc',
      'pe',
      'qc',
      'sk',
      'yt',
    ]);
    expect(row(s.full.rows, 'ab')).toEqual({
      agency_code: 'ab',
      soc_oc: 0,
      soc_bh: 0,
      soc_uc: 0,
      active: 0,
      active_area: 0,
      soc_out: 0,
      out_area: 0,
      total: 0,
      total_area: 0,
    });
  });

  it('counts new fires by cause, anything but H and N as undetermined', () => {
    expect(row(s.newFires.rows, 'bc')).toEqual({
      agency_code: 'bc',
      cause_natural: 2,
      cause_human: 3,
      cause_undetermined: 2,
      total: 7,
    });
    expect(s.newFires.total).toEqual({
      agency_code: 'total',
      cause_natural: 6,
      cause_human: 3,
      cause_undetermined: 2,
      total: 11,
    });
  });

  it('splits full response into stages, active (OC+BH+UC) and out, with areas', () => {
    expect(row(s.full.rows, 'bc')).toEqual({
      agency_code: 'bc',
      soc_oc: 3,
      soc_bh: 2,
      soc_uc: 1,
      active: 6,
      active_area: 15,
      soc_out: 4,
      out_area: 20,
      total: 10,
      total_area: 35,
    });
    expect(row(s.full.rows, 'on')).toMatchObject({ soc_out: 1, out_area: 2.25, total: 1, total_area: 2.25 });
    expect(s.full.total).toMatchObject({ active: 6, soc_out: 5, total: 11, total_area: 37.25 });
  });

  it('gives modified and monitored response active, out, total and area', () => {
    expect(row(s.modified.rows, 'bc')).toEqual({ agency_code: 'bc', active: 2, out: 1, total: 3, area: 101 });
    expect(row(s.monitored.rows, 'bc')).toEqual({
      agency_code: 'bc',
      active: 5,
      out: 0,
      total: 5,
      area: 1000,
    });
  });

  it('adds the three responses into the grand totals', () => {
    expect(row(s.grand.rows, 'bc')).toEqual({ agency_code: 'bc', fires: 18, area: 1136 });
    expect(row(s.grand.rows, 'on')).toEqual({ agency_code: 'on', fires: 1, area: 2.25 });
    expect(s.grand.total).toEqual({ agency_code: 'total', fires: 19, area: 1138.25 });
  });

  it('keeps an agency code outside the 13 rather than dropping its fires', () => {
    const extra = summariseFires(
      [{ agency_code: 'xx', response_type: 'FUL', stage_of_control: 'OC', fire_count: 1, area_sum: 1 }],
      [],
    );
    expect(extra.full.rows.at(-1)).toMatchObject({ agency_code: 'xx', soc_oc: 1 });
  });
});

describe('tomorrowIsoDate', () => {
  it('is the next calendar day in the given zone, across month and year ends', () => {
    // 03:00 UTC on 1 January is still 31 December in Winnipeg.
    expect(tomorrowIsoDate(new Date('2026-01-01T03:00:00Z'), 'America/Winnipeg')).toBe('2026-01-01');
    expect(tomorrowIsoDate(new Date('2026-02-28T18:00:00Z'), 'America/Winnipeg')).toBe('2026-03-01');
    expect(tomorrowIsoDate(new Date('2025-12-31T18:00:00Z'), 'America/Winnipeg')).toBe('2026-01-01');
  });

  it('takes the centre’s day at UTC−5 after Manitoba kept daylight time (autumn 2026)', () => {
    // 05:30 UTC on 5 December is 00:30 in Winnipeg; at the old −6 it would still be the 4th.
    expect(tomorrowIsoDate(new Date('2026-12-05T05:30:00Z'), 'America/Winnipeg')).toBe('2026-12-06');
  });
});
