import { AGENCIES, agencyByCode, type DashboardFreshness } from '@ciffc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { memo, useDeferredValue } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { apiGet } from '../../shared/api/data-api.ts';
import { formatCentreTime } from '../../shared/format/CentreTime.tsx';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';

const freshnessQuery = () =>
  queryOptions({
    queryKey: ['dashboard-freshness'],
    queryFn: ({ signal }) =>
      // GET /v1/dashboard/freshness: per agency, the latest import or feed run of its fire data.
      apiGet<DashboardFreshness>('/v1/dashboard/freshness', { auth: false, signal }),
  });

/**
 * "As of": how old each agency's fire data is, so that a reader does not take a day-old file for
 * today's situation. Every reporting agency is listed, one that sent nothing included, so that
 * silence is not read as "no fires". A secondary note: while loading or when the call fails it shows nothing rather
 * than an error box above the figures (the figures themselves still load).
 */
export function DataAsOf() {
  const { data } = useQuery(freshnessQuery());
  // Drawn from a deferred copy, in slices (see DashboardPage).
  return <AgencyTimes data={useDeferredValue(data)} />;
}

const AgencyTimes = memo(function AgencyTimes({ data }: { data: DashboardFreshness | undefined }) {
  const intl = useIntl();
  const { locale } = useLocale();
  if (!data?.items.length) return null;
  const byCode = new Map(data.items.map((item) => [item.agency_code, item]));
  const known = new Set<string>(AGENCIES.map((a) => a.code));
  const rows = [
    ...AGENCIES.map((a) => ({ code: a.code as string, item: byCode.get(a.code) })),
    ...data.items
      .filter((item) => !known.has(item.agency_code))
      .map((item) => ({ code: item.agency_code, item })),
  ];
  const time = (iso: string) => formatCentreTime(intl, iso);
  return (
    <section className="dashboard-panel dashboard-as-of" aria-labelledby="dashboard-as-of-heading">
      <h2 id="dashboard-as-of-heading">
        <FormattedMessage id="dashboard.asOf.heading" />
      </h2>
      <ul>
        {rows.map(({ code, item }) => {
          const agency = agencyByCode(code)?.name[locale === 'fr' ? 'fr' : 'en'] ?? code.toUpperCase();
          const id = !item
            ? 'dashboard.asOf.none'
            : item.feed_failing
              ? 'dashboard.asOf.failing'
              : 'dashboard.asOf.item';
          return (
            <li key={code}>
              <FormattedMessage
                id={id}
                values={{ agency, time: item ? <time dateTime={item.as_of}>{time(item.as_of)}</time> : '' }}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
});
