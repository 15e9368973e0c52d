import { CENTRE_TIME_ZONE } from '@ciffc/contracts';
import { ALL_ZONES } from '../time-zones.ts';

let todayMemo = { minute: Number.NaN, today: '' };

/**
 * "Today" in the centre's time zone (America/Winnipeg, from the shipped zone data:
 * docs/time-zones.md), as YYYY-MM-DD. Every public read asks, and the time-zone arithmetic was 7%
 * of a cached answer's time (docs/performance.md), so the answer is kept for the minute: the
 * zone's offsets are whole minutes, so the date cannot change inside one.
 */
export function centreToday(now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== todayMemo.minute) {
    todayMemo = { minute, today: ALL_ZONES.dateAt(CENTRE_TIME_ZONE, now.getTime()) };
  }
  return todayMemo.today;
}

const toUtc = (date: string) => new Date(`${date}T00:00:00Z`);
const fromUtc = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtc(d);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}

export const yearOf = (date: string) => Number(date.slice(0, 4));
export const yearStart = (year: number) => `${String(year).padStart(4, '0')}-01-01`;

/**
 * Weeks 1 to 52 of the graphs: days 1-7 of the year are week 1, and so on; the one or two days
 * after day 364 count in week 52, so every year has exactly 52 comparable weeks.
 */
export function weekOfYear(date: string): number {
  const dayOfYear = daysBetween(yearStart(yearOf(date)), date) + 1;
  return Math.min(52, Math.floor((dayOfYear - 1) / 7) + 1);
}

/** First day of a week of the given year. */
export function weekStart(year: number, week: number): string {
  return addDays(yearStart(year), (week - 1) * 7);
}
