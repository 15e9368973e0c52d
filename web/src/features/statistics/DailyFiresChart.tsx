import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure } from '../../shared/charts/ChartFigure.tsx';
import type { DailyFires } from './api.ts';
import { CHART_STYLE, CURRENT, MARGIN, useChartKit } from './chart-kit.ts';
import { type DayRow, dayRows } from './series.ts';

/** Fires a day this month, with the hectares in the table. */
export function DailyFiresChart({ data, monthStart }: { data: DailyFires; monthStart: string }) {
  const { intl, t, int, ha, common, narrow, axisTick, tooltipValue } = useChartKit();
  const rows = dayRows(data);
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
      <BarChart responsive accessibilityLayer style={CHART_STYLE} data={rows} margin={MARGIN}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" interval={narrow ? 'preserveStartEnd' : 0} tick={{ fontSize: 11 }} />
        <YAxis allowDecimals={false} tickFormatter={axisTick} width={56} />
        <Tooltip formatter={tooltipValue} labelFormatter={(d) => `${t('statistics.col.day')} ${d}`} />
        <Bar dataKey="fires" name={t('statistics.fires')} fill={CURRENT} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}
