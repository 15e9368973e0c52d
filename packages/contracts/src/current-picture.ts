/**
 * The current picture (docs/glossary.md, "Current picture"): which fires are active today and which
 * belong to this season. Every count of fires that the public sees (the home page's map, card and
 * charts, the national list's default view, the current fires summary, the public report's figures,
 * the OGC layer and the exports) asks these rules, here and nowhere else; the data API translates
 * them into SQL in `api/src/fires/picture.ts`, and `picture.test.ts` holds the two together on both engines.
 */
import type { StageOfControl } from './codes.ts';

/** Stages of a fire still burning. OUT is the only other stage. */
export const ACTIVE_STAGES = ['OC', 'BH', 'UC'] as const satisfies readonly StageOfControl[];

/**
 * A fire as the picture sees it: its latest report. A fire that a complete list (a snapshot) no
 * longer lists is stored as OUT with the day it ended (`ended_on`), its last reported stage kept in
 * its history (docs/fires-import.md, "Snapshots"), so the stage alone says whether it burns.
 */
export interface PictureFire {
  situation_report_date: string;
  stage_of_control: string;
}

/**
 * The season as of a day ("today" is taken in the centre's zone, America/Winnipeg): its calendar
 * year, from January 1, and the first day of the previous season, from which a fire still burning
 * is carried over.
 */
export interface Season {
  year: number;
  today: string;
  /** January 1 of the season. */
  start: string;
  /** January 1 of the previous season: the earliest latest-report of a carry-over fire. */
  carryOverFrom: string;
}

export function seasonOf(today: string): Season {
  const year = Number(today.slice(0, 4));
  const jan1 = (y: number) => `${String(y).padStart(4, '0')}-01-01`;
  return { year, today, start: jan1(year), carryOverFrom: jan1(year - 1) };
}

/** Still burning by its latest report (a fire a snapshot dropped is OUT). */
const burning = (fire: PictureFire) => (ACTIVE_STAGES as readonly string[]).includes(fire.stage_of_control);

/**
 * A carry-over fire: its latest report is of the previous season and it is still burning. It counts
 * in this season (docs/spec/public-site.md marks it with an asterisk in the report); a fire whose
 * latest report is older than the previous season is history, whatever its last stage.
 */
export function isCarryOver(fire: PictureFire, season: Season): boolean {
  return (
    fire.situation_report_date >= season.carryOverFrom &&
    fire.situation_report_date < season.start &&
    burning(fire)
  );
}

/** A fire of the season: reported since January 1, or carried over from the previous season. */
export function isOfSeason(fire: PictureFire, season: Season): boolean {
  return fire.situation_report_date >= season.start || isCarryOver(fire, season);
}

/** An active fire: of the season and still burning. */
export function isActiveFire(fire: PictureFire, season: Season): boolean {
  return isOfSeason(fire, season) && burning(fire);
}

/**
 * Who reported a fire's values, weakest first: the demo seed, the national active-fires file (the
 * CWFIS layout, by any channel), a file sent by a person (the import screen, the API, the command
 * line), and an agency's own feed. The rule (docs/fires-import.md, "Sources"): the newer report day
 * wins; on the same day the stronger source wins; the loser is kept in the fire's history.
 */
export const FIRE_SOURCES = ['demo', 'national', 'import', 'feed'] as const;
export type FireSource = (typeof FIRE_SOURCES)[number];

/** Whether a report (day, source) may replace the fire's current one. */
export function reportPrevails(
  incoming: { reported_on: string; report_source: FireSource },
  current: { reported_on: string | null; report_source: string },
): boolean {
  if (current.reported_on === null || incoming.reported_on !== current.reported_on)
    return current.reported_on === null || incoming.reported_on > current.reported_on;
  return (
    FIRE_SOURCES.indexOf(incoming.report_source) >= FIRE_SOURCES.indexOf(current.report_source as FireSource)
  );
}

/**
 * Values a file did not give are stored as unknown and shown as "Not reported" (docs/glossary.md).
 * Counts still place each fire once: a fire whose response was not reported counts as a full
 * response (fought until said otherwise), one whose cause was not reported as undetermined.
 */
export const NOT_REPORTED_COUNTS_AS = { response_type: 'FUL', fire_cause: 'U' } as const;
