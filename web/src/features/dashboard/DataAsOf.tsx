import { agencyByCode, CENTRE_TIME_ZONE, type DashboardFreshness } from '@ciffc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { apiGet } from '../../shared/api/data-api.ts';
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
 * today's situation. A secondary note: while loading or when the call fails it shows nothing rather
 * than an error box above the figures (the figures themselves still load).
 */
export function DataAsOf() {
  const intl = useIntl();
  const { locale } = useLocale();
  const { data } = useQuery(freshnessQuery());
  if (!data?.items.length) return null;
  const time = (iso: string) =>
    intl.formatDate(new Date(iso), {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone: CENTRE_TIME_ZONE,
    });
  return (
    <section className="dashboard-panel dashboard-as-of" aria-labelledby="dashboard-as-of-heading">
      <h2 id="dashboard-as-of-heading">
        <FormattedMessage id="dashboard.asOf.heading" />
      </h2>
      <ul>
        {data.items.map((item) => (
          <li key={item.agency_code}>
            <FormattedMessage
              id={item.feed_failing ? 'dashboard.asOf.failing' : 'dashboard.asOf.item'}
              values={{
                agency:
                  agencyByCode(item.agency_code)?.name[locale === 'fr' ? 'fr' : 'en'] ??
                  item.agency_code.toUpperCase(),
                time: <time dateTime={item.as_of}>{time(item.as_of)}</time>,
              }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
