import { useParams } from 'react-router';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';

/** Placeholder until the issue for this screen fills it. */
export function AgencySitrepPage({ variant = 'draft' }: { variant?: 'draft' | 'approved' | 'published' }) {
  // agencyParam is absent on /agency/sitrep (the entry screen).
  const { agencyParam } = useParams();
  return (
    <div className="agency-sitrep" data-variant={variant} data-agency={agencyParam ?? ''}>
      <PageHeader titleId="agencySitrep.title" />
    </div>
  );
}

/** /agency/sitrep/{agencyParam}/approved: the approved copy, read-only. */
export function ApprovedSitrepPage() {
  return <AgencySitrepPage variant="approved" />;
}

/** /agency/sitrep/{agencyParam}/published: the published copy, read-only. */
export function PublishedSitrepPage() {
  return <AgencySitrepPage variant="published" />;
}
