import { CENTRE_TIME_ZONE } from '@ciffc/contracts';
import { PRODUCT_ZONES } from '@ciffc/contracts/time-zones';
import { eachDayOfInterval, endOfMonth, endOfWeek, startOfMonth, startOfWeek } from 'date-fns';

/** Weeks start on Monday in French and on Sunday in English (docs/spec/public-site.md section 9). */
export const weekStartsOn = (locale: string): 0 | 1 => (locale === 'fr' ? 1 : 0);

/** The weeks of a month grid (month 1..12): each week 7 dates, days of other months as null. */
export function monthWeeks(year: number, month: number, startsOn: 0 | 1): (Date | null)[][] {
  const first = startOfMonth(new Date(year, month - 1, 1));
  const days = eachDayOfInterval({
    start: startOfWeek(first, { weekStartsOn: startsOn }),
    end: endOfWeek(endOfMonth(first), { weekStartsOn: startsOn }),
  });
  const weeks: (Date | null)[][] = [];
  for (let i = 0; i < days.length; i += 7) {
    weeks.push(days.slice(i, i + 7).map((d) => (d.getMonth() === month - 1 ? d : null)));
  }
  return weeks;
}

export const isoDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * Year and month (1-12) of an instant in the centre's time zone (America/Winnipeg, from the zone
 * data shipped with the product), not the browser's.
 */
export function centreYearMonth(now: Date): { year: number; month: number } {
  const { year, month } = PRODUCT_ZONES.wallClockAt(CENTRE_TIME_ZONE, now.getTime());
  return { year, month };
}
