import type {
  DutyOfficerList,
  NationalClaimResult,
  NationalDraftResponse,
  NationalSaveResult,
  NationalSitrepDraftBody,
  NationalSitrepFields,
} from '@ciffc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../shared/api/data-api.ts';
import { ApiError } from '../../shared/api/http.ts';
import type { SendInit } from '../../shared/editing/engine.ts';
import { keepaliveJson } from '../../shared/editing/keepalive.ts';

/** GET /v1/sitrep/national (docs/spec/data-entry.md 3.2). */
export type NationalDraft = NationalDraftResponse;

/** Always fresh: another user may have edited or published since. */
export const nationalDraftQuery = () =>
  queryOptions({
    queryKey: ['national-sitrep', 'draft'],
    queryFn: ({ signal }) => apiGet<NationalDraft>('/v1/sitrep/national', { signal }),
    staleTime: 0,
    gcTime: 0,
  });

export const dutyOfficersQuery = () =>
  queryOptions({
    queryKey: ['duty-officers'],
    queryFn: ({ signal }) => apiGet<DutyOfficerList>('/v1/duty-officers', { signal }),
  });

/** The whole form with its base version and the tab's editing session. */
type Body = NationalSitrepFields & Pick<NationalSitrepDraftBody, 'version_number' | 'edit_session'>;

/**
 * Autosave: the whole form based on `version_number` with the tab's editing session; cancellable
 * or keepalive (page hide). A 400 that kept the draft as a new version is a save (its result).
 */
export async function saveNational(body: Body, init: SendInit = {}): Promise<NationalSaveResult> {
  try {
    if (init.keepalive) return await keepaliveJson<NationalSaveResult>('/v1/sitrep/national', {}, body);
    return await apiRequest<NationalSaveResult>('/v1/sitrep/national', {
      method: 'POST',
      body,
      signal: init.signal,
    });
  } catch (error) {
    const kept =
      error instanceof ApiError ? (error.body as Partial<NationalSaveResult> | undefined) : undefined;
    if (error instanceof ApiError && error.status === 400 && typeof kept?.version_number === 'number')
      return {
        ...(kept as NationalSaveResult),
        validationErrors: error.validationErrors ?? {},
      };
    throw error;
  }
}

export const publishNational = (body: Body) =>
  apiRequest<NationalSaveResult>('/v1/sitrep/national/publish', { method: 'POST', body });

export const claimNational = () =>
  apiRequest<NationalClaimResult>('/v1/sitrep/national/claim', { method: 'POST', body: {} });
export const releaseNational = () =>
  apiRequest<NationalClaimResult>('/v1/sitrep/national/release', { method: 'POST', body: {} });
