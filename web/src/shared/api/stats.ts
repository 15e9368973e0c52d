import type { AgencySitrepStatsList, NationalSitrepStats, WildfireStats } from '@ciffc/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiGet } from './data-api.ts';

/**
 * Query options of the endpoints that several screens read, each under one key, so that an
 * invalidation after submit, approve, reject or publish reaches every screen that shows them
 * (docs/decisions.md, "Shared query options").
 */

/** GET /v1/wildfire/stats: fires per agency this year and today (the dashboard and the overview). */
export const wildfireStatsQuery = () =>
  queryOptions({
    queryKey: ['wildfire-stats'],
    queryFn: ({ signal }) => apiGet<WildfireStats>('/v1/wildfire/stats', { auth: false, signal }),
  });

/** GET /v1/sitrep/stats/agency: each agency's report status (the overview and the agency report). */
export type AgencySitrepStats = AgencySitrepStatsList;

export const fetchAgencySitrepStats = (signal?: AbortSignal) =>
  apiGet<AgencySitrepStats>('/v1/sitrep/stats/agency', { signal });

export const agencySitrepStatsQuery = () =>
  queryOptions({
    queryKey: ['sitrep-stats', 'agency'],
    queryFn: ({ signal }) => fetchAgencySitrepStats(signal),
    staleTime: 0,
  });

/** GET /v1/sitrep/stats/national: the national report's status (the overview). */
export const fetchNationalSitrepStats = (signal?: AbortSignal) =>
  apiGet<NationalSitrepStats>('/v1/sitrep/stats/national', { signal });

export const nationalSitrepStatsQuery = () =>
  queryOptions({
    queryKey: ['sitrep-stats', 'national'],
    queryFn: ({ signal }) => fetchNationalSitrepStats(signal),
    staleTime: 0,
  });

/** After a report's submit, approve, reject or publish: both stats lists are read again wherever shown. */
export function invalidateSitrepStats(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: ['sitrep-stats'] });
}
