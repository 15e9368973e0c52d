import { describe, expect, it } from 'vitest';
import { validateRecord } from './rows.ts';

/**
 * The agencies' clocks after the 2026 changes (docs/time-zones.md): British Columbia at UTC−7 all
 * year, Alberta and the Northwest Territories at UTC−6 and Manitoba at UTC−5 from November 2026.
 * With zone data before 2026 (Node's ICU 2025c) every day below comes out a day early.
 */
const TODAY = '2026-12-06';

function dayAndZone(agency: string, time: string, zone: string): [string, string] {
  const result = validateRecord(
    {
      agency_code: agency,
      agency_fire_id: 'X',
      situation_report_date: time,
      status_date: time,
      stage_of_control: 'OC',
      response_type: 'FUL',
      fire_size: '1',
      latitude: '55',
      longitude: '-110',
      agency_data_timezone: zone,
    },
    TODAY,
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return [result.fire.situation_report_date, result.fire.agency_data_timezone];
}

describe("a row's day on the clocks of 2026", () => {
  it('reads rows given in GMT at each changed agency’s new offset: 00:30 local, not 23:30 the day before', () => {
    expect(dayAndZone('bc', '2026-11-20 07:30', 'GMT')).toEqual(['2026-11-20', 'America/Vancouver']);
    expect(dayAndZone('ab', '2026-11-20 06:30', 'GMT')).toEqual(['2026-11-20', 'America/Edmonton']);
    expect(dayAndZone('nt', '2026-11-20 06:30', 'GMT')).toEqual(['2026-11-20', 'America/Yellowknife']);
    expect(dayAndZone('mb', '2026-11-20 05:30', 'GMT')).toEqual(['2026-11-20', 'America/Winnipeg']);
    // Ontario did change its clocks on 1 November: 04:30 GMT is still the 19th there.
    expect(dayAndZone('on', '2026-11-20 04:30', 'GMT')).toEqual(['2026-11-19', 'America/Toronto']);
  });

  it('reads a wall-clock time in the agency’s IANA zone at the new offset', () => {
    // 23:30 on 19 November in Winnipeg is 04:30 UTC on the 20th (UTC−5): still the 19th there.
    expect(dayAndZone('mb', '2026-11-19T23:30:00', 'America/Winnipeg')).toEqual([
      '2026-11-19',
      'America/Winnipeg',
    ]);
    expect(dayAndZone('mb', '2026-11-20T04:30:00Z', 'America/Winnipeg')).toEqual([
      '2026-11-19',
      'America/Winnipeg',
    ]);
    expect(dayAndZone('mb', '2026-11-20T05:30:00Z', 'America/Winnipeg')).toEqual([
      '2026-11-20',
      'America/Winnipeg',
    ]);
  });

  it('reads an abbreviation the agency’s clocks no longer show at its stated offset, in the agency’s zone', () => {
    // "PST" in a British Columbia file in December says UTC−8: 23:30 PST is 07:30 UTC, which is
    // 00:30 on the 5th on BC's clocks (UTC−7). The fire stays in America/Vancouver.
    expect(dayAndZone('bc', '2026-12-04 23:30', 'PST')).toEqual(['2026-12-05', 'America/Vancouver']);
    // "PDT" is BC's offset all year now.
    expect(dayAndZone('bc', '2026-12-04 23:30', 'PDT')).toEqual(['2026-12-04', 'America/Vancouver']);
    // "MST" in an Alberta file in December says UTC−7: 23:30 MST is 00:30 on Alberta's clocks (UTC−6).
    expect(dayAndZone('ab', '2026-12-04 23:30', 'MST')).toEqual(['2026-12-05', 'America/Edmonton']);
    // "CST" in a Manitoba file in December says UTC−6: 23:30 CST is 00:30 in Winnipeg (UTC−5).
    expect(dayAndZone('mb', '2026-12-04 23:30', 'CST')).toEqual(['2026-12-05', 'America/Winnipeg']);
    // Saskatchewan's CST is its clock all year.
    expect(dayAndZone('sk', '2026-12-04 23:30', 'CST')).toEqual(['2026-12-04', 'America/Regina']);
  });
});
