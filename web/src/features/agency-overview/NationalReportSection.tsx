import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { TableScroll } from '../../shared/ui/TableScroll.tsx';
import type { useOverviewData } from './api.ts';
import { HeaderRow } from './HeaderRow.tsx';
import { OverviewSection } from './OverviewSection.tsx';
import { loadState } from './query-state.tsx';
import { StateBadge } from './StateBadge.tsx';
import { nationalState } from './states.ts';
import { versionLabel as version } from './version-label.ts';

/** The national report (national centre only): its version, who holds its claim, published or not. */
export function NationalReportSection({
  nationalStats,
  myId,
}: {
  nationalStats: ReturnType<typeof useOverviewData>['national'];
  myId: number | undefined;
}) {
  const intl = useIntl();
  return (
    <OverviewSection id="national" titleId="agencyOverview.national.heading">
      {loadState(nationalStats) ?? (
        <TableScroll label={intl.formatMessage({ id: 'agencyOverview.national.heading' })}>
          <table className="overview-table">
            <HeaderRow
              ids={[
                'agencyOverview.national.report',
                'agencyOverview.col.draft',
                'agencyOverview.national.claimed',
                'agencyOverview.col.status',
              ]}
            />
            <tbody>
              <tr>
                <th scope="row">
                  <Link to="/agency/national">
                    <FormattedMessage id="agencyOverview.national.link" />
                  </Link>
                </th>
                <td className="num">
                  {version(nationalStats.data?.version_number ?? nationalStats.data?.version)}
                </td>
                <td>
                  {nationalStats.data?.claimed_by ? (
                    <StateBadge view={nationalState(nationalStats.data, myId)} />
                  ) : (
                    <FormattedMessage id="agencyOverview.national.notClaimed" />
                  )}
                </td>
                <td>
                  <StateBadge
                    view={{ state: nationalStats.data?.is_published ? 'PUBLISHED' : 'UNPUBLISHED' }}
                  />
                </td>
              </tr>
            </tbody>
          </table>
        </TableScroll>
      )}
    </OverviewSection>
  );
}
