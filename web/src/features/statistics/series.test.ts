import { describe, expect, it } from 'vitest';
import { dayRows, monthRange, weekRows } from './series.ts';

describe('statistics series', () => {
  it('asks for the first of this month to the first of next month, across the year end', () => {
    expect(monthRange('2026-07-15')).toEqual({ start: '2026-07-01', end: '2026-08-01' });
    expect(monthRange('2026-12-31')).toEqual({ start: '2026-12-01', end: '2027-01-01' });
  });

  it('lays out days 1 to 31, empty where the month is shorter', () => {
    const rows = dayRows({
      start_date: '2026-02-01',
      end_date: '2026-03-01',
      items: Array.from({ length: 28 }, (_, i) => ({
        date: `2026-02-${i + 1}`,
        day: i + 1,
        fires: i,
        hectares: 1,
      })),
    });
    expect(rows).toHaveLength(31);
    expect(rows[27]).toMatchObject({ day: 28, fires: 27 });
    expect(rows[28]).toEqual({ day: 29, date: null, fires: null, hectares: null });
  });

  it('cumulates this year to the current week and the comparison over weeks 1 to 52', () => {
    const rows = weekRows(
      {
        year: 2026,
        week: 2,
        items: [
          {
            week: 1,
            date: '',
            fires: 3,
            hectares: 1,
            cumulative_fires: 3,
            cumulative_hectares: 1,
            last_year_cumulative_fires: 0,
            avg10_cumulative_fires: 0,
          },
          {
            week: 2,
            date: '',
            fires: 4,
            hectares: 1,
            cumulative_fires: 7,
            cumulative_hectares: 2,
            last_year_cumulative_fires: 0,
            avg10_cumulative_fires: 0,
          },
        ],
      },
      {
        years: 10,
        from_year: 2016,
        to_year: 2025,
        items: Array.from({ length: 52 }, (_, i) => ({
          week: i + 1,
          date: '',
          avg_fires: 1.5,
          avg_hectares: 0,
        })),
      },
    );
    expect(rows).toHaveLength(52);
    expect(rows[1]).toEqual({ week: 2, fires: 4, cumulative: 7, compare: 1.5, compareCumulative: 3 });
    expect(rows[2]).toMatchObject({ fires: null, cumulative: null });
    expect(rows[51]?.compareCumulative).toBe(78);
  });
});
