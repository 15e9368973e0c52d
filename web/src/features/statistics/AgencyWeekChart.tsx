import { AGENCIES, type DashboardFigures } from '@ciffc/contracts';
import { useMemo } from 'react';
import { ChartFigure } from '../../shared/charts/ChartFigure.tsx';
import { useChartKit } from './chart-kit.ts';
import { AgencyWeekPlot } from './lazy-plots.ts';

/** One agency's fires and hectares this week. */
export interface AgencyWeekRow {
  code: string;
  name: string;
  fires: number;
  hectares: number;
}

/** This week's fires by agency. */
export function AgencyWeekChart({ data }: { data: DashboardFigures }) {
  const { intl, format, t, int, ha, common } = useChartKit();
  const longDate = (date: string) =>
    intl.formatDate(new Date(`${date}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' });
  // All 13 agencies, a quiet one with 0 (agencies without a fire disappeared).
  const rows: AgencyWeekRow[] = useMemo(
    () =>
      AGENCIES.map((a) => {
        const r = data.by_agency.find((x) => x.agency_code.toLowerCase() === a.code);
        return {
          code: a.code.toUpperCase(),
          name: a.name[format.locale],
          fires: r?.fire_count ?? 0,
          hectares: r?.area_sum ?? 0,
        };
      }),
    [data, format.locale],
  );
  return (
    <ChartFigure<AgencyWeekRow>
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
      <AgencyWeekPlot rows={rows} />
    </ChartFigure>
  );
}
