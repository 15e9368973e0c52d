import { describe, expect, it } from 'vitest';
import { isoDate, monthWeeks, weekStartsOn } from './calendar.ts';

describe('archive month grid', () => {
  it('starts weeks on Monday in French and on Sunday in English', () => {
    // July 2026 begins on a Wednesday.
    const fr = monthWeeks(2026, 7, weekStartsOn('fr'));
    expect(fr[0]?.map((d) => (d ? d.getDate() : null))).toEqual([null, null, 1, 2, 3, 4, 5]);
    const en = monthWeeks(2026, 7, weekStartsOn('en'));
    expect(en[0]?.map((d) => (d ? d.getDate() : null))).toEqual([null, null, null, 1, 2, 3, 4]);
  });

  it('covers every day of the month once', () => {
    const days = monthWeeks(2024, 2, 1)
      .flat()
      .filter((d): d is Date => d !== null)
      .map(isoDate);
    expect(days).toHaveLength(29);
    expect(days[0]).toBe('2024-02-01');
    expect(days.at(-1)).toBe('2024-02-29');
  });
});
