import type { Locale, NationalFireRow } from '@ciffc/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api/dataApi.ts';

export interface CodeName {
  field_code: string;
  field_name: string;
}
/** GET /v1/wildfires */
export interface WildfiresResponse {
  items: NationalFireRow[];
  meta: {
    page: number | null;
    page_size: number;
    total_pages: number;
    total_results: number;
    filter_agencies: CodeName[];
    filter_stages: CodeName[];
    filter_responses: CodeName[];
  };
}

export interface WildfiresFilters {
  agency?: string | undefined;
  stage?: string | undefined;
  response?: string | undefined;
  /** One of WILDFIRES_SORTS; absent means the default, newest report first. */
  sort?: string | undefined;
  /** Part of an agency fire id. */
  q?: string | undefined;
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
