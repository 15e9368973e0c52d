import { useIntl } from 'react-intl';

/**
 * A day (YYYY-MM-DD) written out in the page's language ("Friday, November 27, 2026", « vendredi
 * 27 novembre 2026 »). Read at noon UTC and shown in UTC: the day never shifts with the zone.
 */
export function LongDay({ day }: { day: string }) {
  const intl = useIntl();
  return (
    <time dateTime={day}>{intl.formatDate(`${day}T12:00:00Z`, { dateStyle: 'full', timeZone: 'UTC' })}</time>
  );
}
