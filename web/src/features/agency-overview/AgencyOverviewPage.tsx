import { AGENCIES, type Agency, agencyOf, isNational } from '@ciffc/contracts';
import { useIdentity } from '../../shared/auth/hooks.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { ApprovalMapSection } from './ApprovalMapSection.tsx';
import { type AgencyStats, useOverviewData } from './api.ts';
import { FiresSection } from './FiresSection.tsx';
import { FreshnessNote } from './FreshnessNote.tsx';
import { NationalReportSection } from './NationalReportSection.tsx';
import { staleSince } from './query-state.tsx';
import { SitrepsSection } from './SitrepsSection.tsx';
import { StatusSection } from './StatusSection.tsx';
import { agencyState } from './states.ts';
import './overview.css';

/**
 * /agency: the states of the reports (the own agency's, or every agency's for the national centre),
 * the map of them, the fires, and for the centre the national report and every agency's copies.
 */
export function AgencyOverviewPage() {
  const identity = useIdentity();
  const national = isNational(identity);
  const ownAgency = agencyOf(identity);
  const { wildfires, agency, national: nationalStats } = useOverviewData(national);

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
      <StatusSection agency={agency} visibleAgencies={visibleAgencies} byCode={byCode} viewOf={viewOf} />
      <ApprovalMapSection mapStates={mapStates} national={national} />
      <FiresSection wildfires={wildfires} />
      {national ? (
        <>
          <NationalReportSection nationalStats={nationalStats} myId={identity?.id} />
          <SitrepsSection agency={agency} byCode={byCode} viewOf={viewOf} />
        </>
      ) : null}
    </div>
  );
}
