import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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
  if (query.isPending || query.isError) {
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
  return <>{children(query.data)}</>;
}
