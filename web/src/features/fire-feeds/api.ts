import type { FeedInput, FeedList, FeedRun, FeedStatus } from '@ciffc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../shared/api/data-api.ts';

/** The two kinds of agency feed: fire files at /v1/feeds, perimeter files at /v1/perimeters/feeds. */
export type FeedKind = 'fires' | 'perimeters';

const BASE: Record<FeedKind, string> = { fires: '/v1/feeds', perimeters: '/v1/perimeters/feeds' };

export const feedsQueryKey = (kind: FeedKind) => [kind === 'fires' ? 'fire-feeds' : 'perimeter-feeds'];

export const feedsQuery = (kind: FeedKind) =>
  queryOptions({
    queryKey: feedsQueryKey(kind),
    queryFn: ({ signal }) => apiGet<FeedList>(BASE[kind], { signal }),
    staleTime: 0,
  });

export const saveFeed = (agency: string, body: Required<FeedInput>, kind: FeedKind) =>
  apiRequest<FeedStatus>(`${BASE[kind]}/${agency}`, { method: 'PUT', body });

export const removeFeed = (agency: string, kind: FeedKind) =>
  apiRequest<void>(`${BASE[kind]}/${agency}`, { method: 'DELETE' });

export const runFeed = (agency: string, kind: FeedKind) =>
  apiRequest<FeedRun>(`${BASE[kind]}/${agency}/run`, { method: 'POST' });
