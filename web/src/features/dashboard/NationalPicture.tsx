import { type DashboardSinceYesterday, PREPAREDNESS_LEVEL_COLOURS } from '@ciffc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { memo, useDeferredValue } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { apiGet } from '../../shared/api/data-api.ts';
import { formatCentreTime } from '../../shared/format/CentreTime.tsx';
import { useFormat } from '../../shared/format/useFormat.ts';
import { dashboardFiguresQuery, type SeasonRange } from './api.ts';

const sinceYesterdayQuery = () =>
  queryOptions({
    queryKey: ['dashboard-since-yesterday'],
    queryFn: ({ signal }) =>
      apiGet<DashboardSinceYesterday>('/v1/dashboard/since-yesterday', { auth: false, signal }),
  });

type Level = NonNullable<DashboardSinceYesterday['level']>;
const change = (level: Level) => {
  if (level.previous === null) return 'none';
  const now = Number(level.current);
  const before = Number(level.previous);
  return now > before ? 'up' : now < before ? 'down' : 'same';
};

/** The level of the latest national report, and how it moved from the report before. */
function LevelCard({ level }: { level: Level | null | undefined }) {
  const intl = useIntl();
  const day = (date: string) =>
    intl.formatDate(`${date}T12:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <li className="picture-card picture-level">
      <span className="picture-card-label">
        <FormattedMessage id="dashboard.picture.level" />
      </span>
      {level ? (
        <>
          <span className="picture-level-value" style={PREPAREDNESS_LEVEL_COLOURS[level.current]}>
            {level.current}
          </span>
          <span className="picture-card-note">
            <FormattedMessage
              id="dashboard.picture.levelChange"
              values={{
                change: change(level),
                previous: level.previous ?? '',
                date: day(level.current_date),
              }}
            />
          </span>
        </>
      ) : (
        <>
          <span className="picture-card-value">–</span>
          <span className="picture-card-note">
            {level === null ? <FormattedMessage id="dashboard.picture.levelNone" /> : null}
          </span>
        </>
      )}
    </li>
  );
}

/**
 * The national picture on the first screen, before the map (a phone's first 844 px, a laptop's
 * first screen): the national level and its change, fires active, new today and out today, each
 * with the day before and its "as of". Every figure keeps its place while loading (a dash), so
 * nothing below moves when the answers arrive.
 */
export function NationalPicture({ range }: { range: SeasonRange }) {
  const { data } = useQuery(sinceYesterdayQuery());
  const figures = useQuery(dashboardFiguresQuery(range));
  // Drawn from deferred copies, in slices (see DashboardPage).
  return (
    <PictureCards data={useDeferredValue(data)} activeFires={useDeferredValue(figures.data?.active_fires)} />
  );
}

const PictureCards = memo(function PictureCards({
  data,
  activeFires,
}: {
  data: DashboardSinceYesterday | undefined;
  activeFires: number | undefined;
}) {
  const intl = useIntl();
  const format = useFormat();
  const count = (n: number | undefined) => (n === undefined ? '–' : format.integer(n));
  return (
    <section className="national-picture" aria-labelledby="national-picture-heading">
      <h2 id="national-picture-heading" className="visually-hidden">
        <FormattedMessage id="dashboard.picture.heading" />
      </h2>
      <ul className="picture-cards">
        <LevelCard level={data ? data.level : undefined} />
        <li className="picture-card">
          <span className="picture-card-label">
            <FormattedMessage id="dashboard.stats.active" />
          </span>
          <span className="picture-card-value">{count(activeFires)}</span>
          <span className="picture-card-note" />
        </li>
        <li className="picture-card">
          <span className="picture-card-label">
            <FormattedMessage id="dashboard.stats.today" />
          </span>
          <span className="picture-card-value">{count(data?.new_fires)}</span>
          <span className="picture-card-note">
            {data ? (
              <FormattedMessage
                id="dashboard.picture.yesterday"
                values={{ count: data.new_fires_yesterday }}
              />
            ) : null}
          </span>
        </li>
        <li className="picture-card">
          <span className="picture-card-label">
            <FormattedMessage id="dashboard.picture.outToday" />
          </span>
          <span className="picture-card-value">{count(data?.out_fires)}</span>
          <span className="picture-card-note" />
        </li>
      </ul>
      <p className="figure-as-of">
        {data?.fires_valid_as ? (
          <FormattedMessage
            id="dashboard.picture.asOf"
            values={{ time: formatCentreTime(intl, data.fires_valid_as) }}
          />
        ) : null}
      </p>
    </section>
  );
});
