import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  effectivePreparednessLevel,
  PREPAREDNESS_LEVEL_DESCRIPTIONS,
  preparednessDescription,
  suggestedPreparednessLevel,
} from './preparedness.ts';

type Five = [number, number, number, number, number];

const answers = (H: number, L: number, X: number, R: number, C: number) => ({
  current_fire_hazard: H,
  current_fire_load: L,
  expected_fire_load: X,
  agency_resource_levels: R,
  ciffc_response_capacity: C,
});

describe('suggested preparedness level (docs/spec/data-entry.md 5.5)', () => {
  it('has no suggestion until all five answers are set ("Complete Choices Above")', () => {
    expect(suggestedPreparednessLevel({})).toBeUndefined();
    expect(
      suggestedPreparednessLevel({ ...answers(1, 1, 1, 1, 1), ciffc_response_capacity: null }),
    ).toBeUndefined();
  });
  it('level 1 when all five equal 1', () => {
    expect(suggestedPreparednessLevel(answers(1, 1, 1, 1, 1))).toBe(1);
  });
  it('level 2 when H and L are 1-2, X is 2, R is 1, C is 2', () => {
    expect(suggestedPreparednessLevel(answers(1, 2, 2, 1, 2))).toBe(2);
    expect(suggestedPreparednessLevel(answers(2, 1, 2, 1, 2))).toBe(2);
  });
  it('level 3 when H and L are 2-3, X is 3, R is 2, C is 3 or more', () => {
    expect(suggestedPreparednessLevel(answers(2, 3, 3, 2, 3))).toBe(3);
    expect(suggestedPreparednessLevel(answers(3, 3, 3, 2, 5))).toBe(3);
  });
  it('level 4 when H, L and X are 4 or more, R is 3, C is 4 or more', () => {
    expect(suggestedPreparednessLevel(answers(4, 5, 4, 3, 4))).toBe(4);
    // Rounded average would say 5: the rule wins.
    expect(suggestedPreparednessLevel(answers(5, 5, 5, 3, 5))).toBe(4);
  });
  it('level 5 when H, L and X are 4 or more, R is 4, C is 5', () => {
    expect(suggestedPreparednessLevel(answers(4, 4, 4, 4, 5))).toBe(5);
  });
  // Cases where the rule and the rounded average differ, so each branch is what decides.
  it.each([
    // level 2: average 7/5 = 1.4 → 1; (2,2,2,1,2) 9/5 = 1.8 → 2 would not tell them apart
    [[1, 1, 2, 1, 2], 2],
    // level 3: average 12/5 = 2.4 → 2
    [[2, 2, 3, 2, 3], 3],
    // level 4: average 23/5 = 4.6 → 5
    [[5, 5, 5, 3, 5], 4],
    [[5, 4, 5, 3, 5], 4],
    // level 5: average 21/5 = 4.2 → 4
    [[4, 4, 4, 4, 5], 5],
  ] as [Five, number][])('the rule decides: %j → %i', (five, level) => {
    expect(suggestedPreparednessLevel(answers(...five))).toBe(level);
  });

  // One condition missed by one step, where the rule's level would differ from the average.
  it.each([
    // level 1 equals its average by construction; the near miss falls to the average too
    [[1, 1, 1, 1, 2], 1, 'level 1, C 2'],
    [[1, 1, 2, 1, 1], 1, 'level 2, C 1 (not 2)'],
    [[1, 1, 1, 1, 2], 1, 'level 2, X 1 (not 2)'],
    [[2, 2, 3, 1, 3], 2, 'level 3, R 1 (not 2)'],
    [[2, 2, 3, 2, 2], 2, 'level 3, C 2 (below 3)'],
    [[1, 2, 3, 2, 3], 2, 'level 3, H 1 (below 2)'],
    [[2, 2, 2, 2, 3], 2, 'level 3, X 2 (not 3)'],
    [[5, 5, 5, 4, 4], 5, 'level 4, R 4 (not 3)'],
    [[3, 4, 4, 4, 5], 4, 'level 5, H 3 (below 4)'],
    [[4, 4, 3, 4, 5], 4, 'level 5, X 3 (below 4)'],
  ] as [Five, number, string][])('near miss %j → %i (%s)', (five, level) => {
    expect(suggestedPreparednessLevel(answers(...five))).toBe(level);
  });

  it('otherwise the rounded average of the five', () => {
    // 1+1+1+1+2 = 6 / 5 = 1.2 → 1
    expect(suggestedPreparednessLevel(answers(1, 1, 1, 1, 2))).toBe(1);
    // 3+3+3+1+3 = 13 / 5 = 2.6 → 3 (R is 1, so not the level-3 rule)
    expect(suggestedPreparednessLevel(answers(3, 3, 3, 1, 3))).toBe(3);
    // 4+4+4+4+4 = 4 (R 4 but C 4: not level 5)
    expect(suggestedPreparednessLevel(answers(4, 4, 4, 4, 4))).toBe(4);
    // 2+2+2+2+2 = 2 (X is 2 but R is 2: not level 2) → average 2
    expect(suggestedPreparednessLevel(answers(2, 2, 2, 2, 2))).toBe(2);
    // 5+5+5+1+1 = 17/5 = 3.4 → 3
    expect(suggestedPreparednessLevel(answers(5, 5, 5, 1, 1))).toBe(3);
    // 3+3+2+1+1 = 10/5 = 2 ; 1+2+3+1+2 = 9/5=1.8 → 2
    expect(suggestedPreparednessLevel(answers(1, 2, 3, 1, 2))).toBe(2);
    // .5 rounds up: 1+1+1+2+2... 2+3+3+2+2 = 12/5 = 2.4 → 2; 3+3+3+2+2 = 13/5 = 2.6 → 3
    expect(suggestedPreparednessLevel(answers(3, 3, 3, 2, 2))).toBe(3);
  });
  it('the override (1-5) wins over the suggestion; 0 means none; default 1', () => {
    expect(effectivePreparednessLevel(answers(1, 1, 1, 1, 1), 4)).toBe(4);
    expect(effectivePreparednessLevel(answers(4, 4, 4, 4, 5), 0)).toBe(5);
    expect(effectivePreparednessLevel({}, null)).toBe(1);
  });
});

describe('one wording of each national preparedness level', () => {
  it('is the one the content seed lists, in both languages', () => {
    const seed = readFileSync(new URL('../../../cms/src/seed/content.ts', import.meta.url), 'utf8');
    for (const level of [1, 2, 3, 4, 5] as const) {
      expect(seed).toContain(`**Level ${level}**: ${PREPAREDNESS_LEVEL_DESCRIPTIONS.en[level]}`);
      expect(seed).toContain(`**Niveau ${level}** : ${PREPAREDNESS_LEVEL_DESCRIPTIONS.fr[level]}`);
    }
  });

  it('describes levels 1 to 5 only', () => {
    expect(preparednessDescription('5', 'fr')).toBe(PREPAREDNESS_LEVEL_DESCRIPTIONS.fr[5]);
    expect(preparednessDescription(0, 'en')).toBe('');
    expect(preparednessDescription('x', 'en')).toBe('');
  });
});
