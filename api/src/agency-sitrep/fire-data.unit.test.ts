import { type SummaryRecord, summariseFires } from '@ciffc/contracts';
import { describe, expect, it } from 'vitest';
import { fireStatistics } from './fire-data.ts';

/**
 * The agency report's fire statistics (data-entry.md 3.1) and the public current fires summary
 * count the same season's fires: active by the current picture's rule (OC, BH, UC), out by OUT. A
 * stage that is neither cannot come through the import (it refuses one), but the column would hold
 * it; both leave such a fire out, as the map does not show it and it is not OUT.
 */
describe('fire statistics and the current fires summary agree on active and out', () => {
  const season = [
    { response_type: 'FUL', stage_of_control: 'OC', fires: 3, hectares: 10 },
    { response_type: 'FUL', stage_of_control: 'UC', fires: 1, hectares: 2.5 },
    { response_type: 'FUL', stage_of_control: 'OUT', fires: 4, hectares: 7 },
    { response_type: 'FUL', stage_of_control: 'XX', fires: 5, hectares: 100 },
    { response_type: 'MOD', stage_of_control: 'BH', fires: 2, hectares: 6 },
    { response_type: 'MOD', stage_of_control: 'XX', fires: 9, hectares: 50 },
    { response_type: 'MON', stage_of_control: 'OUT', fires: 1, hectares: 1 },
    { response_type: 'MON', stage_of_control: null, fires: 6, hectares: 60 },
  ] as const;
  const statistics = fireStatistics([], season);
  // The summary's wire type holds known stages only; a stored unknown one reaches it as is.
  const summary = summariseFires(
    season.map((r) => ({
      agency_code: 'bc',
      response_type: r.response_type,
      stage_of_control: r.stage_of_control as SummaryRecord['stage_of_control'],
      fire_count: r.fires,
      area_sum: r.hectares,
    })),
    [],
    ['bc'],
  );
  const [full] = summary.full.rows;
  const [modified] = summary.modified.rows;
  const [monitored] = summary.monitored.rows;

  it('counts an unknown stage neither active nor out, in both', () => {
    expect(statistics).toMatchObject({
      b_oc: 3,
      b_uc: 1,
      b_active_hectares: 12.5,
      b_total_out: 4,
      b_out_hectares: 7,
      c_act: 2,
      c_out: 0,
      c_total_hectares: 6,
      c2_act: 0,
      c2_out: 1,
      c2_total_hectares: 1,
    });
  });

  it('gives the report the summary’s figures for each response', () => {
    expect(full).toMatchObject({
      soc_oc: statistics.b_oc,
      soc_bh: statistics.b_bh,
      soc_uc: statistics.b_uc,
      active_area: statistics.b_active_hectares,
      soc_out: statistics.b_total_out,
      out_area: statistics.b_out_hectares,
    });
    expect(modified).toMatchObject({
      active: statistics.c_act,
      out: statistics.c_out,
      area: statistics.c_total_hectares,
    });
    expect(monitored).toMatchObject({
      active: statistics.c2_act,
      out: statistics.c2_out,
      area: statistics.c2_total_hectares,
    });
  });
});
