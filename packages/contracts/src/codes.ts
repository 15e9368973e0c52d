/** Code lists of docs/spec/public-site.md section 9 and docs/spec/data-entry.md section 9. */
export const STAGES_OF_CONTROL = ['OC', 'BH', 'UC', 'OUT'] as const;
export type StageOfControl = (typeof STAGES_OF_CONTROL)[number];

export const RESPONSE_TYPES = ['FUL', 'MOD', 'MON'] as const;
export type ResponseType = (typeof RESPONSE_TYPES)[number];

/** H human, N natural; anything else counts as undetermined (section 3, fire count record). */
export const FIRE_CAUSES = ['H', 'N', 'U'] as const;
export type FireCause = (typeof FIRE_CAUSES)[number];
export function normaliseCause(cause: string | null | undefined): FireCause {
  return cause === 'H' || cause === 'N' ? cause : 'U';
}

export const HISTORICAL_PERIODS = [5, 10, 15, 20, 25] as const;
/** First year of the Reports and Exports year selector. */
export const FIRST_EXPORT_YEAR = 2019;
/** First year of the historical series (wildfire graphs). */
export const FIRST_HISTORY_YEAR = 1980;
/** The overview shows how many of these sitrep sections hold data, as `n / 13`. */
export const SITREP_SECTION_COUNT = 13;
