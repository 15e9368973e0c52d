import { hasRole } from '@ciffc/contracts';
import type { ReactNode } from 'react';
import { useIdentity } from './hooks.ts';

/** Shows its children only to a user with the role (compared case-insensitively), else `fallback`. */
export function RequireRole({
  role,
  children,
  fallback = null,
}: {
  role: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return <>{hasRole(useIdentity(), role) ? children : fallback}</>;
}
