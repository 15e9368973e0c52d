import { useMemo } from 'react';
import { BarPlot } from '../../shared/charts/BarPlot.tsx';
import { ChartFigure } from '../../shared/charts/ChartFigure.tsx';
import type { DailyFires } from './api.ts';
import { CHART_STYLE, CURRENT, useChartKit } from './chart-kit.ts';
import { type DayRow, dayRows } from './series.ts';

/** On a phone 31 day labels touch: one a week. */
const DAYS_NARROW = [1, 8, 15, 22, 29];

/**
 * Fires a day this month, with the hectares in the table. The page's first chart, on a phone's
 * first screen, so it is drawn light (BarPlot) rather than by Recharts, whose code then loads only
 * when a chart further down comes near.
 */
export function DailyFiresChart({ data, monthStart }: { data: DailyFires; monthStart: string }) {
  const { intl, t, narrow, int, ha, common, axisTick, tooltipValue } = useChartKit();
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
      <BarPlot<DayRow>
        rows={rows}
        category={(r) => r.day}
        value={(r) => r.fires}
        labelled={narrow ? DAYS_NARROW : undefined}
        colour={CURRENT}
        height={CHART_STYLE.height}
        seriesName={t('statistics.fires')}
        label={t('statistics.daily.title')}
        axisTick={axisTick}
        tooltipLabel={(r) => `${t('statistics.col.day')} ${r.day}`}
        tooltipValue={tooltipValue}
      />
    </ChartFigure>
  );
}
