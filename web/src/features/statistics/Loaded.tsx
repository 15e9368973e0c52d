import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue } from 'react';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';

/**
 * One chart's data: a loading indicator while pending, the catalogue's error box on failure. The
 * pending figure has the loaded one's frame (heading row, the chart's reserved height, the table's
 * line), so that the charts below do not move when it draws (layout shift).
 */
export function Loaded<T>({
  query,
  title,
  children,
}: {
  query: UseQueryResult<T>;
  title: string;
  children: (data: T) => ReactNode;
}) {
  // The chart is drawn from a deferred copy of the answer: React Query's answers render at once and
  // in one piece (six answers, six renders of the page), a deferred one in slices (phone TBT).
  const data = useDeferredValue(query.data);
  if (query.isPending || query.isError || data === undefined) {
    return (
      <section className="chart-figure" aria-label={title}>
        <div className="chart-figure-head">
          <h2>{title}</h2>
        </div>
        <div className="chart-figure-chart chart-figure-pending">
          {query.isError ? <ErrorBox /> : <Loading />}
        </div>
        <p className="chart-figure-table-pending" aria-hidden="true" />
      </section>
    );
  }
  return <>{children(data)}</>;
}
