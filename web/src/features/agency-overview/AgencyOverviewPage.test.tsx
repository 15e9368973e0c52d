import {
  type AgencySitrepStatsList,
  type NationalSitrepStats,
  OVERVIEW_POLL_MS,
  type WildfireStats,
} from '@ciffc/contracts';
import { focusManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../shared/auth/session.ts';
import { installFetch, json, type RouteHandler, type Routes } from '../../test/fake-fetch.ts';
import { agencyUser, ciffcUser, renderApp } from '../../test/render.tsx';

type StatsRow = AgencySitrepStatsList['items'][number];
/** One agency's row of GET /v1/sitrep/stats/agency: a report never claimed nor edited unless told. */
const statsRow = (over: Partial<StatsRow>): StatsRow => ({
  agency: 'ab',
  status: 'N',
  version_number: 0,
  claimed_by: null,
  claimed_by_name: null,
  edited_by: null,
  last_edit: null,
  approved_version: null,
  published_version: null,
  sections_with_data: 0,
  section_count: 13,
  ...over,
});

const stats: AgencySitrepStatsList = {
  items: [
    statsRow({
      agency: 'ab',
      status: 'A',
      version_number: 5,
      approved_version: 5,
      published_version: 4,
      sections_with_data: 9,
    }),
    statsRow({
      agency: 'bc',
      status: 'S',
      version_number: 3,
      claimed_by: 1,
      approved_version: 2,
      published_version: 2,
      sections_with_data: 4,
    }),
  ],
};
const wildfire: WildfireStats = {
  date: '2025-07-01',
  items: [{ agency_code: 'ab', ytd_fires: 1234, fires_today: 7 }],
};
const nationalStats: NationalSitrepStats = {
  version: 8,
  version_number: 8,
  claimed_by: null,
  claimed_by_name: null,
  is_published: true,
  published_version: 8,
  status: 'PUBLISHED',
  last_edit: null,
  field_date: '2025-07-01',
};

function handlers(agencyStats: RouteHandler<AgencySitrepStatsList> = () => json(stats)): Routes {
  return {
    '/v1/wildfire/stats': () => json(wildfire),
    '/v1/sitrep/stats/agency': agencyStats,
    '/v1/sitrep/stats/national': () => json(nationalStats),
  };
}

describe('agency overview', () => {
  it('shows the national centre every agency, the arrows in words, the national table and n / 13', async () => {
    installFetch(handlers());
    renderApp('/agency', { user: ciffcUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
    // The title is set in an effect after the heading renders.
    await waitFor(() => expect(document.title).toBe('CIFFC - Overview'));
    const statusTable = (await screen.findByText('Alberta (AB)')).closest('table') as HTMLTableElement;
    expect(within(statusTable).getAllByRole('row')).toHaveLength(14);
    const ab = within(statusTable).getByText('Alberta (AB)').closest('tr') as HTMLElement;
    expect(within(ab).getByText('Approved')).toBeTruthy();
    expect(within(ab).getByText('Approved copy matches the draft')).toBeTruthy();
    expect(within(ab).getByText('Published copy differs from the approved copy')).toBeTruthy();
    const bc = within(statusTable).getByText('British Columbia (BC)').closest('tr') as HTMLElement;
    expect(bc.textContent).toContain('Being Edited by agency');
    // Each agency of the first table leads to its report, and to its approved and published copies.
    expect(within(ab).getByRole('link', { name: 'Alberta (AB)' }).getAttribute('href')).toBe(
      '/agency/sitrep/ab',
    );
    const copies = within(ab)
      .getAllByRole('link', { name: /^Version \d+$/ })
      .map((l) => l.getAttribute('href'));
    expect(copies).toEqual(['/agency/sitrep/ab/approved', '/agency/sitrep/ab/published']);
    expect(within(statusTable).getByText('Manitoba (MB)').closest('tr')?.textContent).toContain(
      'Not yet started',
    );

    const national = screen
      .getByRole('heading', { name: 'National situation report' })
      .closest('section') as HTMLElement;
    expect(within(national).getByRole('link', { name: 'National SitRep Input' }).getAttribute('href')).toBe(
      '/agency/national',
    );
    expect(within(national).getByText('Published')).toBeTruthy();
    expect(within(national).getByText('Not claimed')).toBeTruthy();
    expect(screen.getByText('9 / 13')).toBeTruthy();
    expect(screen.getAllByText('0 / 13')).toHaveLength(11);
    expect(screen.getByText('1,234')).toBeTruthy();
  });

  it('shows an agency user only its own agency and no national tables', async () => {
    installFetch(handlers());
    renderApp('/agency', { user: agencyUser('bc') });
    const row = (await screen.findByText('British Columbia (BC)')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Being Edited by you');
    expect(screen.queryByText('Alberta (AB)')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'National situation report' })).toBeNull();
    expect(screen.queryByText(/\/ 13/)).toBeNull();
  });

  it('shows the agency its Not Approved reason and that a submitted report changed since, in EN and FR', async () => {
    const item = (over: Partial<StatsRow>) => statsRow({ ...stats.items[1], claimed_by: null, ...over });
    installFetch(
      handlers(() => json({ items: [item({ status: 'R', rejected_reason: 'Summary missing' })] })),
    );
    const first = renderApp('/agency', { user: agencyUser('bc') });
    const row = (await screen.findByText('British Columbia (BC)')).closest('tr') as HTMLElement;
    expect(within(row).getByTestId('overview-rejected-reason').textContent).toBe(
      'Not Approved: Summary missing',
    );
    expect(within(row).queryByTestId('overview-changed-since-submitted')).toBeNull();
    first.unmount();

    installFetch(
      handlers(() =>
        json({ items: [item({ status: 'E', rejected_reason: null, changed_since_submitted: true })] }),
      ),
    );
    renderApp('/agency', { user: agencyUser('bc'), locale: 'fr' });
    const fr = (await screen.findByTestId('overview-changed-since-submitted')).closest('tr') as HTMLElement;
    expect(within(fr).getByTestId('overview-changed-since-submitted').textContent).toBe(
      'Modifié depuis la soumission : soumettez de nouveau.',
    );
    expect(within(fr).queryByTestId('overview-rejected-reason')).toBeNull();
  });

  it('says so when a refresh fails, keeping the last data', async () => {
    let fail = false;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    installFetch(handlers(() => (fail ? json({ message: 'down' }, 503) : json(stats))));
    const { queryClient } = renderApp('/agency', { user: ciffcUser });
    await screen.findByText('Alberta (AB)');
    fail = true;
    await queryClient.refetchQueries({ queryKey: ['sitrep-stats', 'agency'] });
    await waitFor(() => expect(screen.getByText(/could not be refreshed/)).toBeTruthy());
    expect(screen.getByText('Alberta (AB)')).toBeTruthy();
    expect(error).toHaveBeenCalledWith('[overview] agency sitrep stats failed', expect.anything());
  });

  describe('polling every 60 s', () => {
    afterEach(() => {
      focusManager.setFocused(undefined);
      vi.useRealTimers();
    });

    /** Renders the overview, then counts each stats call as 60 s pass in a background tab. */
    async function pollFor(user: User) {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { calls } = installFetch(handlers());
      renderApp('/agency', { user });
      const count = (path: string) => calls.filter((c) => c.url.pathname === path).length;
      await waitFor(() => expect(count('/v1/sitrep/stats/agency')).toBe(1));
      await waitFor(() => expect(count('/v1/sitrep/stats/national')).toBe(1));
      focusManager.setFocused(false);
      await vi.advanceTimersByTimeAsync(OVERVIEW_POLL_MS - 1_000);
      const before = {
        agency: count('/v1/sitrep/stats/agency'),
        national: count('/v1/sitrep/stats/national'),
      };
      await vi.advanceTimersByTimeAsync(2 * OVERVIEW_POLL_MS);
      const after = {
        agency: count('/v1/sitrep/stats/agency'),
        national: count('/v1/sitrep/stats/national'),
      };
      return { before, after, wildfire: count('/v1/wildfire/stats') };
    }

    it('refreshes agency and national sitrep stats for the national centre, also in a background tab', async () => {
      const { before, after, wildfire } = await pollFor(ciffcUser);
      expect(before).toEqual({ agency: 1, national: 1 });
      expect(after).toEqual({ agency: 3, national: 3 });
      expect(wildfire).toBe(1);
    });

    it('refreshes only the agency sitrep stats for an agency user', async () => {
      const { before, after } = await pollFor(agencyUser('bc'));
      expect(before).toEqual({ agency: 1, national: 1 });
      expect(after).toEqual({ agency: 3, national: 1 });
    });
  });

  it('shows a signed-in user without the Authenticated or CIFFC role the notice, and fetches no stats', async () => {
    const { calls } = installFetch(handlers());
    const { router } = renderApp('/agency', {
      user: { id: 7, username: 'guest', agency_code: null, role: { name: 'Guest' } },
    });
    expect(await screen.findByText('Your account does not have access to this page.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agency');
    expect(screen.queryByRole('heading', { level: 1, name: 'Overview' })).toBeNull();
    expect(calls.filter((c) => c.url.pathname.startsWith('/v1/sitrep/stats'))).toEqual([]);
  });

  it('sends an anonymous visitor to /login', async () => {
    installFetch(handlers());
    const { router } = renderApp('/agency', { user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
