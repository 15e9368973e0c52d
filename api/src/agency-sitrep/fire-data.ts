/* Fires data for the agency report: known fires and the automatic fire statistics. */
import { ACTIVE_STAGES, type AgencySitrepData, type SitrepFireOption, seasonOf } from '@ciffc/contracts';
import { addDays, centreToday } from '../http/time.ts';
import type { Db } from './refusals.ts';
import { knownFires, newFiresByCause, seasonStatistics } from './store.ts';

/** The priority-fire copy offers at most this many known fires (largest first, not out). */
const FIRE_OPTIONS_LIMIT = 500;

/** The agency's known fires keyed by name, for the priority-fire copy. */
export async function fireOptions(
  db: Db,
  agency: string,
  now: Date,
): Promise<Record<string, SitrepFireOption>> {
  const rows = await knownFires(db, agency, seasonOf(centreToday(now)), FIRE_OPTIONS_LIMIT);
  const out: Record<string, SitrepFireOption> = {};
  for (const r of rows) {
    out[r.agency_fire_id] = {
      fires: r.agency_fire_id,
      latitude: r.latitude,
      longitude: r.longitude,
      stage_of_control: r.stage_of_control,
      size: r.fire_size,
      // The fires feed carries neither; the user fills them in after the copy.
      incident_type: null,
      percent_contained: null,
    };
  }
  return out;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * The fire statistics groups from the fires data (has_dip_feed): new fires of yesterday by cause,
 * and the season's fires by response type and stage of control, in the centre's time zone.
 */
export async function dipFeedStatistics(
  db: Db,
  agency: string,
  now: Date,
): Promise<Partial<AgencySitrepData>> {
  const today = centreToday(now);
  const [season, yesterday] = await Promise.all([
    seasonStatistics(db, agency, seasonOf(today)),
    newFiresByCause(db, agency, addDays(today, -1)),
  ]);
  return { ...fireStatistics(yesterday, season), fire_statistics_as_of: today };
}

/**
 * The fire statistics groups of data-entry.md 3.1 (the glossary of docs/decisions.md names them):
 * new fires by cause, and the season's fires by response type and stage of control. The one home
 * of this arithmetic: the dip feed and the national demo reports both use it.
 */
export function fireStatistics(
  byCause: readonly { fire_cause: string | null; fires: number | string }[],
  season: readonly {
    response_type: string | null;
    stage_of_control: string | null;
    fires: number | string;
    hectares: number | string;
  }[],
) {
  const out = {
    a_ltg: 0,
    a_hum: 0,
    a_oth: 0,
    b_oc: 0,
    b_bh: 0,
    b_uc: 0,
    b_active_hectares: 0,
    b_total_out: 0,
    b_out_hectares: 0,
    c_act: 0,
    c_out: 0,
    c_total_hectares: 0,
    c2_act: 0,
    c2_out: 0,
    c2_total_hectares: 0,
  };
  for (const r of byCause) {
    const n = Number(r.fires);
    if (r.fire_cause === 'N') out.a_ltg += n;
    else if (r.fire_cause === 'H') out.a_hum += n;
    else out.a_oth += n;
  }
  for (const r of season) {
    const fires = Number(r.fires);
    const ha = Number(r.hectares);
    // Active is the current picture's rule (ACTIVE_STAGES); out is the OUT stage. Any other stage
    // (the import refuses one, the column does not) is neither, as in the national summary
    // (`summariseFires`): counting it active would show a fire the map does not.
    const active = (ACTIVE_STAGES as readonly (string | null)[]).includes(r.stage_of_control);
    const out_ = r.stage_of_control === 'OUT';
    if (!active && !out_) continue;
    if (r.response_type === 'FUL') {
      if (r.stage_of_control === 'OC') out.b_oc += fires;
      else if (r.stage_of_control === 'BH') out.b_bh += fires;
      else if (r.stage_of_control === 'UC') out.b_uc += fires;
      if (out_) {
        out.b_total_out += fires;
        out.b_out_hectares += ha;
      } else out.b_active_hectares += ha;
    } else if (r.response_type === 'MOD') {
      if (out_) out.c_out += fires;
      else out.c_act += fires;
      out.c_total_hectares += ha;
    } else if (r.response_type === 'MON') {
      if (out_) out.c2_out += fires;
      else out.c2_act += fires;
      out.c2_total_hectares += ha;
    }
  }
  for (const k of ['b_active_hectares', 'b_out_hectares', 'c_total_hectares', 'c2_total_hectares'] as const)
    out[k] = round1(out[k]);
  return out;
}
