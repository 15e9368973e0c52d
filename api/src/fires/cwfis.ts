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

/**
 * CWFIS files before `response_type` say nothing of the response; such a fire is taken as a full
 * response, so that it is counted with the fires being fought rather than hidden among those only
 * monitored (a choice recorded in docs/decisions.md).
 */
export const CWFIS_DEFAULT_RESPONSE_TYPE = 'FUL';

/** The US agencies the national file carries beside the Canadian ones; their rows are refused. */
export const US_AGENCIES: ReadonlySet<string> = new Set(['ak', 'conus', 'us', 'usa']);

/** True when a CSV header (or a feature's property names) is the CWFIS layout. */
export function isCwfisHeader(names: readonly string[]): boolean {
  const lower = new Set(names.map((n) => n.trim().toLowerCase()));
  return lower.has('firename') && lower.has('startdate') && lower.has('agency');
}

/**
 * North American abbreviations to the Canadian zones that use them, the most common first. The
 * agency's own zone wins when it is among them (CST is Regina for Saskatchewan, Winnipeg for
 * Manitoba); GMT and UTC are UTC.
 */
const ABBREVIATIONS: Record<string, readonly string[]> = {
  PST: ['America/Vancouver'],
  PDT: ['America/Vancouver'],
  MST: ['America/Edmonton', 'America/Whitehorse', 'America/Yellowknife', 'America/Regina'],
  MDT: ['America/Edmonton', 'America/Yellowknife'],
  CST: ['America/Winnipeg', 'America/Regina'],
  CDT: ['America/Winnipeg'],
  EST: ['America/Toronto'],
  EDT: ['America/Toronto'],
  AST: ['America/Halifax', 'America/Moncton'],
  ADT: ['America/Halifax', 'America/Moncton'],
  NST: ['America/St_Johns'],
  NDT: ['America/St_Johns'],
  GMT: ['UTC'],
  UTC: ['UTC'],
};

/** The IANA zone of an abbreviation for an agency, or undefined when it is not one. */
export function zoneOfAbbreviation(abbreviation: string, agencyZone: string | undefined): string | undefined {
  const zones = ABBREVIATIONS[abbreviation.trim().toUpperCase()];
  if (!zones) return undefined;
  return agencyZone && zones.includes(agencyZone) ? agencyZone : zones[0];
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
