import {
  AGENCIES,
  RESPONSE_TYPES,
  STAGES_OF_CONTROL,
  WILDFIRES_SEARCH_MAX,
  WILDFIRES_SEASONS,
  WILDFIRES_SORTS,
} from '@ciffc/contracts';
import type { WildfiresFilters } from './api.ts';

/** The list's filters, order and search as they appear in the address. */
export const FILTER_KEYS = ['agency', 'stage', 'response', 'sort', 'q', 'season'] as const;

/** The characters WildfiresQuery accepts in `q` (checked here too: zod stays out of read-only pages). */
const SEARCH_PATTERN = /^[\p{L}\p{N} ._\-/#]*$/u;

export function readSearch(value: string | null): string | undefined {
  const q = value?.trim().toUpperCase();
  return q && q.length <= WILDFIRES_SEARCH_MAX && SEARCH_PATTERN.test(q) ? q : undefined;
}

/** Filters, order, search and page from the URL, so a view can be shared; unusable values are ignored. */
export function readParams(params: URLSearchParams): WildfiresFilters & { page: number } {
  const agency = params.get('agency')?.toLowerCase();
  const stage = params.get('stage')?.toUpperCase();
  const response = params.get('response')?.toUpperCase();
  const sort = params.get('sort') ?? undefined;
  // The default season (the current one) has no URL value.
  const season = params.get('season')?.toLowerCase();
  const page = Number(params.get('page'));
  return {
    agency: AGENCIES.some((a) => a.code === agency) ? agency : undefined,
    stage: (STAGES_OF_CONTROL as readonly string[]).includes(stage ?? '') ? stage : undefined,
    response: (RESPONSE_TYPES as readonly string[]).includes(response ?? '') ? response : undefined,
    sort: (WILDFIRES_SORTS as readonly string[]).includes(sort ?? '') ? sort : undefined,
    q: readSearch(params.get('q')),
    season:
      season !== WILDFIRES_SEASONS[0] && (WILDFIRES_SEASONS as readonly string[]).includes(season ?? '')
        ? season
        : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}
