import { ACTIVE_STAGES, NOT_REPORTED_COUNTS_AS, type Season, seasonOf } from '@ciffc/contracts';
import { type ExpressionBuilder, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/tables.ts';
import { centreToday } from '../http/time.ts';

/**
 * The current picture's rules (`packages/contracts/src/current-picture.ts`) as SQL conditions on
 * the `fires` table, for every query that counts or draws fires. `picture.test.ts` checks that
 * these conditions and the contract's functions pick the same fires.
 */

type FiresEb = ExpressionBuilder<Database, 'fires'>;

/** The season of the centre's today. */
export const currentSeason = (now: Date): Season => seasonOf(centreToday(now));

/** Still burning and carried over from the previous season at most: `isActiveFire`. */
export const activeInSeason = (season: Season) => (eb: FiresEb) =>
  eb.and([
    eb('stage_of_control', 'in', ACTIVE_STAGES),
    eb('situation_report_date', '>=', season.carryOverFrom),
  ]);

/** Reported since January 1, or a carry-over fire: `isOfSeason`. */
export const ofSeason = (season: Season) => (eb: FiresEb) =>
  eb.or([eb('situation_report_date', '>=', season.start), carriedOver(season)(eb)]);

/** `isCarryOver`: reported in the previous season and still burning. */
export const carriedOver = (season: Season) => (eb: FiresEb) =>
  eb.and([
    eb('stage_of_control', 'in', ACTIVE_STAGES),
    eb('situation_report_date', '>=', season.carryOverFrom),
    eb('situation_report_date', '<', season.start),
  ]);

/**
 * The fires a figure counts: reported within [from, to] (no upper bound when `to` is undefined),
 * and, with `carryOver`, that season's carry-over fires (docs/glossary.md, "Current picture").
 */
export interface FireScope {
  from: string;
  to?: string | undefined;
  carryOver?: Season | undefined;
}

export const inScope = (scope: FireScope) => (eb: FiresEb) => {
  const reported = eb.and([
    eb('situation_report_date', '>=', scope.from),
    ...(scope.to ? [eb('situation_report_date', '<=', scope.to)] : []),
  ]);
  return scope.carryOver ? eb.or([reported, carriedOver(scope.carryOver)(eb)]) : reported;
};

/** This season's figures: since January 1 (no upper bound: a report may be dated tomorrow) and carry-overs. */
export const seasonScope = (season: Season): FireScope => ({ from: season.start, carryOver: season });

/**
 * A column as figures count it: a response or cause not reported counts as the contract says
 * (NOT_REPORTED_COUNTS_AS); other columns as stored.
 */
export function counted(column: string): RawBuilder<string> {
  const instead = NOT_REPORTED_COUNTS_AS[column as keyof typeof NOT_REPORTED_COUNTS_AS];
  return instead === undefined
    ? sql<string>`${sql.ref(column)}`
    : sql<string>`coalesce(${sql.ref(column)}, ${sql.lit(instead)})`;
}
