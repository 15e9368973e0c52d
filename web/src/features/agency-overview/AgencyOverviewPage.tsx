import { PageHeader } from '../../shared/ui/PageHeader.tsx';

/** Placeholder until the issue for this screen fills it. */
export function AgencyOverviewPage() {
  return <PageHeader titleId="agencyOverview.title" />;
}
