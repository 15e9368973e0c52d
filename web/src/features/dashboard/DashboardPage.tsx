import { PageHeader } from '../../shared/ui/PageHeader.tsx';

/** Placeholder until the issue for this screen fills it. */
export function DashboardPage({ embedded = false }: { embedded?: boolean }) {
  // /map renders this page without the top bar (embedded mode).
  return (
    <div className={embedded ? 'dashboard dashboard-embedded' : 'dashboard'}>
      <PageHeader titleId="dashboard.title" />
    </div>
  );
}

/** /map: the same dashboard, embedded. */
export function EmbeddedDashboardPage() {
  return <DashboardPage embedded />;
}
