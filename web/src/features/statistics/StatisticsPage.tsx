import { CENTRE_TIME_ZONE, isoDateInZone } from '@ciffc/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { AgencyWeekChart } from './AgencyWeekChart.tsx';
import {
  dailyFiresQuery,
  runningFiresQuery,
  weekFiguresQuery,
  weeklyAveragesQuery,
  yearlyFiresQuery,
} from './api.ts';
import { useChartKit } from './chart-kit.ts';
import { DailyFiresChart } from './DailyFiresChart.tsx';
import { Loaded } from './Loaded.tsx';
import { monthRange } from './series.ts';
import { WeekComparisonChart } from './WeekComparisonChart.tsx';
import { YearlyChart } from './YearlyChart.tsx';

/** Wildfire graphs (/statistics): six charts, each with its CSV export and a data table. */
export function StatisticsPage() {
  const { t } = useChartKit();
  const today = useMemo(() => isoDateInZone(new Date(), CENTRE_TIME_ZONE), []);
  const year = Number(today.slice(0, 4));
  const month = monthRange(today);

  const daily = useQuery(dailyFiresQuery(month.start, month.end));
  const yearly = useQuery(yearlyFiresQuery());
  const week = useQuery(weekFiguresQuery());
  const running = useQuery(runningFiresQuery());
  const avg10 = useQuery(weeklyAveragesQuery(10));
  const lastYear = useQuery(weeklyAveragesQuery(1));

  return (
    <div className="statistics">
      <PageHeader titleId="statistics.title" />
      <p>
        <FormattedMessage id="statistics.intro" />
      </p>

      <Loaded query={daily} title={t('statistics.daily.title')}>
        {(data) => <DailyFiresChart data={data} monthStart={month.start} />}
      </Loaded>

      {(['fires', 'hectares'] as const).map((measure) => (
        <Loaded
          key={measure}
          query={yearly}
          title={t(`statistics.${measure === 'fires' ? 'byYear' : 'hectaresByYear'}.title`)}
        >
          {(data) => <YearlyChart data={data} measure={measure} />}
        </Loaded>
      ))}

      <Loaded query={week} title={t('statistics.thisWeek.title')}>
        {(data) => <AgencyWeekChart data={data} />}
      </Loaded>

      <Loaded query={combine(running, avg10)} title={t('statistics.vsAverage.title')}>
        {([r, a]) => (
          <WeekComparisonChart
            chartKey="vsAverage"
            year={year}
            fileName="fires-by-week-vs-10-year-average.csv"
            compareLabel={t('statistics.tenYearAverage')}
            description={t('statistics.vsAverage.description', { from: a.from_year, to: a.to_year })}
            running={r}
            comparison={a}
          />
        )}
      </Loaded>
      <Loaded query={combine(running, lastYear)} title={t('statistics.vsLastYear.title')}>
        {([r, l]) => (
          <WeekComparisonChart
            chartKey="vsLastYear"
            year={year}
            fileName="fires-by-week-vs-last-year.csv"
            compareLabel={t('statistics.lastYear')}
            description={t('statistics.vsLastYear.description')}
            running={r}
            comparison={l}
          />
        )}
      </Loaded>
    </div>
  );
}

/** Two queries as one: pending until both answer, failed if either fails. */
function combine<A, B>(a: UseQueryResult<A>, b: UseQueryResult<B>): UseQueryResult<[A, B]> {
  if (a.isError) return a as unknown as UseQueryResult<[A, B]>;
  if (b.isError) return b as unknown as UseQueryResult<[A, B]>;
  if (a.isPending) return a as unknown as UseQueryResult<[A, B]>;
  if (b.isPending) return b as unknown as UseQueryResult<[A, B]>;
  return { ...a, data: [a.data, b.data] } as UseQueryResult<[A, B]>;
}
