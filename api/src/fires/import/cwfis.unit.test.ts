import { describe, expect, it } from 'vitest';
import { abbreviation, reasonCode } from './cwfis.ts';
import { CWFIS_QUIRK_ROWS, cwfisCsv, cwfisGeojson } from './cwfis-sample.ts';
import { parseFireFile } from './parse.ts';
import { validateRecord } from './rows.ts';

const TODAY = '2026-07-15';

/** Each record of a file through the row rules: the accepted fires and the rejections' codes. */
function check(file: string, hint: string) {
  const { records } = parseFireFile(file, hint);
  const fires = [];
  const rejected: Record<string, string> = {};
  for (const r of records) {
    const result = validateRecord(r.values, TODAY);
    if (result.ok) fires.push(result.fire);
    else {
      const [field, message] = Object.entries(result.errors)[0] ?? ['', ''];
      rejected[String(r.values.agency_fire_id)] = reasonCode(field, message);
    }
  }
  return { records, fires, rejected };
}

describe('the CWFIS national active-fires file', () => {
  for (const [label, file, hint] of [
    ['CSV with response_type', cwfisCsv(CWFIS_QUIRK_ROWS, true), 'text/csv'],
    ['CSV without response_type', cwfisCsv(CWFIS_QUIRK_ROWS, false), 'text/csv'],
    ['GeoJSON with response_type', cwfisGeojson(CWFIS_QUIRK_ROWS, true), 'application/geo+json'],
    ['GeoJSON without response_type', cwfisGeojson(CWFIS_QUIRK_ROWS, false), 'application/geo+json'],
  ] as const) {
    it(`reads the ${label}: Canadian rows in, US, undated and unknown-stage rows out`, () => {
      const { records, fires, rejected } = check(file, hint);
      expect(records).toHaveLength(CWFIS_QUIRK_ROWS.length);
      expect(rejected).toEqual({
        'YT-NODATE': 'situation_report_date:missing',
        '526042': 'agency_code:us_agency',
        'OR-DES-000123': 'agency_code:us_agency',
        'ID-BOF-000456': 'agency_code:us_agency',
        'NB-PRE': 'stage_of_control:unknown',
      });
      const byId = new Map(fires.map((f) => [f.agency_fire_id, f]));
      expect(byId.size).toBe(11);
      expect(byId.get('2026-G80175')).toMatchObject({
        agency_code: 'bc',
        agency_data_timezone: 'America/Vancouver',
        situation_report_date: '2026-07-10',
        stage_of_control: 'OC',
        fire_size: 1250.5,
        latitude: 50.67,
        longitude: -120.33,
      });
      // Northwestern Ontario reports in Central time; Saskatchewan's CST is Regina's.
      expect(byId.get('KEN-012-2026')?.agency_data_timezone).toBe('America/Winnipeg');
      expect(byId.get('KEN-012-2026')?.situation_report_date).toBe('2026-07-11');
      expect(byId.get('SK-PADDOCK')?.agency_data_timezone).toBe('America/Regina');
      expect(byId.get('26LA-DECEPTION')?.agency_data_timezone).toBe('America/Yellowknife');
      expect(byId.get('NL-7')?.agency_data_timezone).toBe('America/St_Johns');
      expect(byId.get('NS-3')?.agency_data_timezone).toBe('America/Halifax');
      // 03:00 GMT on July 12 is still July 11 in Wood Buffalo (Parks Canada's zone, Edmonton).
      expect(byId.get('WB-2026-001')).toMatchObject({
        agency_data_timezone: 'America/Edmonton',
        situation_report_date: '2026-07-11',
      });
      // A missing zone is the agency's.
      expect(byId.get('HWF-101')?.agency_data_timezone).toBe('America/Edmonton');
      expect(byId.get('617')?.agency_code).toBe('qc');
      // A file without the column does not say: not reported (null), not a made-up full response.
      const expectedResponse = label.includes('without') ? null : 'MOD';
      expect(byId.get('SWF-060-2026')?.response_type).toBe(expectedResponse);
    });
  }

  it('keeps the rule of the standard layout: response_type is required there', () => {
    const file =
      'agency_code,agency_fire_id,situation_report_date,stage_of_control,fire_size,latitude,longitude\r\n';
    expect(() => parseFireFile(`${file}ab,X,2026-07-01,OC,1,55,-115\r\n`, 'text/csv')).toThrow(
      /response_type/,
    );
  });

  it('still refuses a CWFIS row with more columns than the header', () => {
    const file = `${cwfisCsv(CWFIS_QUIRK_ROWS.slice(0, 1), true)}ab, X, 55, -115, 2026-07-01 10:00:00, 1, OC, MDT, FUL, extra\r\n`;
    expect(() => parseFireFile(file, 'text/csv')).toThrow(/Malformed/);
  });

  it('reads a row at its abbreviation and keeps the day and zone of the agency', () => {
    const row = (agency: string, startdate: string, timezone: string) =>
      validateRecord(
        {
          agency_code: agency,
          agency_fire_id: 'X',
          situation_report_date: startdate,
          stage_of_control: 'OC',
          response_type: 'FUL',
          fire_size: '1',
          latitude: agency === 'yt' ? '61' : '49',
          longitude: agency === 'yt' ? '-135' : '-84',
          agency_data_timezone: timezone,
        },
        '2026-07-15',
      );
    // 00:59 GMT on May 31 is 20:59 on May 30 in Ontario.
    const ontario = row('on', '2023-05-31 00:59:00', 'GMT');
    expect(ontario.ok && [ontario.fire.situation_report_date, ontario.fire.agency_data_timezone]).toEqual([
      '2023-05-30',
      'America/Toronto',
    ]);
    expect(row('on', '2023-05-31 04:01', 'GMT').ok && row('on', '2023-05-31 04:01', 'GMT')).toMatchObject({
      fire: { situation_report_date: '2023-05-31' },
    });
    // Yukon keeps UTC-7 all year: PDT is its offset, and its zone is America/Whitehorse.
    const yukon = row('yt', '2023-07-01 23:30', 'PDT');
    expect(yukon.ok && [yukon.fire.situation_report_date, yukon.fire.agency_data_timezone]).toEqual([
      '2023-07-01',
      'America/Whitehorse',
    ]);
    expect(abbreviation('cst')?.offset).toBe(-360);
    expect(abbreviation('America/Edmonton')).toBeUndefined();
  });
});
