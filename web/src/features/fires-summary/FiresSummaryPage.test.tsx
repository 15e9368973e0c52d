import { CENTRE_TIME_ZONE, type SummaryResponse, tomorrowIsoDate } from '@ciffc/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFetch, json, pending } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render.tsx';

const summary: SummaryResponse = {
  valid_as: '2026-07-01T20:00:00.000Z',
  from_date: '2026-01-01',
  to_date: '2026-07-01',
  items: [
    { agency_code: 'bc', response_type: 'FUL', stage_of_control: 'OC', fire_count: 3, area_sum: 1234.5 },
    { agency_code: 'bc', response_type: 'FUL', stage_of_control: 'OUT', fire_count: 2, area_sum: 10 },
    { agency_code: 'bc', response_type: 'MOD', stage_of_control: 'BH', fire_count: 1, area_sum: 1 },
  ],
};

describe('current fires summary', () => {
  it('shows the five sections with per-agency rows computed from summary and fire-count (tomorrow)', async () => {
    const { calls } = installFetch({
      '/v1/summary': () => json(summary),
      '/v1/fire-count': (url) =>
        json({
          date: url.searchParams.get('date') ?? '',
          report_date: '2026-07-01',
          items: [
            { agency_code: 'bc', fire_cause: 'N', fire_count: 2 },
            { agency_code: 'bc', fire_cause: 'U', fire_count: 1 },
          ],
        }),
    });
    renderApp('/page');
    expect(await screen.findByText('For current year from January 1.')).toBeTruthy();
    expect(document.querySelector('.summary-valid-as')?.textContent).toMatch(
      /^Valid as of July 1, 2026 at 3:00/,
    );
    for (const name of [
      'New Wildland Fires Today',
      'Full Response',
      'Modified Response',
      'Monitored Response',
      'Grand Totals',
    ])
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();

    const full = screen.getByRole('table', { name: 'Full Response' });
    const bc = within(full).getByRole('row', { name: /British Columbia \(BC\)/ });
    // OC, BH, UC, active, active area, out, out area, total, total area
    expect(
      within(bc)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '0', '0', '3', '1,234.5', '2', '10.0', '5', '1,244.5']);
    const fresh = screen.getByRole('table', { name: 'New Wildland Fires Today' });
    const bcNew = within(fresh).getByRole('row', { name: /British Columbia/ });
    expect(
      within(bcNew)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '0', '1', '3']);
    const grand = screen.getByRole('table', { name: 'Grand Totals' });
    const total = within(grand).getByRole('row', { name: /^Total/ });
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['6', '1,245.5']);
    const fireCount = calls.find((c) => c.url.pathname === '/v1/fire-count');
    expect(fireCount?.url.searchParams.get('date')).toBe(tomorrowIsoDate(new Date(), CENTRE_TIME_ZONE));
  });

  it('shows a loading indicator while pending', async () => {
    installFetch({ '/v1/summary': pending, '/v1/fire-count': pending });
    renderApp('/summary');
    expect((await screen.findByText('Loading…')).closest('[role="status"]')).toBeTruthy();
  });

  it('shows the Error box "External server URL" when the summary call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    installFetch({
      '/v1/summary': () => json({ message: 'boom' }, 500),
      '/v1/fire-count': () => json({ date: '2026-07-02', report_date: '2026-07-01', items: [] }),
    });
    renderApp('/page', { locale: 'fr' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Erreur');
    expect(alert.textContent).toContain('URL du serveur externe');
  });
});
