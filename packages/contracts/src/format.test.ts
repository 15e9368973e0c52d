import { describe, expect, it } from 'vitest';
import { AGENCIES, AGENCY_CODES, agencyByCode, isAgencyCode } from './agencies.ts';
import { isFeaturePublished } from './features.ts';
import { formatCoordinate, formatDecimal, formatInteger, formatStat } from './format.ts';

const NBSP = '\u00a0';

describe('number formats (docs/spec/public-site.md section 9)', () => {
  it('groups integers with no decimals', () => {
    expect(formatInteger(12345.6, 'en')).toBe('12,346');
    expect(formatInteger(12345, 'fr')).toBe(`12${NBSP}345`);
  });
  it('shows hectares with 1 decimal', () => {
    expect(formatDecimal(12345.67, 'en')).toBe('12,345.7');
    expect(formatDecimal(12345.67, 'fr')).toBe(`12${NBSP}345,7`);
    expect(formatDecimal(3, 'en')).toBe('3.0');
  });
  it('shows coordinates with 4 decimals and no grouping', () => {
    expect(formatCoordinate(-123.456789, 'en')).toBe('-123.4568');
    expect(formatCoordinate(1234.5, 'fr')).toBe('1234,5000');
  });
  it('abbreviates stats above 10,000 with K and above 1,000,000 with M', () => {
    expect(formatStat(10_000, 'en')).toBe('10,000');
    expect(formatStat(12_345, 'en')).toBe('12.3K');
    expect(formatStat(1_000_000, 'en')).toBe('1,000K');
    expect(formatStat(2_500_000, 'en')).toBe('2.5M');
    expect(formatStat(2_500_000, 'fr')).toBe(`2,5${NBSP}M`);
  });
});

describe('feature gating', () => {
  it('allows every route while the alias list loads, then only published ones', () => {
    expect(isFeaturePublished('inventory', undefined)).toBe(true);
    expect(isFeaturePublished('inventory', ['login'])).toBe(false);
    expect(isFeaturePublished('inventory', ['inventory'])).toBe(true);
    expect(isFeaturePublished(undefined, [])).toBe(true);
  });
});

describe('agencies', () => {
  it('has the 13 agencies with English and French names', () => {
    expect(AGENCIES.map((a) => a.code)).toEqual([...AGENCY_CODES]);
    for (const a of AGENCIES) expect(a.name.fr.length).toBeGreaterThan(0);
    expect(agencyByCode('QC')?.name.fr).toBe('Québec');
    expect(isAgencyCode('nu')).toBe(false);
    expect(isAgencyCode('PC')).toBe(true);
  });
});
