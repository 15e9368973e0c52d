import type { FeedInput, FeedList, FeedRun, FeedStatus } from '@ciffc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../shared/api/data-api.ts';

export const feedsQuery = () =>
  queryOptions({
    queryKey: ['fire-feeds'],
    queryFn: ({ signal }) => apiGet<FeedList>('/v1/feeds', { signal }),
    staleTime: 0,
  });

export const saveFeed = (agency: string, body: Required<FeedInput>) =>
  apiRequest<FeedStatus>(`/v1/feeds/${agency}`, { method: 'PUT', body });

export const runFeed = (agency: string) => apiRequest<FeedRun>(`/v1/feeds/${agency}/run`, { method: 'POST' });
