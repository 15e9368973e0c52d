import { describe, expect, it } from 'vitest';
import { weekOfYear, weekStart } from '../http/time.ts';
import { normaliseField, parseFireDate, validateRecord } from './import.ts';

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
    expect(validateRecord(base, '2026-07-15').ok).toBe(true);
    const zone = validateRecord({ ...base, agency_data_timezone: 'Mars/Olympus' }, '2026-07-15');
    expect(zone.ok ? {} : zone.errors).toHaveProperty('agency_data_timezone');
    const far = validateRecord({ ...base, latitude: '95' }, '2026-07-15');
    expect(far.ok ? {} : far.errors.latitude).toBe('coordinates are not valid degrees');
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
