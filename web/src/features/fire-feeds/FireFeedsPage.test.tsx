import type { FeedStatus } from '@ciffc/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFetch, json } from '../../test/fake-fetch.ts';
import { agencyUser, ciffcUser, renderApp } from '../../test/render.tsx';

const BC: FeedStatus = {
  agency_code: 'bc',
  url: 'https://bc.example/activefires.csv',
  interval_minutes: 15,
  enabled: true,
  snapshot: null,
  next_run_at: '2026-07-15T17:15:00.000Z',
  last_run_at: '2026-07-15T17:00:00.000Z',
  last_success_at: '2026-07-15T16:45:00.000Z',
  last_error_at: '2026-07-15T17:00:00.000Z',
  last_error: 'HTTP 503 Service Unavailable',
  last_outcome: 'failed',
  last_total_rows: 120,
  last_accepted: 118,
  last_rejected: 2,
  last_import_id: null,
};

describe('agency fire feeds screen', () => {
  it('shows each feed status to the national centre and saves a new feed', async () => {
    const puts: { path: string; body: unknown }[] = [];
    installFetch({
      '/v1/feeds': () => json({ items: [BC] }),
      '/v1/feeds/ab': (url, init) => {
        puts.push({ path: url.pathname, body: JSON.parse(String(init?.body)) });
        return json({ ...BC, agency_code: 'ab' });
      },
    });
    renderApp('/agency/fire-feeds', { user: ciffcUser });
    expect(await screen.findByRole('heading', { name: 'Agency Fire Feeds' })).toBeTruthy();
    expect(await screen.findByText(/Last error .*HTTP 503 Service Unavailable/)).toBeTruthy();
    expect(screen.getByText('Last file: 120 rows, 118 accepted, 2 rejected')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Feed URL – Alberta'), 'https://ab.example/fires.geojson');
    const saves = screen.getAllByRole('button', { name: 'Save' });
    await userEvent.click(saves[0] as HTMLElement);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      path: '/v1/feeds/ab',
      body: { url: 'https://ab.example/fires.geojson', interval_minutes: 15, enabled: true, snapshot: null },
    });
    // The agency's file is its complete list: fires it no longer lists end.
    await userEvent.selectOptions(screen.getByLabelText('Complete list – Alberta'), 'always');
    await userEvent.click(saves[0] as HTMLElement);
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]?.body).toMatchObject({ snapshot: true });
  });

  it('is for the national centre only, in French too', async () => {
    installFetch({ '/v1/feeds': () => json({ items: [] }) });
    const { router } = renderApp('/agency/fire-feeds', { user: agencyUser('bc'), locale: 'fr' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/agency'));
    expect(screen.queryByRole('link', { name: 'Flux de feux des agences' })).toBeNull();
  });
});
