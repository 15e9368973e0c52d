import { type NationalSitrepStats, OVERVIEW_POLL_MS } from '@ciffc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../shared/api/dataApi.ts';
import { type AgencyStats, statsItems } from './states.ts';

export interface WildfireStats {
  date: string;
  items: { agency_code: string; ytd_fires: number; fires_today: number }[];
}

export const wildfireStatsQuery = () =>
  queryOptions({
    queryKey: ['wildfire-stats'],
    queryFn: ({ signal }) => apiGet<WildfireStats>('/v1/wildfire/stats', { auth: false, signal }),
  });

/** A failed refresh is only logged (public-site.md section 8); the page reads the query's error state. */
async function logged<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError'))
      console.error(`[overview] ${what} failed`, error);
    throw error;
  }
}

/**
 * Polled every 60 s (public-site.md section 4), also while the tab is in the background (the spec
 * says every 60 s, and a returning user should not meet stale states); never cached longer than one poll.
 */
const polled = {
  refetchInterval: OVERVIEW_POLL_MS,
  refetchIntervalInBackground: true,
  staleTime: 0,
  retry: false,
} as const;

export const agencySitrepStatsQuery = () =>
  queryOptions({
    queryKey: ['sitrep-stats', 'agency'],
    queryFn: ({ signal }) =>
      logged('agency sitrep stats', async () =>
        statsItems(await apiGet<unknown>('/v1/sitrep/stats/agency', { signal })),
      ),
    ...polled,
  });

export const nationalSitrepStatsQuery = () =>
  queryOptions({
    queryKey: ['sitrep-stats', 'national'],
    queryFn: ({ signal }) =>
      logged('national sitrep stats', () =>
        apiGet<NationalSitrepStats>('/v1/sitrep/stats/national', { signal }),
      ),
    ...polled,
  });

export function useOverviewData(national: boolean) {
  const wildfires = useQuery(wildfireStatsQuery());
  const agency = useQuery(agencySitrepStatsQuery());
  // Loaded for everyone once; polled only for the national centre.
  const nationalStats = useQuery({
    ...nationalSitrepStatsQuery(),
    refetchInterval: national ? OVERVIEW_POLL_MS : false,
  });
  return { wildfires, agency, national: nationalStats };
}

export type { AgencyStats };
