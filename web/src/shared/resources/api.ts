import { indexResourceOptions, type ResourceIndex, type ResourceOptions } from '@ciffc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiGet } from '../api/data-api.ts';

/**
 * The full catalogue (GET /v1/resource/options, no auth), both languages in every entry; cached
 * for the app's default 900 s. Retired items come with it so old rows still show their names;
 * pickers offer only active ones for a new choice.
 */
const resourceOptionsQuery = () =>
  queryOptions({
    queryKey: ['resource-options'],
    queryFn: ({ signal }) => apiGet<ResourceOptions>('/v1/resource/options', { auth: false, signal }),
  });

export function useResourceOptions() {
  const query = useQuery(resourceOptionsQuery());
  const index = useMemo<ResourceIndex | undefined>(
    () => (query.data ? indexResourceOptions(query.data) : undefined),
    [query.data],
  );
  return { ...query, index };
}
