import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as csv from '../../shared/csv.ts';
import { installFetch, json } from '../../test/fake-fetch.ts';
import { agencyUser, ciffcUser, renderApp } from '../../test/render.tsx';
import { exportCsv, exportYears } from './ReportsPage.tsx';

describe('reports and exports', () => {
  it('offers the years from the current one down to 2019', () => {
    expect(exportYears(new Date('2026-03-01T12:00:00Z'))).toEqual([
      2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019,
    ]);
  });

  it('downloads national-sitreps-{year}-export.csv, neutralising formulas', async () => {
    const download = vi.spyOn(csv, 'downloadCsv').mockImplementation(() => {});
    const { calls } = installFetch({
      '/v1/sitrep/national/export': () =>
        json([{ date: '2024-07-01', national_preparedness_level: '3', duty_officer: '=cmd' }]),
    });
    renderApp('/agency/reports-and-exports', { user: ciffcUser });
    const year = (await screen.findAllByLabelText('Year'))[0] as HTMLSelectElement;
    await userEvent.selectOptions(year, '2024');
    const national = screen.getByRole('region', { name: 'National situation reports' });
    await userEvent.click(within(national).getByRole('button', { name: 'Export (CSV)' }));
    await waitFor(() => expect(download).toHaveBeenCalled());
    const [name, text] = download.mock.calls[0] as [string, string];
    expect(name).toBe('national-sitreps-2024-export.csv');
    expect(text).toBe(
      '\uFEFF"date","national_preparedness_level","duty_officer"\r\n"2024-07-01","3","\'=cmd"\r\n',
    );
    const call = calls.find((c) => c.url.pathname === '/v1/sitrep/national/export');
    expect(call?.url.searchParams.get('year')).toBe('2024');
    expect(call?.url.searchParams.get('export')).toBe('true');
  });

  it('downloads agency-sitreps-{year}-export.csv for the year chosen in the agency box', async () => {
    const download = vi.spyOn(csv, 'downloadCsv').mockImplementation(() => {});
    const { calls } = installFetch({
      '/v1/sitrep/agency/export': () =>
        json([{ date: '2021-08-02', agency: 'BC', agency_preparedness_level: 5, version_number: 3 }]),
    });
    renderApp('/agency/reports-and-exports', { user: ciffcUser });
    const agency = await screen.findByRole('region', { name: 'Agency situation reports' });
    await userEvent.selectOptions(within(agency).getByLabelText('Year'), '2021');
    await userEvent.click(within(agency).getByRole('button', { name: 'Export (CSV)' }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const [name, text] = download.mock.calls[0] as [string, string];
    expect(name).toBe('agency-sitreps-2021-export.csv');
    expect(text).toBe(
      '\uFEFF"date","agency","agency_preparedness_level","version_number"\r\n"2021-08-02","BC","5","3"\r\n',
    );
    const call = calls.find((c) => c.url.pathname === '/v1/sitrep/agency/export');
    expect([call?.url.searchParams.get('year'), call?.url.searchParams.get('export')]).toEqual([
      '2021',
      'true',
    ]);
    expect(calls.some((c) => c.url.pathname === '/v1/sitrep/national/export')).toBe(false);
  });

  it('alerts when the year has no rows', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    installFetch({ '/v1/sitrep/agency/export': () => json([]) });
    renderApp('/agency/reports-and-exports', { user: ciffcUser });
    const agency = await screen.findByRole('region', { name: 'Agency situation reports' });
    await userEvent.click(within(agency).getByRole('button', { name: 'Export (CSV)' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Export Aborted. Your search yielded no results.'),
    );
  });

  it('is for the national centre only', async () => {
    installFetch({});
    const { router } = renderApp('/agency/reports-and-exports', { user: agencyUser('ab') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/agency'));
    expect(exportCsv([])).toBe('\uFEFF\r\n');
  });
});
