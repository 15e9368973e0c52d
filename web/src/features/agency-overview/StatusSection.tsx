import type { Agency } from '@ciffc/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { TableScroll } from '../../shared/ui/TableScroll.tsx';
import type { AgencyStats, useOverviewData } from './api.ts';
import { OverviewSection } from './OverviewSection.tsx';
import { loadState } from './query-state.tsx';
import { StateBadge } from './StateBadge.tsx';
import { StateNotes } from './StateNotes.tsx';
import { type StateView, sameVersion } from './states.ts';
import { VersionArrow } from './VersionArrow.tsx';
import { versionLabel as version } from './version-label.ts';

/** A copy's version, a link to that copy where it exists ("Version 3" to a screen reader). */
function VersionLink({ to, v }: { to: string; v: number | null | undefined }) {
  const intl = useIntl();
  if (!v) return <>{version(v)}</>;
  return (
    <Link to={to} aria-label={intl.formatMessage({ id: 'agencyOverview.sitreps.version' }, { v })}>
      {v}
    </Link>
  );
}

/** The state of each visible agency's report: draft, approved and published versions, and how they compare. */
export function StatusSection({
  agency,
  visibleAgencies,
  byCode,
  viewOf,
}: {
  agency: ReturnType<typeof useOverviewData>['agency'];
  visibleAgencies: readonly Agency[];
  byCode: Map<string, AgencyStats>;
  viewOf: (code: string) => StateView;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  return (
    <OverviewSection id="status" titleId="agencyOverview.status.heading">
      {loadState(agency) ??
        (visibleAgencies.length === 0 ? (
          <p>
            <FormattedMessage id="agencyOverview.noAgency" />
          </p>
        ) : (
          <TableScroll label={intl.formatMessage({ id: 'agencyOverview.status.heading' })}>
            <table className="overview-table">
              <caption className="visually-hidden">
                <FormattedMessage id="agencyOverview.status.caption" />
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="agencyOverview.col.agency" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="agencyOverview.col.status" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="agencyOverview.col.draft" />
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">
                      <FormattedMessage id="agencyOverview.col.draftVsApproved" />
                    </span>
                  </th>
                  <th scope="col">
                    <FormattedMessage id="agencyOverview.col.approved" />
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">
                      <FormattedMessage id="agencyOverview.col.approvedVsPublished" />
                    </span>
                  </th>
                  <th scope="col">
                    <FormattedMessage id="agencyOverview.col.published" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {visibleAgencies.map((a) => {
                  const s = byCode.get(a.code);
                  return (
                    <tr key={a.code} data-agency={a.code}>
                      <th scope="row">
                        <Link to={`/agency/sitrep/${a.code}`}>
                          {a.name[locale]} ({a.code.toUpperCase()})
                        </Link>
                      </th>
                      <td>
                        <StateBadge view={viewOf(a.code)} />
                        <StateNotes stats={s} />
                      </td>
                      <td className="num">{version(s?.version_number)}</td>
                      <td>
                        <VersionArrow
                          what="approved"
                          same={sameVersion(s?.version_number, s?.approved_version)}
                        />
                      </td>
                      <td className="num">
                        <VersionLink to={`/agency/sitrep/${a.code}/approved`} v={s?.approved_version} />
                      </td>
                      <td>
                        <VersionArrow
                          what="published"
                          same={sameVersion(s?.approved_version, s?.published_version)}
                        />
                      </td>
                      <td className="num">
                        <VersionLink to={`/agency/sitrep/${a.code}/published`} v={s?.published_version} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        ))}
    </OverviewSection>
  );
}
