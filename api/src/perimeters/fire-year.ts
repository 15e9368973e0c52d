import { type RawBuilder, sql } from 'kysely';

/**
 * The agency's fire year of a day (YYYY-MM-DD...): the calendar year, but for the BC Wildfire
 * Service's fiscal year (April to March, its `FIRE_YEAR`; /work/shared/notes/gis.md), whose fire
 * numbers start again each April. A fire id names one fire only within its agency's fire year.
 */
export function fireYearOf(agency: string | null, day: string): number {
  const year = Number(day.slice(0, 4));
  return agency === 'bc' && day.slice(5, 7) < '04' ? year - 1 : year;
}

/** `fireYearOf` in SQL over a fire's columns (the same text functions on both engines). */
export const fireYearSql = (agency: RawBuilder<unknown>, day: RawBuilder<unknown>): RawBuilder<number> =>
  sql<number>`(cast(substr(${day}, 1, 4) as integer) - case when ${agency} = 'bc' and substr(${day}, 6, 2) < '04' then 1 else 0 end)`;
