import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../shared/api/dataApi.ts';

/** A feed as GET /v1/feeds gives it (docs/fires-import.md, "Agency feeds"). */
export interface FeedStatus {
  agency_code: string;
  url: string;
  interval_minutes: number;
  enabled: boolean;
  next_run_at: string;
  last_run_at: string | null;
  last_success_at: string | null;
  last_error_at: string | null;
  last_error: string | null;
  last_outcome: string | null;
  last_total_rows: number | null;
  last_accepted: number | null;
  last_rejected: number | null;
}

export const feedsQuery = () =>
  queryOptions({
    queryKey: ['fire-feeds'],
    queryFn: ({ signal }) => apiGet<{ items: FeedStatus[] }>('/v1/feeds', { signal }),
    staleTime: 0,
  });

export const saveFeed = (agency: string, body: { url: string; interval_minutes: number; enabled: boolean }) =>
  apiRequest<FeedStatus>(`/v1/feeds/${agency}`, { method: 'PUT', body });

export const runFeed = (agency: string) =>
  apiRequest<{ outcome: string; feed: FeedStatus }>(`/v1/feeds/${agency}/run`, { method: 'POST' });
