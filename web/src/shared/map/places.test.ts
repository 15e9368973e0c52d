import { AGENCIES } from '@ciffc/contracts';
import { describe, expect, it } from 'vitest';
import { PLACES, placesAt } from './places.ts';

describe('place names of the map', () => {
  it('holds the national capital and one capital per province and territory, inside Canada', () => {
    const capitals = PLACES.features.filter((f) => f.properties.kind !== 'city');
    // 10 provinces + 3 territories (the 13 agencies less Parks Canada, plus Nunavut) + Ottawa.
    expect(capitals).toHaveLength(AGENCIES.length - 1 + 1 + 1);
    for (const f of PLACES.features) {
      const [lon = 0, lat = 0] = f.geometry.coordinates;
      expect(lon).toBeGreaterThan(-141.1);
      expect(lon).toBeLessThan(-52.5);
      expect(lat).toBeGreaterThan(41.6);
      expect(lat).toBeLessThan(83.2);
    }
  });

  it('names places in each language and hides close neighbours at the country view', () => {
    const country = placesAt(3, 'fr').map((p) => p.name);
    expect(country).toContain('Québec');
    expect(country).not.toContain('Montréal');
    expect(placesAt(3, 'en').map((p) => p.name)).toContain('Quebec City');
    const closer = placesAt(5, 'fr').map((p) => p.name);
    expect(closer).toContain('Montréal');
    expect(closer).toHaveLength(PLACES.features.length);
  });
});
