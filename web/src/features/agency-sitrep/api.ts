import type {
  AgencySitrepData,
  AgencySitrepResponse,
  AgencySitrepStatsItem,
  SitrepStatusFields,
} from '@ciffc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../shared/api/dataApi.ts';

export type Variant = 'draft' | 'approved' | 'published';

const PATHS: Record<Variant, string> = {
  draft: '/v1/sitrep/agency',
  approved: '/v1/sitrep/agency/approved',
  published: '/v1/sitrep/agency/published',
};

/** The sitrep is live data: never served from the 900 s cache. */
export const sitrepQuery = (agency: string, variant: Variant) =>
  queryOptions({
    queryKey: ['agency-sitrep', { agency, variant }],
    queryFn: ({ signal }) => apiGet<AgencySitrepResponse>(PATHS[variant], { query: { agency }, signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export const sitrepStatsQuery = () =>
  queryOptions({
    queryKey: ['agency-sitrep-stats'],
    queryFn: ({ signal }) =>
      apiGet<{ items: AgencySitrepStatsItem[] }>('/v1/sitrep/stats/agency', { signal }),
    staleTime: 0,
  });

export const claimSitrep = (agency: string) =>
  apiRequest<SitrepStatusFields>('/v1/sitrep/agency/claim', { method: 'POST', query: { agency }, body: {} });

export const releaseSitrep = (agency: string) =>
  apiRequest<SitrepStatusFields>('/v1/sitrep/agency/release', {
    method: 'POST',
    query: { agency },
    body: {},
  });

/** The whole form, based on `version_number`; cancellable (a newer sync aborts it). */
export const saveSitrep = (
  agency: string,
  form: AgencySitrepData,
  version_number: number,
  signal: AbortSignal,
) =>
  apiRequest<SitrepStatusFields>('/v1/sitrep/agency', {
    method: 'POST',
    query: { agency },
    body: { ...form, version_number },
    signal,
  });

export const transitionSitrep = (action: 'submit' | 'approve' | 'reject', agency: string) =>
  apiRequest<SitrepStatusFields>(`/v1/sitrep/agency/${action}`, { method: 'POST', body: { agency } });
