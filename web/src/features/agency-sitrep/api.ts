import type { AgencySitrepData, AgencySitrepResponse, SitrepStatusFields } from '@ciffc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../shared/api/data-api.ts';
import { ApiError } from '../../shared/api/http.ts';
import type { SendInit } from '../../shared/editing/engine.ts';
import { keepaliveJson } from '../../shared/editing/keepalive.ts';

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

export const claimSitrep = (agency: string) =>
  apiRequest<SitrepStatusFields>('/v1/sitrep/agency/claim', { method: 'POST', query: { agency }, body: {} });

export const releaseSitrep = (agency: string) =>
  apiRequest<SitrepStatusFields>('/v1/sitrep/agency/release', {
    method: 'POST',
    query: { agency },
    body: {},
  });

/**
 * The whole form, based on `version_number`, with the tab's editing session; cancellable (a newer
 * send aborts it) or keepalive (page hide). A 400 that kept the draft as a new version (validation
 * errors) is a save: its status fields are the answer.
 */
export async function saveSitrep(
  agency: string,
  form: AgencySitrepData,
  version_number: number,
  edit_session: string,
  init: SendInit,
): Promise<SitrepStatusFields> {
  const body = { ...form, version_number, edit_session };
  try {
    if (init.keepalive) return await keepaliveJson<SitrepStatusFields>('/v1/sitrep/agency', { agency }, body);
    return await apiRequest<SitrepStatusFields>('/v1/sitrep/agency', {
      method: 'POST',
      query: { agency },
      body,
      signal: init.signal,
    });
  } catch (error) {
    const kept =
      error instanceof ApiError ? (error.body as Partial<SitrepStatusFields> | undefined) : undefined;
    if (error instanceof ApiError && error.status === 400 && typeof kept?.version_number === 'number')
      return kept as SitrepStatusFields;
    throw error;
  }
}

/** Submit (the version saved), approve and Not Approved (the version viewed, and a reason). */
export const transitionSitrep = (
  action: 'submit' | 'approve' | 'reject',
  agency: string,
  version_number: number,
  options: { reason?: string | undefined; confirm_unsubmitted?: boolean } = {},
) =>
  apiRequest<SitrepStatusFields>(`/v1/sitrep/agency/${action}`, {
    method: 'POST',
    body: {
      agency,
      version_number,
      ...(options.reason ? { reason: options.reason } : {}),
      ...(options.confirm_unsubmitted ? { confirm_unsubmitted: true } : {}),
    },
  });
