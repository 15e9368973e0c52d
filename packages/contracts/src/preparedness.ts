/**
 * Suggested preparedness level of the agency form (docs/spec/data-entry.md section 5.5).
 * H current_fire_hazard, L current_fire_load, X expected_fire_load, R agency_resource_levels,
 * C ciffc_response_capacity, each 1 to 5.
 */
export interface PreparednessAnswers {
  current_fire_hazard?: number | null;
  current_fire_load?: number | null;
  expected_fire_load?: number | null;
  agency_resource_levels?: number | null;
  ciffc_response_capacity?: number | null;
}

const DEFAULT_SUGGESTED_LEVEL = 1;

const between = (v: number, lo: number, hi: number) => v >= lo && v <= hi;

/** `undefined` until all five answers are set ("Complete Choices Above"). */
export function suggestedPreparednessLevel(answers: PreparednessAnswers): number | undefined {
  const H = answers.current_fire_hazard;
  const L = answers.current_fire_load;
  const X = answers.expected_fire_load;
  const R = answers.agency_resource_levels;
  const C = answers.ciffc_response_capacity;
  if (H == null || L == null || X == null || R == null || C == null) return undefined;
  if (H === 1 && L === 1 && X === 1 && R === 1 && C === 1) return 1;
  if (between(H, 1, 2) && between(L, 1, 2) && X === 2 && R === 1 && C === 2) return 2;
  if (between(H, 2, 3) && between(L, 2, 3) && X === 3 && R === 2 && C >= 3) return 3;
  if (H >= 4 && L >= 4 && X >= 4 && R === 3 && C >= 4) return 4;
  if (H >= 4 && L >= 4 && X >= 4 && R === 4 && C === 5) return 5;
  // Math.round rounds .5 up, which is the usual reading of "rounded average".
  return Math.round((H + L + X + R + C) / 5);
}

/** The level in force: the override when set (1-5), else the suggestion, else the default. */
export function effectivePreparednessLevel(answers: PreparednessAnswers, override?: number | null): number {
  if (override != null && override >= 1 && override <= 5) return override;
  return suggestedPreparednessLevel(answers) ?? DEFAULT_SUGGESTED_LEVEL;
}

/**
 * The one wording of each national preparedness level (the dashboard, the report and the
 * content page had three). The dashboard and the situation report show it; the content seed's
 * "preparedness-levels" page lists the same sentences (a test compares them, since the content
 * system cannot import this package).
 */
export const PREPAREDNESS_LEVEL_DESCRIPTIONS: Readonly<
  Record<'en' | 'fr', Readonly<Record<1 | 2 | 3 | 4 | 5, string>>>
> = {
  en: {
    1: 'Minimal wildland fire activity. Agencies meet their needs with their own resources.',
    2: 'Low to moderate wildland fire activity. Some agencies may need resources from other agencies.',
    3: 'Moderate wildland fire activity. Resources are being shared nationally.',
    4: 'High wildland fire activity in several agencies. National resources are largely committed.',
    5: 'Extreme wildland fire activity. National resources are fully committed and international help may be needed.',
  },
  fr: {
    1: 'Activité minimale des feux de végétation. Les agences répondent à leurs besoins avec leurs propres ressources.',
    2: 'Activité faible à modérée des feux de végétation. Certaines agences peuvent avoir besoin de ressources d’autres agences.',
    3: 'Activité modérée des feux de végétation. Des ressources sont partagées à l’échelle nationale.',
    4: 'Activité élevée des feux de végétation dans plusieurs agences. Les ressources nationales sont en grande partie engagées.',
    5: 'Activité extrême des feux de végétation. Les ressources nationales sont entièrement engagées et une aide internationale peut être nécessaire.',
  },
};

/** The description of a level ('1'..'5' or 1..5) in a language; '' for anything else. */
export function preparednessDescription(level: number | string, locale: 'en' | 'fr'): string {
  const n = Number(level);
  return n >= 1 && n <= 5 && Number.isInteger(n) ? PREPAREDNESS_LEVEL_DESCRIPTIONS[locale][n as 1] : '';
}

/**
 * Colours of the national preparedness levels 1-5 (the report's badge, the archive's days and
 * legend, the dashboard), each with a text colour reaching 4.5:1 contrast on it. Here, not beside the
 * report's zod schemas, so a page that only shows a level does not load zod.
 */
export const PREPAREDNESS_LEVEL_COLOURS: Readonly<Record<string, { background: string; color: string }>> = {
  '1': { background: '#2e7d32', color: '#fff' },
  '2': { background: '#1565c0', color: '#fff' },
  '3': { background: '#f9a825', color: '#111' },
  '4': { background: '#b45309', color: '#fff' },
  '5': { background: '#c62828', color: '#fff' },
};
