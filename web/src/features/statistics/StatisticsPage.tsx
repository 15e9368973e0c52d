import { AGENCIES, CENTRE_TIME_ZONE, isoDateInZone } from '@ciffc/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
import { type ChartColumn, ChartFigure } from '../../shared/charts/ChartFigure.tsx';
import { paletteColour } from '../../shared/charts/palette.ts';
import { categoryAxisProps, useNarrowScreen } from '../../shared/charts/useNarrowScreen.ts';
import { useFormat } from '../../shared/format/useFormat.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import {
  dailyFiresQuery,
  runningFiresQuery,
  weekFiguresQuery,
  weeklyAveragesQuery,
  yearlyFiresQuery,
} from './api.ts';
import { Loaded } from './Loaded.tsx';
import { type DayRow, dayRows, monthRange, type WeekRow, weekRows } from './series.ts';

const CURRENT = paletteColour(0);
const COMPARE = paletteColour(1);
const CHART_STYLE = { width: '100%', height: 340 };
const MARGIN = { top: 8, right: 16, bottom: 8, left: 8 };

/** Wildfire graphs (/statistics): six charts, each with its CSV export and a data table. */
const WEEK_TICKS = [1, 5, 9, 13, 17, 21, 25, 29, 33, 37, 41, 45, 49, 52];
/** On a phone "1" and "5" touch: one label a quarter. */
const WEEK_TICKS_NARROW = [1, 13, 26, 39, 52];

export function StatisticsPage() {
  const intl = useIntl();
  const format = useFormat();
  const narrow = useNarrowScreen();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const today = useMemo(() => isoDateInZone(new Date(), CENTRE_TIME_ZONE), []);
  const year = Number(today.slice(0, 4));
  const month = monthRange(today);
  const longDate = (date: string) =>
    intl.formatDate(new Date(`${date}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' });

  const daily = useQuery(dailyFiresQuery(month.start, month.end));
  const yearly = useQuery(yearlyFiresQuery());
  const week = useQuery(weekFiguresQuery());
  const running = useQuery(runningFiresQuery());
  const avg10 = useQuery(weeklyAveragesQuery(10));
  const lastYear = useQuery(weeklyAveragesQuery(1));

  const common = { exportLabel: t('statistics.export'), tableLabel: t('statistics.table') };
  const int = (v: number | null) => (v === null ? '' : format.integer(v));
  const dec = (v: number | null) => (v === null ? '' : format.decimal(v));
  const ha = (v: number | null) => (v === null ? '' : format.hectares(v));
  const axisTick = (v: number) => format.stat(v);
  const tooltipValue = (v: unknown) =>
    typeof v === 'number' ? format.decimal(v).replace(/[.,]0$/, '') : String(v);

  const weekChart = (
    key: 'vsAverage' | 'vsLastYear',
    fileName: string,
    compareLabel: string,
    description: string,
    rows: WeekRow[],
  ) => {
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
        title={t(`statistics.${key}.title`)}
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
  };

  return (
    <div className="statistics">
      <PageHeader titleId="statistics.title" />
      <p>
        <FormattedMessage id="statistics.intro" />
      </p>

      <Loaded query={daily} title={t('statistics.daily.title')}>
        {(data) => {
          const rows = dayRows(data);
          const monthName = intl.formatDate(new Date(`${month.start}T00:00:00Z`), {
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
        }}
      </Loaded>

      {(['fires', 'hectares'] as const).map((measure) => {
        const key = measure === 'fires' ? 'byYear' : 'hectaresByYear';
        const title = t(`statistics.${key}.title`);
        return (
          <Loaded key={measure} query={yearly} title={title}>
            {(data) => {
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
                  title={title}
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
                  <ComposedChart
                    responsive
                    accessibilityLayer
                    style={CHART_STYLE}
                    data={rows}
                    margin={MARGIN}
                  >
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
            }}
          </Loaded>
        );
      })}

      <Loaded query={week} title={t('statistics.thisWeek.title')}>
        {(data) => {
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
        }}
      </Loaded>

      <Loaded query={combine(running, avg10)} title={t('statistics.vsAverage.title')}>
        {([r, a]) =>
          weekChart(
            'vsAverage',
            'fires-by-week-vs-10-year-average.csv',
            t('statistics.tenYearAverage'),
            t('statistics.vsAverage.description', { from: a.from_year, to: a.to_year }),
            weekRows(r, a),
          )
        }
      </Loaded>
      <Loaded query={combine(running, lastYear)} title={t('statistics.vsLastYear.title')}>
        {([r, l]) =>
          weekChart(
            'vsLastYear',
            'fires-by-week-vs-last-year.csv',
            t('statistics.lastYear'),
            t('statistics.vsLastYear.description'),
            weekRows(r, l),
          )
        }
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
