import type { FirePerimeters } from '@ciffc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './data-api.ts';
import { ApiError } from './http.ts';

/**
 * A fire's perimeter captures, oldest first; null when none has been mapped (the API's 404). Read
 * by the national list's fire details and the map's perimeter popup, so both share one cache entry.
 */
export const firePerimetersQuery = (agency: string, fireId: string) =>
  queryOptions({
    queryKey: ['fire-perimeters', { agency, fireId }],
    queryFn: async ({ signal }): Promise<FirePerimeters | null> => {
      const path = `/v1/perimeters/fires/${encodeURIComponent(agency)}/${encodeURIComponent(fireId)}`;
      try {
        return await apiGet<FirePerimeters>(path, { auth: false, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
