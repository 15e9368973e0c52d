import { useMemo } from 'react';
import { type ChartColumn, ChartFigure } from '../../shared/charts/ChartFigure.tsx';
import type { RunningFires, WeeklyAverages } from './api.ts';
import { useChartKit } from './chart-kit.ts';
import { WeekComparisonPlot } from './lazy-plots.ts';
import { type WeekRow, weekRows } from './series.ts';

/** This year's fires week by week, cumulative, against a comparison (the 10-year average, last year). */
export function WeekComparisonChart({
  chartKey,
  year,
  fileName,
  compareLabel,
  description,
  running,
  comparison,
}: {
  chartKey: 'vsAverage' | 'vsLastYear';
  year: number;
  fileName: string;
  compareLabel: string;
  description: string;
  running: RunningFires;
  comparison: WeeklyAverages;
}) {
  const { t, int, dec, common } = useChartKit();
  const rows = useMemo(() => weekRows(running, comparison), [running, comparison]);
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
      <WeekComparisonPlot rows={rows} current={current} compareLabel={compareLabel} />
    </ChartFigure>
  );
}
