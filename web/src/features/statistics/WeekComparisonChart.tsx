import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { type ChartColumn, ChartFigure } from '../../shared/charts/ChartFigure.tsx';
import { CHART_STYLE, COMPARE, CURRENT, MARGIN, useChartKit } from './chart-kit.ts';
import type { WeekRow } from './series.ts';

const WEEK_TICKS = [1, 5, 9, 13, 17, 21, 25, 29, 33, 37, 41, 45, 49, 52];
/** On a phone "1" and "5" touch: one label a quarter. */
const WEEK_TICKS_NARROW = [1, 13, 26, 39, 52];

/** This year's fires week by week, cumulative, against a comparison (the 10-year average, last year). */
export function WeekComparisonChart({
  chartKey,
  year,
  fileName,
  compareLabel,
  description,
  rows,
}: {
  chartKey: 'vsAverage' | 'vsLastYear';
  year: number;
  fileName: string;
  compareLabel: string;
  description: string;
  rows: WeekRow[];
}) {
  const { t, int, dec, common, narrow, axisTick, tooltipValue } = useChartKit();
  const current = t('statistics.thisYear', { year });
  const columns: ChartColumn<WeekRow>[] = [
    { label: t('statistics.col.week'), value: (r) => r.week },
    {
      label: t('statistics.weekly', { series: current }),
      value: (r) => r.fires,
      display: (r) => int(r.fires),
    },
    {
      label: t('statistics.cumulative', { series: current }),
      value: (r) => r.cumulative,
      display: (r) => int(r.cumulative),
    },
    {
      label: t('statistics.weekly', { series: compareLabel }),
      value: (r) => r.compare,
      display: (r) => dec(r.compare),
    },
    {
      label: t('statistics.cumulative', { series: compareLabel }),
      value: (r) => r.compareCumulative,
      display: (r) => dec(r.compareCumulative),
    },
  ];
  return (
    <ChartFigure
      {...common}
      title={t(`statistics.${chartKey}.title`)}
      description={description}
      fileName={fileName}
      rows={rows}
      columns={columns}
    >
      <LineChart responsive accessibilityLayer style={CHART_STYLE} data={rows} margin={MARGIN}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          dataKey="week"
          type="number"
          domain={[1, 52]}
          ticks={narrow ? WEEK_TICKS_NARROW : WEEK_TICKS}
        />
        <YAxis tickFormatter={axisTick} width={56} />
        <Tooltip formatter={tooltipValue} labelFormatter={(w) => `${t('statistics.col.week')} ${w}`} />
        <Legend />
        <Line
          dataKey="cumulative"
          name={current}
          stroke={CURRENT}
          strokeWidth={2.5}
          dot={false}
          isAnimationActive={false}
          connectNulls={false}
        />
        <Line
          dataKey="compareCumulative"
          name={compareLabel}
          stroke={COMPARE}
          strokeWidth={2}
          strokeDasharray="6 3"
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ChartFigure>
  );
}
