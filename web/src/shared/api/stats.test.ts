import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { agencySitrepStatsQuery, invalidateSitrepStats, nationalSitrepStatsQuery } from './stats.ts';

describe('shared stats queries', () => {
  it('invalidates both report stats lists after a transition, whichever screen cached them', async () => {
    const client = new QueryClient();
    client.setQueryData(agencySitrepStatsQuery().queryKey, { items: [] });
    client.setQueryData(nationalSitrepStatsQuery().queryKey, {} as never);
    client.setQueryData(['wildfire-stats'], { date: '2026-06-01', items: [] });
    await invalidateSitrepStats(client);
    expect(client.getQueryState(agencySitrepStatsQuery().queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(nationalSitrepStatsQuery().queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(['wildfire-stats'])?.isInvalidated).toBe(false);
  });

  it('keeps /v1/sitrep/stats/agency under one key for every screen', () => {
    expect(agencySitrepStatsQuery().queryKey).toEqual(['sitrep-stats', 'agency']);
  });
});
