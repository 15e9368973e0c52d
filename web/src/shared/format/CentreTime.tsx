import { CENTRE_TIME_ZONE } from '@ciffc/contracts';
import { useIntl } from 'react-intl';

/**
 * A moment of the data ("valid as of", "as of") as the centre reads it: date, time and zone, in the
 * centre's zone, whatever the reader's own.
 */
export const CENTRE_TIME_FORMAT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
  timeZone: CENTRE_TIME_ZONE,
};

export function CentreTime({ at }: { at: string | Date }) {
  const intl = useIntl();
  const date = typeof at === 'string' ? new Date(at) : at;
  return <time dateTime={date.toISOString()}>{intl.formatDate(date, CENTRE_TIME_FORMAT)}</time>;
}
