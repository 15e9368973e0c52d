import { describe, expect, it } from 'vitest';
import { canadianPlaces } from './build-gazetteer.ts';
import { CANADA_PLACES } from './canada-places.ts';
import { foldName, searchPlaces } from './service.ts';

describe('the gazetteer', () => {
  it('is the installed GeoNames data (after a bump: npx tsx api/src/places/build-gazetteer.ts)', () => {
    expect(CANADA_PLACES).toEqual(canadianPlaces());
  });

  it('holds every province and territory, and places from north to south', () => {
    const provinces = new Set(CANADA_PLACES.map((p) => p[2]));
    expect([...provinces].sort()).toEqual([
      'ab',
      'bc',
      'mb',
      'nb',
      'nl',
      'ns',
      'nt',
      'nu',
      'on',
      'pe',
      'qc',
      'sk',
      'yt',
    ]);
  });

  it('folds case, accents, apostrophes and hyphens alike', () => {
    expect(foldName("VAL-D'OR")).toBe('val dor');
    for (const typed of ['val d or', "val-d'o", 'VAL DO', 'val d’or'])
      expect(searchPlaces(typed, 'en')[0]?.name, typed).toBe("Val-d'Or");
    expect(searchPlaces('st johns', 'en').map((p) => p.name)).toContain("St. John's");
    expect(foldName('Trois-Rivières')).toBe('trois rivieres');
    expect(foldName('St. John’s')).toBe('st johns');
  });
});
