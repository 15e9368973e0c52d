import type { Locale, WildfiresResponse } from '@ciffc/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api/data-api.ts';

/** A filter's choice of GET /v1/wildfires: its code and its name in the language asked. */
export type CodeName = WildfiresResponse['meta']['filter_agencies'][number];

export interface WildfiresFilters {
  agency?: string | undefined;
  stage?: string | undefined;
  response?: string | undefined;
  /** One of WILDFIRES_SORTS; absent means the default, newest report first. */
  sort?: string | undefined;
  /** Part of an agency fire id. */
  q?: string | undefined;
  /** `all`: every fire kept; absent: the current picture's season (docs/glossary.md). */
  season?: string | undefined;
}

export const wildfiresQuery = (params: WildfiresFilters & { page: number; lang: Locale }) =>
  queryOptions({
    queryKey: ['wildfires', params],
    queryFn: ({ signal }) =>
      apiGet<WildfiresResponse>('/v1/wildfires', { query: { ...params }, auth: false, signal }),
    placeholderData: keepPreviousData,
  });

/** Every row matching the filters (export=true), for the CSV. */
export function fetchAllWildfires(filters: WildfiresFilters): Promise<WildfiresResponse> {
  return apiGet<WildfiresResponse>('/v1/wildfires', { query: { ...filters, export: true }, auth: false });
}
