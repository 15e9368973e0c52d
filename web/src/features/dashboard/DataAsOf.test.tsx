import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetch, json } from '../../test/fake-fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { DataAsOf } from './DataAsOf.tsx';

const items = [
  { agency_code: 'bc', as_of: '2026-07-15T17:05:00.000Z', feed_failing: false },
  { agency_code: 'on', as_of: '2026-07-14T12:00:00.000Z', feed_failing: true },
];

describe('dashboard "as of" per agency', () => {
  it('lists each agency with the time of its latest data in the centre’s zone, and says when its feed fails', async () => {
    const { calls } = installFetch({ '/v1/dashboard/freshness': () => json({ items }) });
    renderWithProviders(<DataAsOf />);
    const region = await screen.findByRole('region', { name: 'How recent each agency’s fire data is' });
    const rows = within(region)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toHaveLength(13);
    expect(rows).toContain('British Columbia: as of July 15, 2026 at 12:05 p.m. UTC−5');
    expect(rows).toContain(
      'Ontario: as of July 14, 2026 at 7:00 a.m. UTC−5 (its feed is failing; this is its last successful update)',
    );
    // Every reporting agency: one that sent nothing says so (New Brunswick and PEI were left out).
    expect(rows).toContain('New Brunswick: no fire data received');
    expect(rows).toContain('Prince Edward Island: no fire data received');
    const bc = within(region).getByText(/^British Columbia:/);
    expect(bc.querySelector('time')?.getAttribute('dateTime')).toBe(items[0]?.as_of);
    // Public: no bearer.
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBeNull();
  });

  it('speaks French', async () => {
    installFetch({ '/v1/dashboard/freshness': () => json({ items: items.slice(1) }) });
    renderWithProviders(<DataAsOf />, { locale: 'fr' });
    const region = await screen.findByRole('region', { name: 'Date des dernières données de chaque agence' });
    const rows = within(region)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows.find((row) => row?.startsWith('Ontario'))).toMatch(
      /^Ontario : en date du 14 juillet 2026 .*7 h 00 UTC−5 \(son flux est en échec; c’est sa dernière mise à jour réussie\)$/,
    );
    expect(rows).toContain('Nouveau-Brunswick : aucune donnée sur les feux reçue');
  });

  it('shows nothing when no agency has imported data yet, or when the call fails', async () => {
    const settled = (calls: unknown[], queryClient: QueryClient) =>
      waitFor(() => {
        expect(calls).toHaveLength(1);
        expect(queryClient.isFetching()).toBe(0);
      });
    const answered = installFetch({ '/v1/dashboard/freshness': () => json({ items: [] }) });
    const empty = renderWithProviders(<DataAsOf />);
    // Asserted once the answer is in and rendered, not after a guessed pause.
    await settled(answered.calls, empty.queryClient);
    expect(empty.container.textContent).toBe('');
    empty.unmount();
    const down = installFetch({ '/v1/dashboard/freshness': () => json({ message: 'down' }, 503) });
    const failed = renderWithProviders(<DataAsOf />);
    await settled(down.calls, failed.queryClient);
    expect(failed.container.textContent).toBe('');
  });
});
