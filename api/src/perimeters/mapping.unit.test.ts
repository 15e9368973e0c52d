import { describe, expect, it } from 'vitest';
import { detectMapping, mapProperties } from './mapping.ts';

const now = new Date('2026-07-11T12:00:00Z');
const map = (properties: Record<string, unknown>) => mapProperties(properties, { ownAgency: 'bc', now });

describe('a perimeter feature read as Google Earth and GDAL write KML', () => {
  it("takes a Placemark's name that is a fire number as the fire id, and words as the fire's name", () => {
    expect(map({ name: 'G70001' })).toMatchObject({ agency_fire_id: 'G70001', fire_name: null });
    expect(map({ name: '2026-NT-012' })).toMatchObject({ agency_fire_id: '2026-NT-012' });
    expect(map({ name: 'Donnie Creek' })).toMatchObject({ agency_fire_id: null, fire_name: 'Donnie Creek' });
    expect(map({ name: 'Kelowna' })).toMatchObject({ agency_fire_id: null, fire_name: 'Kelowna' });
    // A fire id the file gives stays the id; the name is then the name.
    expect(map({ name: 'K70002', fire_id: 'K70001' })).toMatchObject({
      agency_fire_id: 'K70001',
      fire_name: 'K70002',
    });
  });

  it('reads the slashed dates GDAL writes', () => {
    expect(map({ name: 'G70001', captured_at: '2026/07/10' })).toMatchObject({
      captured_at: '2026-07-10T00:00:00.000Z',
    });
    expect(map({ name: 'G70001', captured_at: '2026/07/10 14:05:00' })).toMatchObject({
      captured_at: new Date('2026-07-10T14:05:00').toISOString(),
    });
    expect(map({ captured_at: '10/07/2026' })).toMatchObject({ code: 'perimeters.feature_bad_date' });
  });

  it("reads CWFIS's M3 perimeters: LASTDATE as the capture, AREA as the file's hectares", () => {
    expect(map({ UID: 12345, FIRSTDATE: '2026/07/01', LASTDATE: '2026/07/09', AREA: 1234.5 })).toMatchObject({
      captured_at: '2026-07-09T00:00:00.000Z',
      agency_area_ha: 1234.5,
      agency_fire_id: null,
    });
  });
});

describe('a perimeter feature read by the mapping the user chose', () => {
  const ciffc = { ownAgency: undefined, now };
  it('reads the mapped attributes only, whatever their case, and the whole file’s agency', () => {
    const properties = { Fire_No: 'HWF031', CAPTURE_DT: '2026/07/12', HECTARES: '1520.5', FIRE_NUMBER: 'K1' };
    expect(
      mapProperties(properties, {
        ...ciffc,
        mapping: { fire_id: 'FIRE_NO', captured_at: 'capture_dt', area_ha: 'HECTARES' },
        fileAgency: 'ab',
      }),
    ).toMatchObject({
      agency_code: 'ab',
      agency_fire_id: 'HWF031',
      captured_at: '2026-07-12T00:00:00.000Z',
      agency_area_ha: 1520.5,
    });
    // A mapped agency attribute wins; the whole file's agency stands in where it is empty.
    const mapping = { agency: 'POO_Agency' };
    expect(mapProperties({ POO_Agency: 'SK' }, { ...ciffc, mapping, fileAgency: 'mb' })).toMatchObject({
      agency_code: 'sk',
    });
    expect(mapProperties({ POO_Agency: '' }, { ...ciffc, mapping, fileAgency: 'mb' })).toMatchObject({
      agency_code: 'mb',
    });
    // Without a choice, a US file names no agency.
    expect(mapProperties({ attr_UniqueFireIdentifier: 'K1' }, ciffc)).toMatchObject({ agency_code: null });
  });

  it('proposes the attributes the automatic mapping reads', () => {
    expect(detectMapping(['FIRE_NUMBE', 'TRACK_DATE', 'FIRE_SIZE_', 'FIRE_YEAR'])).toEqual({
      fire_id: 'FIRE_NUMBE',
      captured_at: 'TRACK_DATE',
      agency: null,
      area_ha: 'FIRE_SIZE_',
    });
    expect(detectMapping(['name', 'LASTDATE', 'AREA'])).toEqual({
      fire_id: 'name',
      captured_at: 'LASTDATE',
      agency: null,
      area_ha: 'AREA',
    });
  });
});
