import { type FeatureAlias, isFeaturePublished } from '@ciffc/contracts';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useFeatureAliases } from '../shared/api/content.ts';

/**
 * Feature gating (docs/spec/public-site.md section 2): allowed while the published alias list loads;
 * once loaded, an unpublished alias goes to /404.
 */
export function FeatureRoute({ alias, children }: { alias: FeatureAlias; children?: ReactNode }) {
  const published = useFeatureAliases();
  if (!isFeaturePublished(alias, published)) return <Navigate to="/404" replace />;
  return <>{children ?? <Outlet />}</>;
}
