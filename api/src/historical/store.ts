import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.ts';

const num = sql<number>;

/** Fires and hectares per week, summed over agencies and over the years fromYear..toYear. */
export async function weeklySums(
  db: Kysely<Database>,
  range: { fromYear: number; toYear: number; agency?: string | undefined },
): Promise<Map<number, { fires: number; hectares: number }>> {
  let query = db
    .selectFrom('historical_weekly')
    .select(['week', num`sum(fires)`.as('fires'), num`sum(hectares)`.as('hectares')])
    .where('year', '>=', range.fromYear)
    .where('year', '<=', range.toYear);
  if (range.agency) query = query.where('agency_code', '=', range.agency);
  const rows = await query.groupBy('week').execute();
  return new Map(rows.map((r) => [Number(r.week), { fires: Number(r.fires), hectares: Number(r.hectares) }]));
}

/** National fires and hectares per past year. */
export async function yearlyTotals(
  db: Kysely<Database>,
  agency?: string,
): Promise<{ year: number; fires: number; hectares: number }[]> {
  let query = db
    .selectFrom('historical_yearly')
    .select(['year', num`sum(fires)`.as('fires'), num`sum(hectares)`.as('hectares')]);
  if (agency) query = query.where('agency_code', '=', agency);
  const rows = await query.groupBy('year').orderBy('year').execute();
  return rows.map((r) => ({ year: Number(r.year), fires: Number(r.fires), hectares: Number(r.hectares) }));
}

export function yearlyByAgency(db: Kysely<Database>, range: { fromYear: number; toYear: number }) {
  return db
    .selectFrom('historical_yearly')
    .select(['agency_code', 'year', 'fires', 'hectares'])
    .where('year', '>=', range.fromYear)
    .where('year', '<=', range.toYear)
    .execute();
}
