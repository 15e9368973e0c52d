import type { FeedStatus } from '@ciffc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFetch, json, text } from '../../test/fake-fetch.ts';
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
      '/v1/perimeters/feeds': () => json({ items: [] }),
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

describe('agency perimeter feeds on the feeds screen', () => {
  const PERIMETER_BC: FeedStatus = {
    ...BC,
    url: 'https://bc.example/perimeters.geojson',
    interval_minutes: 60,
    last_error_at: null,
    last_error: null,
    last_outcome: 'imported',
    last_total_rows: 14,
    last_accepted: 14,
    last_rejected: 0,
  };

  it('lists the perimeter feeds apart from the fire feeds, adds, fetches and removes one', async () => {
    const calls: { method: string; path: string; body?: unknown }[] = [];
    let perimeterFeeds = [PERIMETER_BC];
    installFetch({
      '/v1/feeds': () => json({ items: [BC] }),
      '/v1/perimeters/feeds': () => json({ items: perimeterFeeds }),
      '/v1/perimeters/feeds/ab': (url, init) => {
        const body = JSON.parse(String(init?.body));
        calls.push({ method: String(init?.method), path: url.pathname, body });
        const saved = { ...PERIMETER_BC, ...body, agency_code: 'ab' };
        perimeterFeeds = [saved, PERIMETER_BC];
        return json(saved);
      },
      '/v1/perimeters/feeds/bc/run': (url, init) => {
        calls.push({ method: String(init?.method), path: url.pathname });
        return json({ outcome: 'not_modified', feed: PERIMETER_BC });
      },
      '/v1/perimeters/feeds/bc': (url, init) => {
        calls.push({ method: String(init?.method), path: url.pathname });
        perimeterFeeds = perimeterFeeds.filter((f) => f.agency_code !== 'bc');
        return text(null, { status: 204 });
      },
    });
    renderApp('/agency/fire-feeds', { user: ciffcUser });
    expect(await screen.findByRole('heading', { name: 'Perimeter feeds' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Perimeter feeds by agency' });
    // The perimeter table has no "complete list" column, and says its own feed's status.
    expect(within(table).queryByRole('columnheader', { name: 'Complete list' })).toBeNull();
    expect(within(table).getByText('Last file: 14 rows, 14 accepted, 0 rejected')).toBeTruthy();
    expect(
      (screen.getByLabelText('Feed URL – British Columbia (perimeters)') as HTMLInputElement).value,
    ).toBe('https://bc.example/perimeters.geojson');
    expect((screen.getByLabelText('Feed URL – British Columbia') as HTMLInputElement).value).toBe(
      'https://bc.example/activefires.csv',
    );

    await userEvent.type(
      screen.getByLabelText('Feed URL – Alberta (perimeters)'),
      'https://ab.example/perimeters.kml',
    );
    const interval = screen.getByLabelText('Interval (minutes) – Alberta (perimeters)');
    await userEvent.clear(interval);
    await userEvent.type(interval, '30');
    await userEvent.click(within(table).getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'PUT',
      path: '/v1/perimeters/feeds/ab',
      body: { url: 'https://ab.example/perimeters.kml', interval_minutes: 30, enabled: true, snapshot: null },
    });
    // Saved: the agency's row now offers to fetch now and to remove.
    const abRow = (await within(table).findAllByRole('row')).find((r) =>
      within(r).queryByRole('rowheader', { name: 'Alberta' }),
    ) as HTMLElement;
    expect(await within(abRow).findByRole('button', { name: 'Fetch now' })).toBeTruthy();

    const bcRow = within(table)
      .getAllByRole('row')
      .find((r) => within(r).queryByRole('rowheader', { name: 'British Columbia' })) as HTMLElement;
    await userEvent.click(within(bcRow).getByRole('button', { name: 'Fetch now' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({ method: 'POST', path: '/v1/perimeters/feeds/bc/run' });
    await userEvent.click(within(bcRow).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toEqual({ method: 'DELETE', path: '/v1/perimeters/feeds/bc' });
    await waitFor(() => expect(within(bcRow).getByText('No feed')).toBeTruthy());
    expect(within(bcRow).queryByRole('button', { name: 'Fetch now' })).toBeNull();
  });

  it("shows the server's refusal of a field through its code, in French", async () => {
    installFetch({
      '/v1/feeds': () => json({ items: [] }),
      '/v1/perimeters/feeds': () => json({ items: [] }),
      '/v1/perimeters/feeds/ab': () =>
        json(
          {
            statusCode: 400,
            code: 'request.invalid',
            params: { part: 'body', summary: 'interval_minutes: Must be between 1 and 1440' },
            message: 'Invalid body: interval_minutes: Must be between 1 and 1440',
            validationErrors: {
              interval_minutes: {
                code: 'field.between',
                params: { min: 1, max: 1440 },
                message: 'Must be between 1 and 1440',
              },
            },
          },
          400,
        ),
    });
    renderApp('/agency/fire-feeds', { user: ciffcUser, locale: 'fr' });
    const table = await screen.findByRole('table', { name: 'Flux de périmètres par agence' });
    await userEvent.type(
      screen.getByLabelText('Adresse URL du flux – Alberta (périmètres)'),
      'https://ab.example/perimeters.kml',
    );
    await userEvent.click(within(table).getAllByRole('button', { name: 'Enregistrer' })[0] as HTMLElement);
    // French groups thousands with a narrow no-break space.
    expect((await within(table).findByRole('alert')).textContent?.replace(/\s/g, ' ')).toBe(
      'Intervalle (minutes) : Doit être entre 1 et 1 440',
    );
  });

  it('is for the national centre only, as the API allows', async () => {
    installFetch({
      '/v1/feeds': () => json({ items: [] }),
      '/v1/perimeters/feeds': () => json({ items: [] }),
    });
    const { router } = renderApp('/agency/fire-feeds', { user: agencyUser('ab') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/agency'));
    expect(screen.queryByRole('table', { name: 'Perimeter feeds by agency' })).toBeNull();
  });
});
