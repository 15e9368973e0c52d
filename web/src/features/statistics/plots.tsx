/**
 * The page's charts as drawn by Recharts, apart from their figures (heading, description, export,
 * data table), so that the charts' library, the larger half of the page's code, is a chunk of its
 * own: the page's text paints without waiting for it, and it loads when the first of these charts
 * comes near the screen (lazy-plots.ts); the page's first chart, on a phone's first screen, is drawn
 * without it (DailyFiresChart, BarPlot). Each is memoised on its rows (made once per answer by its figure):
 * the page renders again as each of its six queries answers, and a chart drawn again for nothing is
 * a long task on a phone.
 */
import { memo } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { paletteColour } from '../../shared/charts/palette.ts';
import { categoryAxisProps } from '../../shared/charts/useNarrowScreen.ts';
import type { AgencyWeekRow } from './AgencyWeekChart.tsx';
import { CHART_STYLE, COMPARE, CURRENT, MARGIN, useChartKit } from './chart-kit.ts';
import type { WeekRow } from './series.ts';
import type { YearRow } from './YearlyChart.tsx';

const WEEK_TICKS = [1, 5, 9, 13, 17, 21, 25, 29, 33, 37, 41, 45, 49, 52];
/** On a phone "1" and "5" touch: one label a quarter. */
const WEEK_TICKS_NARROW = [1, 13, 26, 39, 52];

/** Fires or hectares year by year, bars, against the 10-year average, a line. */
export const YearlyPlot = memo(function YearlyPlot({
  rows,
  measure,
}: {
  rows: YearRow[];
  measure: 'fires' | 'hectares';
}) {
  const { t, axisTick, tooltipValue } = useChartKit();
  return (
    <ComposedChart responsive accessibilityLayer style={CHART_STYLE} data={rows} margin={MARGIN}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="year" minTickGap={12} />
      <YAxis tickFormatter={axisTick} width={56} />
      <Tooltip formatter={tooltipValue} />
      <Legend />
      <Bar
        dataKey="value"
        name={t(`statistics.${measure}`)}
        fill={measure === 'fires' ? CURRENT : paletteColour(4)}
        isAnimationActive={false}
      />
      <Line
        dataKey="average"
        name={t('statistics.tenYearAverage')}
        stroke={COMPARE}
        strokeWidth={2}
        dot={false}
        isAnimationActive={false}
      />
    </ComposedChart>
  );
});

/** This week's fires, one bar per agency. */
export const AgencyWeekPlot = memo(function AgencyWeekPlot({ rows }: { rows: AgencyWeekRow[] }) {
  const { t, narrow, axisTick, tooltipValue } = useChartKit();
  return (
    <BarChart responsive accessibilityLayer style={CHART_STYLE} data={rows} margin={MARGIN}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="code" {...categoryAxisProps(narrow)} />
      <YAxis allowDecimals={false} tickFormatter={axisTick} width={56} />
      <Tooltip
        formatter={tooltipValue}
        labelFormatter={(code) => rows.find((r) => r.code === code)?.name ?? String(code)}
      />
      <Bar dataKey="fires" name={t('statistics.fires')} fill={CURRENT} isAnimationActive={false} />
    </BarChart>
  );
});

/** This year's fires week by week, cumulative, against a comparison series. */
export const WeekComparisonPlot = memo(function WeekComparisonPlot({
  rows,
  current,
  compareLabel,
}: {
  rows: WeekRow[];
  current: string;
  compareLabel: string;
}) {
  const { t, narrow, axisTick, tooltipValue } = useChartKit();
  return (
    <LineChart responsive accessibilityLayer style={CHART_STYLE} data={rows} margin={MARGIN}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="week" type="number" domain={[1, 52]} ticks={narrow ? WEEK_TICKS_NARROW : WEEK_TICKS} />
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
  );
});
