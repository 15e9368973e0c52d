import { agencyOf, isAgencyCode, isNational } from '@ciffc/contracts';
import { Navigate, useParams } from 'react-router';
import { useIdentity } from '../../shared/auth/hooks.ts';
import { AgencyChooser } from './AgencyChooser.tsx';
import type { Variant } from './api.ts';
import { DraftSitrep } from './DraftSitrep.tsx';
import { SitrepCopy } from './SitrepCopy.tsx';
import './agency-sitrep.css';

/**
 * /agency/sitrep: an agency user goes to its own sitrep; the national centre picks an agency.
 * /agency/sitrep/{agencyParam}: the draft; an agency code that is not known, or another agency's
 * code for an agency user, goes to /agency (docs/spec/data-entry.md section 2).
 */
export function AgencySitrepPage({ variant = 'draft' }: { variant?: Variant }) {
  const { agencyParam } = useParams();
  const identity = useIdentity();
  const national = isNational(identity);
  const own = agencyOf(identity);
  if (!agencyParam) {
    if (own) return <Navigate to={`/agency/sitrep/${own}`} replace />;
    if (national) return <AgencyChooser />;
    return <Navigate to="/agency" replace />;
  }
  const agency = agencyParam.toLowerCase();
  if (!isAgencyCode(agency) || (!national && own !== agency)) return <Navigate to="/agency" replace />;
  return variant === 'draft' ? (
    <DraftSitrep key={agency} agency={agency} />
  ) : (
    <SitrepCopy key={`${agency}-${variant}`} agency={agency} variant={variant} />
  );
}

/** /agency/sitrep/{agencyParam}/approved: the approved copy, read-only (a route of its own in the router). */
export function ApprovedSitrepPage() {
  return <AgencySitrepPage variant="approved" />;
}

/** /agency/sitrep/{agencyParam}/published: the published copy, read-only. */
export function PublishedSitrepPage() {
  return <AgencySitrepPage variant="published" />;
}
