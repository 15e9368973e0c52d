import type { ReactNode } from 'react';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';

/** Loading while pending; the error box only when there is nothing to show (a failed refresh keeps the data). */
export function loadState(q: { isPending: boolean; isError: boolean; data?: unknown }): ReactNode | null {
  if (q.isPending) return <Loading />;
  if (q.isError && !q.data) return <ErrorBox />;
  return null;
}

/** The time of the last failed refresh, when it came after the last good one (the data-fresh flag). */
export function staleSince(q: {
  errorUpdatedAt: number;
  dataUpdatedAt: number;
  isError: boolean;
}): number | null {
  return q.isError && q.errorUpdatedAt >= q.dataUpdatedAt ? q.errorUpdatedAt : null;
}
