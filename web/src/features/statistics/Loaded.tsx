import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';

/** One chart's data: a loading indicator while pending, the catalogue's error box on failure. */
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
        <h2>{title}</h2>
        {query.isError ? <ErrorBox /> : <Loading />}
      </section>
    );
  }
  return <>{children(query.data)}</>;
}
