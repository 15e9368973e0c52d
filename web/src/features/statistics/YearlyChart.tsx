import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure } from '../../shared/charts/ChartFigure.tsx';
import { paletteColour } from '../../shared/charts/palette.ts';
import type { YearlyFires } from './api.ts';
import { CHART_STYLE, COMPARE, CURRENT, MARGIN, useChartKit } from './chart-kit.ts';

/** Fires or hectares year by year, against the 10-year average. */
export function YearlyChart({ data, measure }: { data: YearlyFires; measure: 'fires' | 'hectares' }) {
  const { t, int, dec, ha, common, axisTick, tooltipValue } = useChartKit();
  const key = measure === 'fires' ? 'byYear' : 'hectaresByYear';
  const rows = data.items.map((i) => ({
    year: i.year,
    value: measure === 'fires' ? i.fires : i.hectares,
    average: measure === 'fires' ? i.avg_fires : i.avg_hectares,
  }));
  type Row = (typeof rows)[number];
  const show = measure === 'fires' ? int : ha;
  return (
    <ChartFigure<Row>
      {...common}
      title={t(`statistics.${key}.title`)}
      description={t(`statistics.${key}.description`, { year: data.to_year })}
      fileName={measure === 'fires' ? 'fires-by-year.csv' : 'hectares-by-year.csv'}
      rows={rows}
      columns={[
        { label: t('statistics.col.year'), value: (r) => r.year },
        {
          label: t(`statistics.${measure}`),
          value: (r) => r.value,
          display: (r) => show(r.value),
        },
        {
          label: t('statistics.tenYearAverage'),
          value: (r) => r.average,
          display: (r) => dec(r.average),
        },
      ]}
    >
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
    </ChartFigure>
  );
}
