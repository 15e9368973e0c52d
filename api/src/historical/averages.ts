import { AGENCY_CODES, HISTORICAL_PERIODS } from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { groupedTotals } from '../fires/store.ts';
import { yearOf, yearStart } from '../http/time.ts';
import { yearlyByAgency } from './store.ts';

const round1 = (n: number) => Math.round(n * 10) / 10;

export interface PeriodFigures {
  fires: number;
  area: number;
}

/**
 * Per agency: the current year to date, last year, and the average of the last 5, 10, 15, 20 and
 * 25 full years (the national sitrep's historical_averages).
 */
export async function historicalAverages(db: Kysely<Database>, today: string) {
  const year = yearOf(today);
  const maxPeriod = Math.max(...HISTORICAL_PERIODS);
  const [rows, current] = await Promise.all([
    yearlyByAgency(db, { fromYear: year - maxPeriod, toYear: year - 1 }),
    groupedTotals(db, ['agency_code'], { from: yearStart(year), to: today }),
  ]);
  const average = (agency: string, years: number): PeriodFigures => {
    const inPeriod = rows.filter((r) => r.agency_code === agency && r.year >= year - years);
    return {
      fires: round1(inPeriod.reduce((s, r) => s + r.fires, 0) / years),
      area: round1(inPeriod.reduce((s, r) => s + r.hectares, 0) / years),
    };
  };
  return AGENCY_CODES.map((agency) => {
    const now = current.find((c) => c.agency_code === agency);
    const last = rows.find((r) => r.agency_code === agency && r.year === year - 1);
    return {
      agency_code: agency,
      current_year: { fires: now?.fire_count ?? 0, area: round1(now?.area_sum ?? 0) },
      last_year: { fires: last?.fires ?? 0, area: round1(last?.hectares ?? 0) },
      ...Object.fromEntries(HISTORICAL_PERIODS.map((p) => [`years${p}`, average(agency, p)])),
    } as { agency_code: string; current_year: PeriodFigures; last_year: PeriodFigures } & Record<
      `years${(typeof HISTORICAL_PERIODS)[number]}`,
      PeriodFigures
    >;
  });
}
