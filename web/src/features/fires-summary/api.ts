import type { FireCountResponse, SummaryResponse } from '@ciffc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api/data-api.ts';

export const summaryQuery = () =>
  queryOptions({
    queryKey: ['summary'],
    queryFn: ({ signal }) => apiGet<SummaryResponse>('/v1/summary', { auth: false, signal }),
  });

/**
 * New fires per agency and cause; `date` is tomorrow (YYYY-MM-DD), as the specification says. A
 * failure is only logged (error catalogue): the section then shows no new fires.
 */
export const fireCountQuery = (date: string) =>
  queryOptions({
    queryKey: ['fire-count', { date }],
    queryFn: async ({ signal }): Promise<FireCountResponse | null> => {
      try {
        return await apiGet<FireCountResponse>('/v1/fire-count', { query: { date }, auth: false, signal });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        console.error('fire-count', error);
        return null;
      }
    },
  });
