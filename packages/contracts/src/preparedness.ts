/**
 * Suggested preparedness level of the agency form (data-entry.md section 5.5).
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

export const DEFAULT_SUGGESTED_LEVEL = 1;

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
