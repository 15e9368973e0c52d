import { describe, expect, it } from 'vitest';
import { ALL_SHOWN, countByLegend, isShown, parseMapFires } from './map-fires.ts';

const fire = (props: Record<string, unknown>, coordinates: unknown = [-120.5, 55.25]) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates },
  properties: {
    field_agency_fire_id: 'G1',
    field_fire_size: 12.5,
    field_stage_of_control_status: 'OC',
    field_response_type: 'FUL',
    field_status_date: '2026-07-01',
    field_agency_code: 'BC',
    field_situation_report_date: '2026-07-01',
    ...props,
  },
});

describe('parseMapFires', () => {
  it('treats XML, text, null and other JSON as no features', () => {
    for (const body of [
      '<?xml version="1.0"?><error/>',
      'not json',
      null,
      42,
      { type: 'Feature' },
      { features: 'x' },
    ])
      expect(parseMapFires(body).features).toEqual([]);
  });

  it('reads a FeatureCollection, from an object or its JSON text', () => {
    const collection = { type: 'FeatureCollection', features: [fire({})] };
    for (const body of [collection, JSON.stringify(collection)]) {
      const [f] = parseMapFires(body).features;
      expect(f?.geometry.coordinates).toEqual([-120.5, 55.25]);
      expect(f?.properties).toMatchObject({ field_agency_code: 'bc', group: 'OC', size_class: 'small' });
      // The popup's point and cause; a missing cause reads as undetermined later.
      expect(f?.properties).toMatchObject({
        latitude: 55.25,
        longitude: -120.5,
        field_system_fire_cause: '',
      });
    }
  });

  it('orders the fires largest first, so a small fire is drawn over a large one beside it', () => {
    const sizes = [12.5, 4000, 0.1, 250, 4000, -5, 0];
    const collection = {
      type: 'FeatureCollection',
      features: sizes.map((size, i) => fire({ field_fire_size: size, field_agency_fire_id: `G${i}` })),
    };
    const features = parseMapFires(collection).features;
    // A size that is not a size reads as 0, here as on the map.
    expect(features.map((f) => f.properties.field_fire_size)).toEqual([4000, 4000, 250, 12.5, 0.1, 0, 0]);
    // Equal sizes keep the answer's order; the keys (the map's lookup) follow the new order.
    expect(features.map((f) => f.properties.field_agency_fire_id)).toEqual([
      'G1',
      'G4',
      'G3',
      'G0',
      'G2',
      'G5',
      'G6',
    ]);
    expect(features.map((f) => [f.id, f.properties.key])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 5],
      [6, 6],
      [7, 7],
    ]);
  });

  it('leaves out features without a usable point or a known active stage', () => {
    const collection = {
      type: 'FeatureCollection',
      features: [
        fire({}, ['x', 1]),
        fire({}, [500, 10]),
        { type: 'Feature', geometry: null, properties: {} },
        fire({ field_stage_of_control_status: 'OUT' }),
        fire({ field_stage_of_control_status: 'ZZ' }),
        'junk',
        fire({ field_agency_fire_id: 'kept' }),
      ],
    };
    expect(parseMapFires(collection).features.map((f) => f.properties.field_agency_fire_id)).toEqual([
      'kept',
    ]);
  });

  it('sorts fires into the legend groups and the 100 / 1000 ha size classes', () => {
    const fires = parseMapFires({
      type: 'FeatureCollection',
      features: [
        fire({ field_fire_size: 100 }),
        fire({ field_fire_size: 100.1, field_stage_of_control_status: 'BH' }),
        fire({ field_fire_size: 1000, field_stage_of_control_status: 'UC' }),
        fire({ field_fire_size: 1000.5, field_response_type: 'MON' }),
      ],
    });
    // Largest first (the map's drawing order).
    expect(fires.features.map((f) => [f.properties.group, f.properties.size_class])).toEqual([
      ['MON_OC', 'large'],
      ['UC', 'medium'],
      ['BH', 'medium'],
      ['OC', 'small'],
    ]);
    expect(countByLegend(fires)).toEqual({
      groups: { OC: 1, BH: 1, UC: 1, MON_OC: 1 },
      sizes: { small: 1, medium: 2, large: 1 },
    });
    const hideOc = { ...ALL_SHOWN, groups: { ...ALL_SHOWN.groups, OC: false } };
    expect(fires.features.filter((f) => isShown(f.properties, hideOc))).toHaveLength(3);
  });
});
