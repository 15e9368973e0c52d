import type { Locale, NearFiresResponse, PlacesResponse } from '@ciffc/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api/data-api.ts';

export type { NearFire, Place } from '@ciffc/contracts';

/** Places are offered from the second letter typed: one letter matches hundreds. */
export const PLACE_SEARCH_MIN = 2;

/** GET /v1/places: communities whose name starts with what was typed. Public: no bearer. */
export const placesQuery = (q: string, lang: Locale) =>
  queryOptions({
    queryKey: ['places', { q, lang }],
    queryFn: ({ signal }) =>
      apiGet<PlacesResponse>('/v1/places', { query: { q, lang }, auth: false, signal }),
    enabled: q.trim().length >= PLACE_SEARCH_MIN,
    // The list stays while the next letter's answer comes, so it does not flicker.
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /v1/fires/near: the active fires nearest the place named in the address. */
export const nearFiresQuery = (near: string, lang: Locale) =>
  queryOptions({
    queryKey: ['fires-near', { near, lang }],
    queryFn: ({ signal }) =>
      apiGet<NearFiresResponse>('/v1/fires/near', { query: { near, lang }, auth: false, signal }),
  });

/** The Atom feed of the same area, in the page's language. */
export const nearFeedAddress = (near: string, lang: Locale) =>
  `/v1/fires/near.atom?near=${encodeURIComponent(near)}${lang === 'fr' ? '&lang=fr' : ''}`;
