import { describe, expect, it } from 'vitest';
import { centreYearMonth, isoDate, monthWeeks, weekStartsOn } from './calendar.ts';

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

describe("the archive's current month", () => {
  it('is taken in America/Winnipeg, whatever the browser time zone', () => {
    // 03:00 UTC on August 1 is still July 31 in Winnipeg (UTC-5 in summer).
    expect(centreYearMonth(new Date('2026-08-01T03:00:00Z'))).toEqual({ year: 2026, month: 7 });
    // 05:30 UTC on January 1 is still December 31 in Winnipeg (UTC-6 in winter).
    expect(centreYearMonth(new Date('2026-01-01T05:30:00Z'))).toEqual({ year: 2025, month: 12 });
    expect(centreYearMonth(new Date('2026-01-01T06:30:00Z'))).toEqual({ year: 2026, month: 1 });
    // Manitoba kept daylight time in the autumn of 2026: 05:30 UTC on December 1 is already
    // December in Winnipeg (UTC−5), whatever the browser's own, older, zone data says.
    expect(centreYearMonth(new Date('2026-12-01T05:30:00Z'))).toEqual({ year: 2026, month: 12 });
  });
});
