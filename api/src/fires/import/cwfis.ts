import { ALL_ZONES } from '../../time-zones.ts';

/**
 * The national active-fires file of the Canadian Wildland Fire Information System (CWFIS
 * datamart `activefires.csv`, WFS layer `activefires_current`): its header, its time-zone
 * abbreviations, its US rows and its default response type (docs/fires-import.md).
 */

/** The columns of the CWFIS file, in its order; `response_type` came in later versions. */
export const CWFIS_COLUMNS = [
  'agency',
  'firename',
  'lat',
  'lon',
  'startdate',
  'hectares',
  'stage_of_control',
  'timezone',
] as const;

/** The US agencies the national file carries beside the Canadian ones; their rows are refused. */
export const US_AGENCIES: ReadonlySet<string> = new Set(['ak', 'conus', 'us', 'usa']);

/** True when a CSV header (or a feature's property names) is the CWFIS layout. */
export function isCwfisHeader(names: readonly string[]): boolean {
  const lower = new Set(names.map((n) => n.trim().toLowerCase()));
  return lower.has('firename') && lower.has('startdate') && lower.has('agency');
}

/**
 * The North American zone abbreviations the national file writes: the offset each names (minutes
 * east of UTC) and the Canadian zones that use it, the most common first. GMT and UTC name no
 * Canadian zone.
 */
const ABBREVIATIONS: Record<string, { offset: number; zones: readonly string[] }> = {
  PST: { offset: -480, zones: ['America/Vancouver'] },
  PDT: { offset: -420, zones: ['America/Vancouver', 'America/Whitehorse'] },
  MST: { offset: -420, zones: ['America/Edmonton', 'America/Whitehorse', 'America/Yellowknife'] },
  MDT: { offset: -360, zones: ['America/Edmonton', 'America/Yellowknife'] },
  CST: { offset: -360, zones: ['America/Winnipeg', 'America/Regina'] },
  CDT: { offset: -300, zones: ['America/Winnipeg'] },
  EST: { offset: -300, zones: ['America/Toronto'] },
  EDT: { offset: -240, zones: ['America/Toronto'] },
  AST: { offset: -240, zones: ['America/Halifax', 'America/Moncton'] },
  ADT: { offset: -180, zones: ['America/Halifax', 'America/Moncton'] },
  NST: { offset: -210, zones: ['America/St_Johns'] },
  NDT: { offset: -150, zones: ['America/St_Johns'] },
  GMT: { offset: 0, zones: [] },
  UTC: { offset: 0, zones: [] },
};

/** A zone abbreviation's offset and Canadian zones, or undefined when the text is not one. */
export function abbreviation(text: string): { offset: number; zones: readonly string[] } | undefined {
  return ABBREVIATIONS[text.trim().toUpperCase()];
}

/**
 * The zone of a row written at an abbreviation's offset (docs/fires-import.md, "Times"): the
 * agency's zone when its offset at that instant is the abbreviation's (Yukon's PDT is
 * America/Whitehorse) or when the abbreviation is one of the agency's own that its clocks no longer
 * show (British Columbia's PST, Alberta's MST, Manitoba's CST after the 2026 changes: the fire stays
 * in its province); else a Canadian zone that uses the abbreviation (northwestern Ontario's CDT is
 * America/Winnipeg); else, for GMT and UTC, the agency's zone.
 */
export function zoneOfRow(
  named: { offset: number; zones: readonly string[] },
  agencyZone: string,
  instant: number,
): string {
  const offsetIn = (zone: string) => ALL_ZONES.offsetAt(zone, instant);
  if (offsetIn(agencyZone) === named.offset || named.zones.includes(agencyZone)) return agencyZone;
  return named.zones.find((zone) => offsetIn(zone) === named.offset) ?? named.zones[0] ?? agencyZone;
}

/**
 * A stable code for a rejection, for the summary's counts by reason: the field in error and the
 * kind of problem (`stage_of_control:unknown`, `situation_report_date:missing`, `agency_code:us_agency`).
 */
export function reasonCode(field: string, message: string): string {
  const kinds: [RegExp, string][] = [
    [/^US agency/, 'us_agency'],
    [/is required/, 'missing'],
    [/^unknown/, 'unknown'],
    [/in the future/, 'future'],
    [/outside Canada/, 'outside_canada'],
    [/^duplicate/, 'duplicate'],
    [/control character/, 'control_character'],
  ];
  const kind = kinds.find(([pattern]) => pattern.test(message))?.[1] ?? 'invalid';
  return `${field}:${kind}`;
}
