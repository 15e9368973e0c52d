/**
 * The current fires summary (docs/spec/public-site.md section 3, "Summary rows per agency"): per-agency rows
 * of the five sections computed from the summary records of GET /v1/summary and the fire count
 * records of GET /v1/fire-count, plus a national total per section.
 */
import { AGENCY_CODES } from './agencies.ts';
import { ACTIVE_STAGES } from './current-picture.ts';
import { PRODUCT_ZONES } from './time-zones/index.ts';
import type { FireCountRecord, SummaryRecord } from './wildfires.ts';

const isActiveStage = (stage: string) => (ACTIVE_STAGES as readonly string[]).includes(stage);

interface NewFiresRow {
  agency_code: string;
  cause_natural: number;
  cause_human: number;
  cause_undetermined: number;
  total: number;
}
interface FullResponseRow {
  agency_code: string;
  soc_oc: number;
  soc_bh: number;
  soc_uc: number;
  /** OC + BH + UC */
  active: number;
  active_area: number;
  soc_out: number;
  out_area: number;
  total: number;
  total_area: number;
}
/** Modified and monitored response. */
interface PartialResponseRow {
  agency_code: string;
  active: number;
  out: number;
  total: number;
  area: number;
}
interface GrandTotalRow {
  agency_code: string;
  fires: number;
  area: number;
}

export interface SummarySection<Row> {
  rows: Row[];
  /** Every row added up; `agency_code` is `total`. */
  total: Row;
}

export interface FiresSummary {
  newFires: SummarySection<NewFiresRow>;
  full: SummarySection<FullResponseRow>;
  modified: SummarySection<PartialResponseRow>;
  monitored: SummarySection<PartialResponseRow>;
  grand: SummarySection<GrandTotalRow>;
}

/** Sums every numeric field of the rows into one row named `total`. */
function totalOf<Row extends { agency_code: string }>(rows: readonly Row[], empty: Row): Row {
  const total: Record<string, unknown> = { ...empty, agency_code: 'total' };
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      if (typeof value === 'number') total[key] = (total[key] as number) + value;
    }
  }
  return total as Row;
}

const section = <Row extends { agency_code: string }>(rows: Row[], empty: Row): SummarySection<Row> => ({
  rows,
  total: totalOf(rows, empty),
});

/**
 * One row per agency of `agencies` (default: the 13 reporting agencies, in code order), followed by
 * any other agency code found in the records, so that nothing the API counted is lost.
 */
export function summariseFires(
  summary: readonly SummaryRecord[],
  fireCounts: readonly FireCountRecord[],
  agencies: readonly string[] = AGENCY_CODES,
): FiresSummary {
  const codes = [...agencies.map((c) => c.toLowerCase())];
  for (const r of [...summary, ...fireCounts]) {
    const code = r.agency_code.toLowerCase();
    if (!codes.includes(code)) codes.push(code);
  }

  const newFires = codes.map((agency_code): NewFiresRow => {
    const row = { agency_code, cause_natural: 0, cause_human: 0, cause_undetermined: 0, total: 0 };
    for (const r of fireCounts) {
      if (r.agency_code.toLowerCase() !== agency_code) continue;
      const n = Number(r.fire_count) || 0;
      // H human, N natural, anything else undetermined (section 3, fire count record).
      if (r.fire_cause === 'N') row.cause_natural += n;
      else if (r.fire_cause === 'H') row.cause_human += n;
      else row.cause_undetermined += n;
      row.total += n;
    }
    return row;
  });

  const recordsOf = (agency_code: string, response: SummaryRecord['response_type']) =>
    summary.filter((r) => r.agency_code.toLowerCase() === agency_code && r.response_type === response);

  const full = codes.map((agency_code): FullResponseRow => {
    const row = {
      agency_code,
      soc_oc: 0,
      soc_bh: 0,
      soc_uc: 0,
      active: 0,
      active_area: 0,
      soc_out: 0,
      out_area: 0,
      total: 0,
      total_area: 0,
    };
    for (const r of recordsOf(agency_code, 'FUL')) {
      const n = Number(r.fire_count) || 0;
      const area = Number(r.area_sum) || 0;
      // The OUT stage's own columns; active is the current picture's rule. A stage that is neither
      // (the import refuses one) is left out of every column, as in the agency report's statistics.
      if (r.stage_of_control === 'OUT') {
        row.soc_out += n;
        row.out_area += area;
      } else if (isActiveStage(r.stage_of_control)) {
        if (r.stage_of_control === 'OC') row.soc_oc += n;
        else if (r.stage_of_control === 'BH') row.soc_bh += n;
        else if (r.stage_of_control === 'UC') row.soc_uc += n;
        row.active += n;
        row.active_area += area;
      } else continue;
      row.total += n;
      row.total_area += area;
    }
    return row;
  });

  const partial = (response: 'MOD' | 'MON') =>
    codes.map((agency_code): PartialResponseRow => {
      const row = { agency_code, active: 0, out: 0, total: 0, area: 0 };
      for (const r of recordsOf(agency_code, response)) {
        const n = Number(r.fire_count) || 0;
        if (r.stage_of_control === 'OUT') row.out += n;
        else if (isActiveStage(r.stage_of_control)) row.active += n;
        else continue;
        row.total += n;
        row.area += Number(r.area_sum) || 0;
      }
      return row;
    });
  const modified = partial('MOD');
  const monitored = partial('MON');

  const grand = codes.map(
    (agency_code, i): GrandTotalRow => ({
      agency_code,
      fires: (full[i]?.total ?? 0) + (modified[i]?.total ?? 0) + (monitored[i]?.total ?? 0),
      area: (full[i]?.total_area ?? 0) + (modified[i]?.area ?? 0) + (monitored[i]?.area ?? 0),
    }),
  );

  return {
    newFires: section(newFires, {
      agency_code: '',
      cause_natural: 0,
      cause_human: 0,
      cause_undetermined: 0,
      total: 0,
    }),
    full: section(full, {
      agency_code: '',
      soc_oc: 0,
      soc_bh: 0,
      soc_uc: 0,
      active: 0,
      active_area: 0,
      soc_out: 0,
      out_area: 0,
      total: 0,
      total_area: 0,
    }),
    modified: section(modified, { agency_code: '', active: 0, out: 0, total: 0, area: 0 }),
    monitored: section(monitored, { agency_code: '', active: 0, out: 0, total: 0, area: 0 }),
    grand: section(grand, { agency_code: '', fires: 0, area: 0 }),
  };
}

/**
 * The calendar date of `now` in `timeZone` (one the product names: docs/time-zones.md), plus
 * `addDays` days, as YYYY-MM-DD.
 */
export function isoDateInZone(now: Date, timeZone: string, addDays = 0): string {
  const { year, month, day } = PRODUCT_ZONES.wallClockAt(timeZone, now.getTime());
  return new Date(Date.UTC(year, month - 1, day + addDays)).toISOString().slice(0, 10);
}

/** The day after `now` in `timeZone`, as YYYY-MM-DD: the `date` of GET /v1/fire-count. */
export function tomorrowIsoDate(now: Date, timeZone: string): string {
  return isoDateInZone(now, timeZone, 1);
}
