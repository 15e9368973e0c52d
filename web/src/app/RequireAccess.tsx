import { type ScreenRule, screenAccess } from '@ciffc/contracts';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useIdentity } from '../shared/auth/hooks.ts';

/**
 * Access guard of docs/spec/data-entry.md section 2: anonymous → /login, a role or agency that does not
 * qualify → /agency. A signed-in user with no usable role on /agency itself sees a notice instead
 * of a redirect loop.
 */
export function RequireAccess({ rule, children }: { rule: ScreenRule; children?: ReactNode }) {
  const identity = useIdentity();
  const location = useLocation();
  const access = screenAccess(rule, identity);
  if (access === 'allow') return <>{children ?? <Outlet />}</>;
  if (access === location.pathname.replace(/\/+$/, '')) {
    return (
      <p className="alert alert-warning" role="alert">
        <FormattedMessage id="common.noAccess" />
      </p>
    );
  }
  return <Navigate to={access} replace />;
}
