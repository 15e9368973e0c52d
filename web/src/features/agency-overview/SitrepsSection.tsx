import { AGENCIES, SITREP_SECTION_COUNT } from '@ciffc/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { TableScroll } from '../../shared/ui/TableScroll.tsx';
import type { AgencyStats, useOverviewData } from './api.ts';
import { HeaderRow } from './HeaderRow.tsx';
import { OverviewSection } from './OverviewSection.tsx';
import { loadState } from './query-state.tsx';
import { StateBadge } from './StateBadge.tsx';
import type { StateView } from './states.ts';
import { versionLabel as version } from './version-label.ts';

/** Every agency's report (national centre only): a link to its draft, approved and published copies, sections filled. */
export function SitrepsSection({
  agency,
  byCode,
  viewOf,
}: {
  agency: ReturnType<typeof useOverviewData>['agency'];
  byCode: Map<string, AgencyStats>;
  viewOf: (code: string) => StateView;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  return (
    <OverviewSection id="sitreps" titleId="agencyOverview.sitreps.heading">
      {loadState(agency) ?? (
        <TableScroll label={intl.formatMessage({ id: 'agencyOverview.sitreps.heading' })}>
          <table className="overview-table">
            <HeaderRow
              ids={[
                'agencyOverview.col.agency',
                'agencyOverview.sitreps.draft',
                'agencyOverview.sitreps.approved',
                'agencyOverview.sitreps.published',
                'agencyOverview.sitreps.sections',
              ]}
            />
            <tbody>
              {AGENCIES.map((a) => {
                const s = byCode.get(a.code);
                const sections = s?.sections_with_data ?? 0;
                return (
                  <tr key={a.code} data-agency={a.code}>
                    <th scope="row">{a.name[locale]}</th>
                    <td>
                      <Link to={`/agency/sitrep/${a.code}`}>
                        <StateBadge view={viewOf(a.code)} />
                        <span className="visually-hidden">
                          {' '}
                          <FormattedMessage
                            id="agencyOverview.sitreps.openDraft"
                            values={{ agency: a.name[locale] }}
                          />
                        </span>
                      </Link>{' '}
                      <span className="version-tag">v{version(s?.version_number)}</span>
                    </td>
                    <td>
                      {s?.approved_version ? (
                        <Link to={`/agency/sitrep/${a.code}/approved`}>
                          <FormattedMessage
                            id="agencyOverview.sitreps.version"
                            values={{ v: s.approved_version }}
                          />
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>
                      {s?.published_version ? (
                        <Link to={`/agency/sitrep/${a.code}/published`}>
                          <FormattedMessage
                            id="agencyOverview.sitreps.version"
                            values={{ v: s.published_version }}
                          />
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className="num">
                      {sections} / {s?.section_count ?? SITREP_SECTION_COUNT}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </OverviewSection>
  );
}
