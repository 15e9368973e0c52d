import { FormattedMessage } from 'react-intl';
import type { AgencyStats } from './api.ts';

/**
 * What the agency must act on, under its state: the Not Approved reason (kept while the report is
 * rejected or being corrected) and a report saved again after its submission.
 */
export function StateNotes({ stats }: { stats: AgencyStats | undefined }) {
  const reason = stats?.rejected_reason;
  const showReason = !!reason && (stats?.status === 'R' || stats?.status === 'E');
  if (!showReason && !stats?.changed_since_submitted) return null;
  return (
    <>
      {showReason ? (
        <p className="state-note" data-testid="overview-rejected-reason">
          <FormattedMessage id="agencyOverview.rejectedReason" values={{ reason }} />
        </p>
      ) : null}
      {stats?.changed_since_submitted ? (
        <p className="state-note" data-testid="overview-changed-since-submitted">
          <FormattedMessage id="agencyOverview.changedSinceSubmitted" />
        </p>
      ) : null}
    </>
  );
}
