import { useMemo } from 'react';
import { ChartFigure } from '../../shared/charts/ChartFigure.tsx';
import type { DailyFires } from './api.ts';
import { useChartKit } from './chart-kit.ts';
import { DailyFiresPlot } from './lazy-plots.ts';
import { type DayRow, dayRows } from './series.ts';

/** Fires a day this month, with the hectares in the table. */
export function DailyFiresChart({ data, monthStart }: { data: DailyFires; monthStart: string }) {
  const { intl, t, int, ha, common } = useChartKit();
  const rows = useMemo(() => dayRows(data), [data]);
  const monthName = intl.formatDate(new Date(`${monthStart}T00:00:00Z`), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <ChartFigure<DayRow>
      {...common}
      title={t('statistics.daily.title')}
      description={t('statistics.daily.description', { month: monthName })}
      fileName="daily-fires.csv"
      rows={rows.filter((r) => r.date !== null)}
      columns={[
        { label: t('statistics.col.day'), value: (r) => r.day },
        { label: t('statistics.col.date'), value: (r) => r.date },
        { label: t('statistics.fires'), value: (r) => r.fires, display: (r) => int(r.fires) },
        { label: t('statistics.hectares'), value: (r) => r.hectares, display: (r) => ha(r.hectares) },
      ]}
    >
      <DailyFiresPlot rows={rows} />
    </ChartFigure>
  );
}
