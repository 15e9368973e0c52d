import { OVERVIEW_POLL_MS } from '@ciffc/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  agencySitrepStatsQuery,
  fetchAgencySitrepStats,
  fetchNationalSitrepStats,
  nationalSitrepStatsQuery,
  wildfireStatsQuery,
} from '../../shared/api/stats.ts';
import { type AgencyStats, statsItems } from './states.ts';

/** A failed refresh is only logged (docs/spec/public-site.md section 8); the page reads the query's error state. */
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
 * Polled every 60 s (docs/spec/public-site.md section 4), also while the tab is in the background (the spec
 * says every 60 s, and a returning user should not meet stale states); never cached longer than one poll.
 */
const polled = {
  refetchInterval: OVERVIEW_POLL_MS,
  refetchIntervalInBackground: true,
  staleTime: 0,
  retry: false,
} as const;

export function useOverviewData(national: boolean) {
  const wildfires = useQuery(wildfireStatsQuery());
  // The shared keys (docs/decisions.md, "Shared query options"); the overview logs a failed refresh.
  const agency = useQuery({
    ...agencySitrepStatsQuery(),
    queryFn: ({ signal }) => logged('agency sitrep stats', () => fetchAgencySitrepStats(signal)),
    select: statsItems,
    ...polled,
  });
  // Loaded for everyone once; polled only for the national centre.
  const nationalStats = useQuery({
    ...nationalSitrepStatsQuery(),
    queryFn: ({ signal }) => logged('national sitrep stats', () => fetchNationalSitrepStats(signal)),
    ...polled,
    refetchInterval: national ? OVERVIEW_POLL_MS : false,
  });
  return { wildfires, agency, national: nationalStats };
}

export type { AgencyStats };
