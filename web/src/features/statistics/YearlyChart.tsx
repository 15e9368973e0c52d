import { useMemo } from 'react';
import { ChartFigure } from '../../shared/charts/ChartFigure.tsx';
import type { YearlyFires } from './api.ts';
import { useChartKit } from './chart-kit.ts';
import { YearlyPlot } from './lazy-plots.ts';

/** One year's bar and its 10-year average. */
export interface YearRow {
  year: number;
  value: number;
  average: number | null;
}

/** Fires or hectares year by year, against the 10-year average. */
export function YearlyChart({ data, measure }: { data: YearlyFires; measure: 'fires' | 'hectares' }) {
  const { t, int, dec, ha, common } = useChartKit();
  const key = measure === 'fires' ? 'byYear' : 'hectaresByYear';
  const rows: YearRow[] = useMemo(
    () =>
      data.items.map((i) => ({
        year: i.year,
        value: measure === 'fires' ? i.fires : i.hectares,
        average: measure === 'fires' ? i.avg_fires : i.avg_hectares,
      })),
    [data, measure],
  );
  const show = measure === 'fires' ? int : ha;
  return (
    <ChartFigure<YearRow>
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
      <YearlyPlot rows={rows} measure={measure} />
    </ChartFigure>
  );
}
