import { FormattedMessage, useIntl } from 'react-intl';

/** The data-fresh flag: shown while the last refresh failed, with its time. */
export function FreshnessNote({ failedAt }: { failedAt: number | null }) {
  const intl = useIntl();
  if (!failedAt) return null;
  return (
    <p className="alert alert-warning overview-stale" role="status">
      <FormattedMessage
        id="agencyOverview.stale"
        values={{
          time: intl.formatTime(failedAt, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
        }}
      />
    </p>
  );
}
