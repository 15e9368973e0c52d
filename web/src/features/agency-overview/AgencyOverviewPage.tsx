import { AGENCIES, type Agency, agencyOf, isNational, SITREP_SECTION_COUNT } from '@ciffc/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useIdentity } from '../../shared/auth/hooks.ts';
import { useFormat } from '../../shared/format/useFormat.ts';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { TableScroll } from '../../shared/ui/TableScroll.tsx';
import { type AgencyStats, useOverviewData } from './api.ts';
import {
  agencyState,
  type DisplayState,
  nationalState,
  STATE_COLOUR,
  STATE_MESSAGE,
  type StateView,
  sameVersion,
} from './states.ts';
import './overview.css';

// d3-geo, topojson-client and the base map load only when the map is shown.
const ApprovalMap = lazy(() => import('./ApprovalMap.tsx'));

const LEGEND_STATES: DisplayState[] = ['NOTSTARTED', 'N', 'E', 'S', 'R', 'A'];

function LockIcon() {
  return (
    <svg
      className="lock-icon"
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 7V5a4 4 0 0 1 8 0v2h1v8H3V7zm2 0h4V5a2 2 0 0 0-4 0z" fill="currentColor" />
    </svg>
  );
}

export function StateBadge({ view }: { view: StateView }) {
  const intl = useIntl();
  // "by you"/"by agency" and the lock only for a claim: a draft saved as E but not claimed has
  // neither (issue 14: an unclaimed report read "Being Edited by agency" with a lock).
  const suffix =
    view.state === 'E' && view.byYou !== undefined
      ? intl.formatMessage({
          id: view.byYou ? 'agencyOverview.state.byYou' : 'agencyOverview.state.byAgency',
        })
      : '';
  return (
    <span className={`state-badge state-${view.state.toLowerCase()}`}>
      <span className="state-swatch" style={{ background: STATE_COLOUR[view.state] }} aria-hidden="true" />
      <FormattedMessage id={STATE_MESSAGE[view.state]} />
      {suffix ? (
        <>
          {' '}
          {suffix}
          {!view.byYou ? <LockIcon /> : null}
        </>
      ) : null}
    </span>
  );
}

/** → when the two copies match, a slashed arrow when they differ; the words are there for everyone. */
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

function VersionArrow({ same, what }: { same: boolean; what: 'approved' | 'published' }) {
  const intl = useIntl();
  const text = intl.formatMessage({
    id: same ? `agencyOverview.arrow.${what}.same` : `agencyOverview.arrow.${what}.differs`,
  });
  return (
    <span className={`version-arrow ${same ? 'version-arrow-same' : 'version-arrow-differs'}`} title={text}>
      <svg viewBox="0 0 24 16" width="24" height="16" aria-hidden="true" focusable="false">
        <path d="M2 8h17M14 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" />
        {same ? null : <path d="M7 15L15 1" stroke="currentColor" strokeWidth="2" />}
      </svg>
      <span className="visually-hidden">{text}</span>
    </span>
  );
}

const version = (v: number | null | undefined) => (typeof v === 'number' && v > 0 ? v : '—');

function FreshnessNote({ failedAt }: { failedAt: number | null }) {
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

/** A section of the overview: its heading names it for screen readers (aria-labelledby). */
function OverviewSection({ id, titleId, children }: { id: string; titleId: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`overview-${id}-heading`} className="overview-section">
      <h2 id={`overview-${id}-heading`}>
        <FormattedMessage id={titleId} />
      </h2>
      {children}
    </section>
  );
}

function HeaderRow({ ids }: { ids: string[] }) {
  return (
    <thead>
      <tr>
        {ids.map((id) => (
          <th key={id} scope="col">
            <FormattedMessage id={id} />
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** Loading while pending; the error box only when there is nothing to show (a failed refresh keeps the data). */
function loadState(q: { isPending: boolean; isError: boolean; data?: unknown }): ReactNode | null {
  if (q.isPending) return <Loading />;
  if (q.isError && !q.data) return <ErrorBox />;
  return null;
}

/** The time of the last failed refresh, when it came after the last good one (the data-fresh flag). */
function staleSince(q: { errorUpdatedAt: number; dataUpdatedAt: number; isError: boolean }): number | null {
  return q.isError && q.errorUpdatedAt >= q.dataUpdatedAt ? q.errorUpdatedAt : null;
}

export function AgencyOverviewPage() {
  const identity = useIdentity();
  const national = isNational(identity);
  const ownAgency = agencyOf(identity);
  const { wildfires, agency, national: nationalStats } = useOverviewData(national);
  const { locale } = useLocale();
  const format = useFormat();
  const intl = useIntl();

  // What this user may see of the sitrep states: every agency for the centre, the own one otherwise.
  const visibleAgencies: readonly Agency[] = national
    ? AGENCIES
    : AGENCIES.filter((a) => a.code === ownAgency);
  const byCode = new Map<string, AgencyStats>((agency.data ?? []).map((i) => [i.agency.toLowerCase(), i]));
  const viewOf = (code: string) => agencyState(byCode.get(code), identity?.id);
  const mapStates = Object.fromEntries(visibleAgencies.map((a) => [a.code, viewOf(a.code)]));

  const stale = [staleSince(agency), national ? staleSince(nationalStats) : null].filter(
    (t): t is number => !!t,
  );
  const failedAt = agency.data || nationalStats.data ? (stale.length ? Math.max(...stale) : null) : null;

  return (
    <div className="agency-overview">
      <PageHeader titleId="agencyOverview.title" />
      <FreshnessNote failedAt={failedAt} />

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
                          {a.name[locale]} ({a.code.toUpperCase()})
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
                        <td className="num">{version(s?.approved_version)}</td>
                        <td>
                          <VersionArrow
                            what="published"
                            same={sameVersion(s?.approved_version, s?.published_version)}
                          />
                        </td>
                        <td className="num">{version(s?.published_version)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableScroll>
          ))}
      </OverviewSection>

      <OverviewSection id="map" titleId="agencyOverview.map.title">
        <p className="overview-note">
          <FormattedMessage
            id={national ? 'agencyOverview.map.hintNational' : 'agencyOverview.map.hintAgency'}
          />
        </p>
        <div className="approval-map-wrap">
          <Suspense fallback={<Loading />}>
            <ApprovalMap states={mapStates} clickable={national} />
          </Suspense>
          <ul
            className="approval-legend"
            aria-label={intl.formatMessage({ id: 'agencyOverview.map.legend' })}
          >
            {LEGEND_STATES.map((s) => (
              <li key={s}>
                <span className="state-swatch" style={{ background: STATE_COLOUR[s] }} aria-hidden="true" />
                <FormattedMessage id={STATE_MESSAGE[s]} />
              </li>
            ))}
            <li>
              <span className="state-swatch state-swatch-none" aria-hidden="true" />
              <FormattedMessage id="agencyOverview.map.notReporting" /> (NU)
            </li>
          </ul>
        </div>
      </OverviewSection>

      <OverviewSection id="fires" titleId="agencyOverview.fires.heading">
        {loadState(wildfires) ?? (
          <TableScroll label={intl.formatMessage({ id: 'agencyOverview.fires.heading' })}>
            <table className="overview-table">
              <HeaderRow
                ids={['agencyOverview.col.agency', 'agencyOverview.fires.ytd', 'agencyOverview.fires.today']}
              />
              <tbody>
                {AGENCIES.map((a) => {
                  const row = wildfires.data?.items.find((i) => i.agency_code.toLowerCase() === a.code);
                  return (
                    <tr key={a.code}>
                      <th scope="row">{a.name[locale]}</th>
                      <td className="num">{format.integer(row?.ytd_fires ?? 0)}</td>
                      <td className="num">{format.integer(row?.fires_today ?? 0)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        )}
      </OverviewSection>

      {national ? (
        <>
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
                          <StateBadge view={nationalState(nationalStats.data, identity?.id)} />
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
        </>
      ) : null}
    </div>
  );
}
