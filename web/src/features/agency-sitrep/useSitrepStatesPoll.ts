import { SYNC_INTERVAL_MS } from '@ciffc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { agencySitrepStatsQuery } from '../../shared/api/stats.ts';
import type { DraftSitrepState } from './useDraftSitrepState.ts';
import type { SitrepEngine } from './useSitrepEditing.ts';

/**
 * While not editing, the states list is polled; a locked sitrep is reloaded once it is released,
 * and a claim or status changed elsewhere is shown. Answers whether the API is unreachable.
 */
export function useSitrepStatesPoll(s: DraftSitrepState, engine: SitrepEngine, editing: boolean) {
  const { agency, myId, query, metaRef, setMeta } = s;
  const stats = useQuery({
    ...agencySitrepStatsQuery(),
    refetchInterval: SYNC_INTERVAL_MS,
    enabled: !editing,
  });
  useEffect(() => {
    const row = stats.data?.items.find((i) => i.agency === agency);
    const current = metaRef.current;
    if (!row || !current || engine.state.mode === 'editing') return;
    const released = current.locked && row.claimed_by == null;
    const otherClaim = row.claimed_by != null && row.claimed_by !== myId;
    if (released || row.version_number !== current.version_number) {
      void query.refetch();
    } else if (otherClaim !== current.locked || row.status !== current.status) {
      setMeta({
        ...current,
        status: row.status,
        locked: otherClaim,
        claimed_by: row.claimed_by,
        claimed_by_name: row.claimed_by_name,
      });
    }
  }, [stats.data, agency, myId, query, engine, metaRef, setMeta]);
  // A failed poll marks the API as unreachable (docs/spec/data-entry.md section 8) until a poll succeeds.
  return !editing && stats.isError;
}
