import { CENTRE_TIME_ZONE } from '@ciffc/contracts';
import { PRODUCT_ZONES, utcOffsetLabel } from '@ciffc/contracts/time-zones';
import { type IntlShape, useIntl } from 'react-intl';

/** The parts of a moment of the data ("valid as of", "as of") the centre reads: date and time. */
const CENTRE_TIME_FORMAT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/**
 * A moment as the centre's clock shows it, with its UTC offset ("December 4, 2026 at 4:51 p.m.
 * UTC−5"), whatever the reader's own zone. The clock comes from the zone data shipped with the
 * product, not the browser's, which may predate Manitoba's 2026 change (docs/time-zones.md): the
 * wall clock is computed here and only formatted by Intl, as UTC.
 */
export function formatCentreTime(
  intl: IntlShape,
  at: string | Date,
  options: Intl.DateTimeFormatOptions = CENTRE_TIME_FORMAT,
): string {
  const instant = new Date(at).getTime();
  const offset = PRODUCT_ZONES.offsetAt(CENTRE_TIME_ZONE, instant);
  const wall = intl.formatDate(instant + offset * 60_000, { ...options, timeZone: 'UTC' });
  return `${wall} ${utcOffsetLabel(offset)}`;
}

export function CentreTime({ at }: { at: string | Date }) {
  const intl = useIntl();
  const date = typeof at === 'string' ? new Date(at) : at;
  return <time dateTime={date.toISOString()}>{formatCentreTime(intl, date)}</time>;
}
