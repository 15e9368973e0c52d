import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFetch, json } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render.tsx';

const weeks = (value: number) =>
  Array.from({ length: 52 }, (_, i) => ({
    week: i + 1,
    date: '2026-01-01',
    avg_fires: value,
    avg_hectares: 1,
  }));

function statisticsApi() {
  return installFetch({
    '/v1/dashboard/fires/daily': () =>
      json({
        start_date: '2026-07-01',
        end_date: '2026-08-01',
        items: Array.from({ length: 31 }, (_, i) => ({
          date: `2026-07-${i + 1}`,
          day: i + 1,
          fires: i,
          hectares: 2,
        })),
      }),
    '/v1/historical/yearly': () =>
      json({
        from_year: 1980,
        to_year: 2026,
        items: Array.from({ length: 47 }, (_, i) => ({
          year: 1980 + i,
          fires: 100 + i,
          hectares: 1000.5,
          avg_fires: i >= 10 ? 110 : null,
          avg_hectares: i >= 10 ? 900 : null,
        })),
      }),
    '/v1/dashboard/fires': () =>
      json({
        period: 'week',
        from_date: '2026-06-25',
        to_date: '2026-07-01',
        fires: 5,
        hectares: 3,
        by_agency: [{ agency_code: 'on', fire_count: 5, area_sum: 3 }],
        by_stage: [],
        by_response: [],
        active_fires: 1,
        as_of: null,
      }),
    '/v1/historical/running': () =>
      json({
        year: 2026,
        week: 1,
        items: [
          {
            week: 1,
            date: '2026-01-01',
            fires: 2,
            hectares: 1,
            cumulative_fires: 2,
            cumulative_hectares: 1,
            last_year_cumulative_fires: 1,
            avg10_cumulative_fires: 1,
          },
        ],
      }),
    '/v1/historical/weekly': (url) =>
      json({ years: Number(url.searchParams.get('years')), from_year: 2016, to_year: 2025, items: weeks(2) }),
  });
}

/** jsdom's Blob has neither text() nor arrayBuffer(). */
function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe('wildfire graphs', () => {
  it('draws the six charts, each with an Export CSV button and a data table', async () => {
    statisticsApi();
    renderApp('/statistics');
    const titles = [
      'Daily Fires',
      'Fires by Year',
      'Hectares by Year',
      'Fires This Week',
      'Fires by Week vs 10-Year Average',
      'Fires by Week vs Last Year',
    ];
    for (const name of titles) expect(await screen.findByRole('heading', { level: 2, name })).toBeTruthy();
    // A chart draws from a deferred copy of its answer, a render after its heading shows.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Export CSV' })).toHaveLength(6));
    expect(screen.getAllByText('Data table')).toHaveLength(6);
    // A table's rows are made when it is opened.
    expect(screen.queryAllByRole('table')).toHaveLength(0);
    for (const summary of screen.getAllByText('Data table')) fireEvent.click(summary);
    await waitFor(() => expect(screen.getAllByRole('table')).toHaveLength(6));
    expect(screen.getByRole('table', { name: 'Fires by Year' }).querySelectorAll('tbody tr')).toHaveLength(
      47,
    );
    expect(
      screen.getByRole('table', { name: 'Fires by Week vs 10-Year Average' }).querySelectorAll('tbody tr'),
    ).toHaveLength(52);
    expect(screen.getByRole('table', { name: 'Daily Fires' }).querySelectorAll('tbody tr')).toHaveLength(31);
    expect(screen.getAllByRole('columnheader', { name: '10-Year Average' }).length).toBeGreaterThan(0);
  });

  it('exports a chart as CSV', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:x';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    statisticsApi();
    renderApp('/statistics');
    await screen.findByRole('heading', { name: 'Fires by Week vs Last Year' });
    const buttons = await screen.findAllByRole('button', { name: 'Export CSV' });
    await userEvent.click(buttons[5] as HTMLElement);
    await waitFor(() => expect(blobs).toHaveLength(1));
    const lines = new TextDecoder()
      .decode(await blobBytes(blobs[0] as Blob))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('"Week","2026, week","2026, cumulative","Last Year, week","Last Year, cumulative"');
    expect(lines[1]).toBe('"1","2","2","2","2"');
    expect(lines[52]).toBe('"52","","","2","104"');
  });
});
