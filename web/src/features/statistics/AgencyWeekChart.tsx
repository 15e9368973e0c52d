import { AGENCIES, type DashboardFigures } from '@ciffc/contracts';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure } from '../../shared/charts/ChartFigure.tsx';
import { categoryAxisProps } from '../../shared/charts/useNarrowScreen.ts';
import { CHART_STYLE, CURRENT, MARGIN, useChartKit } from './chart-kit.ts';

/** This week's fires by agency. */
export function AgencyWeekChart({ data }: { data: DashboardFigures }) {
  const { intl, format, t, int, ha, common, narrow, axisTick, tooltipValue } = useChartKit();
  const longDate = (date: string) =>
    intl.formatDate(new Date(`${date}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' });
  // All 13 agencies, a quiet one with 0 (agencies without a fire disappeared).
  const rows = AGENCIES.map((a) => {
    const r = data.by_agency.find((x) => x.agency_code.toLowerCase() === a.code);
    return {
      code: a.code.toUpperCase(),
      name: a.name[format.locale],
      fires: r?.fire_count ?? 0,
      hectares: r?.area_sum ?? 0,
    };
  });
  type Row = (typeof rows)[number];
  return (
    <ChartFigure<Row>
      {...common}
      title={t('statistics.thisWeek.title')}
      description={t('statistics.thisWeek.description', {
        from: longDate(data.from_date),
        to: longDate(data.to_date),
      })}
      fileName="fires-this-week.csv"
      rows={rows}
      columns={[
        { label: t('statistics.col.agency'), value: (r) => r.name },
        { label: t('statistics.col.agencyCode'), value: (r) => r.code },
        { label: t('statistics.fires'), value: (r) => r.fires, display: (r) => int(r.fires) },
        { label: t('statistics.hectares'), value: (r) => r.hectares, display: (r) => ha(r.hectares) },
      ]}
    >
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
    </ChartFigure>
  );
}
