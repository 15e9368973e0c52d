import {
  type FirePerimeters,
  fieldError,
  type NationalFireRow,
  type WildfiresResponse,
} from '@ciffc/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFetch, json } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render.tsx';

/** A row of the national list: a BC fire out of control unless told. */
const row = (id: string, extra: Partial<NationalFireRow> = {}): NationalFireRow => ({
  field_agency_fire_id: id,
  field_agency_code: 'bc',
  field_agency_data_timezone: 'America/Vancouver',
  field_situation_report_date: '2026-07-01',
  field_status_date: '2026-07-01',
  field_stage_of_control_status: 'OC',
  field_system_fire_cause: 'H',
  field_response_type: 'FUL',
  field_fire_size: 12345.67,
  field_latitude: 50.123456,
  field_longitude: -120.5,
  ...extra,
});
const meta = (total: number, page: number | null = 1): WildfiresResponse['meta'] => ({
  page,
  page_size: 20,
  total_pages: Math.ceil(total / 20),
  total_results: total,
  valid_as: '2026-07-01T19:05:00.000Z',
  filter_agencies: [
    { field_code: 'bc', field_name: 'British Columbia' },
    { field_code: 'on', field_name: 'Ontario' },
  ],
  filter_stages: [{ field_code: 'OC', field_name: 'Out of Control' }],
  filter_responses: [{ field_code: 'FUL', field_name: 'Full Response' }],
});

afterEach(() => vi.restoreAllMocks());

/** The text an element's aria-describedby points at, as a screen reader reads it after the name. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** jsdom's Blob has neither text() nor arrayBuffer(). */
function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe('national fires list', () => {
  it('puts the first fire before the downloads and the note for GIS tools', async () => {
    installFetch({ '/v1/wildfires': () => json({ items: [row('G1')], meta: meta(1) }) });
    renderApp('/national');
    const table = await screen.findByRole('table');
    const downloads = screen.getByRole('heading', { name: 'Download this list' });
    const exportButton = screen.getByRole('button', { name: 'Export (CSV)' });
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(table, downloads)).toBe(true);
    expect(follows(table, exportButton)).toBe(true);
    expect(follows(screen.getByRole('combobox', { name: /Agency/ }), table)).toBe(true);
  });

  it('shows the 11 columns with the number formats, and "of N results"', async () => {
    const silent = row('G2', { field_system_fire_cause: null, field_response_type: null });
    installFetch({
      '/v1/wildfires': () => json({ items: [row('G1'), row('=cmd'), silent], meta: meta(45) }),
    });
    renderApp('/national');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Agency Fire ID',
      'Agency Code',
      'Agency Data Timezone',
      'Situation Report Date',
      'Status Date',
      'Stage of Control Status',
      'National Fire Cause',
      'Response Type',
      'Fire Size (ha)',
      'Latitude',
      'Longitude',
    ]);
    const first = within(table).getByRole('row', { name: /G1/ });
    expect(first.textContent).toContain('12,345.7');
    expect(first.textContent).toContain('50.1235');
    expect(first.textContent).toContain('-120.5000');
    expect(first.textContent).toContain('Out of Control');
    expect(first.textContent).toContain('Human');
    // What the agency did not report is said so, not guessed (Undetermined, Full Response).
    const cells = within(within(table).getByRole('row', { name: /G2/ }))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect([cells[5], cells[6]]).toEqual(['Not reported', 'Not reported']);
    expect(screen.getAllByText('1–20 of 45 results')).toBeTruthy();
    const pageSelect = screen.getAllByRole('combobox', { name: 'Page' })[0];
    expect(pageSelect?.querySelectorAll('option')).toHaveLength(3);
    // Label, select and "of N" wrap as one unit (styled nowrap): "of 3" never alone on a phone line.
    expect(pageSelect?.closest('.fires-pager-page')?.textContent).toMatch(/^Page.*of 3$/);
  });

  it("says when the fire data last changed, in the centre's time, in English and French", async () => {
    installFetch({ '/v1/wildfires': () => json({ items: [row('G1')], meta: meta(1) }) });
    const line = () => document.querySelector('.national-fires .figure-as-of')?.textContent;
    renderApp('/national');
    await waitFor(() => expect(line()).toBe('Valid as of July 1, 2026 at 2:05 p.m. UTC−5'));
    cleanup();
    renderApp('/national', { locale: 'fr' });
    await waitFor(() => expect(line()).toBe('Valide en date du 1 juillet 2026 à 14 h 05 UTC−5'));
  });

  it('keeps filters and page in the URL and sends them to the API, each filter "Any..." by default', async () => {
    const { calls } = installFetch({ '/v1/wildfires': () => json({ items: [row('G1')], meta: meta(45) }) });
    const { router } = renderApp('/national?stage=OC&page=2');
    const agency = await screen.findByRole('combobox', { name: 'Agency' });
    expect((agency as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Any Agency');
    expect((screen.getByRole('combobox', { name: 'Stage of Control' }) as HTMLSelectElement).value).toBe(
      'OC',
    );
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('page')).toBe('2'));
    await userEvent.selectOptions(agency, 'bc');
    await waitFor(() => expect(router.state.location.search).toBe('?stage=OC&agency=bc'));
    const last = calls.at(-1)?.url.searchParams;
    expect([last?.get('agency'), last?.get('stage'), last?.get('page')]).toEqual(['bc', 'OC', '1']);
    // The current season by default (no value sent: the API's default), every season on request.
    const season = screen.getByRole('combobox', { name: 'Season' }) as HTMLSelectElement;
    expect(season.selectedOptions[0]?.textContent).toBe('This season (carry-over fires included)');
    expect(last?.has('season')).toBe(false);
    await userEvent.selectOptions(season, 'all');
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('season')).toBe('all'));
    expect(router.state.location.search).toBe('?stage=OC&agency=bc&season=all');
  });

  it('keeps both filters when a second is chosen before the first has reached the URL', async () => {
    installFetch({ '/v1/wildfires': () => json({ items: [row('G1')], meta: meta(45) }) });
    const { router } = renderApp('/national');
    const agency = await screen.findByRole('combobox', { name: 'Agency' });
    const stage = screen.getByRole('combobox', { name: 'Stage of Control' });
    // Two choices in one turn of the event loop, as a quick hand on a busy machine makes them: the
    // page has not rendered the first one's address when the second arrives.
    act(() => {
      fireEvent.change(agency, { target: { value: 'bc' } });
      fireEvent.change(stage, { target: { value: 'OC' } });
    });
    await waitFor(() => expect(router.state.location.search).toBe('?agency=bc&stage=OC'));
  });

  it('counts Next from the page asked for while that page still loads', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    installFetch({
      '/v1/wildfires': async (url) => {
        const page = Number(url.searchParams.get('page') ?? 1);
        if (page === 2) await held;
        return json({ items: [row(`G${page}`)], meta: meta(100, page) });
      },
    });
    const { router } = renderApp('/national');
    await screen.findByText('G1');
    const next = () => screen.getAllByRole('button', { name: 'Next page' })[0] as HTMLElement;
    await userEvent.click(next());
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    // Page 2 has not arrived: page 1's rows are still shown, and Next goes on to page 3.
    expect(screen.getByText('G1')).toBeTruthy();
    await userEvent.click(next());
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    release();
    expect(await screen.findByText('G3')).toBeTruthy();
  });

  it('sorts and searches by fire id through the URL and the API', async () => {
    const { calls } = installFetch({ '/v1/wildfires': () => json({ items: [row('G1')], meta: meta(45) }) });
    const { router } = renderApp('/national?page=2&sort=bogus&q=%25');
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    // Unusable values from a link are ignored, never sent.
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('page')).toBe('2'));
    expect([calls.at(-1)?.url.searchParams.has('sort'), calls.at(-1)?.url.searchParams.has('q')]).toEqual([
      false,
      false,
    ]);
    await userEvent.selectOptions(sort, 'Largest fire first');
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('sort')).toBe('-field_fire_size'));
    const search = screen.getByRole('searchbox', { name: 'Search by fire ID' });
    await userEvent.clear(search);
    await userEvent.type(search, ' g7{Enter}');
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('q')).toBe('G7'));
    const last = calls.at(-1)?.url.searchParams;
    expect([last?.get('sort'), last?.get('page')]).toEqual(['-field_fire_size', '1']);
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('G7');
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe(
      'National fires, Largest fire first; fire size in hectares',
    );
  });

  it('goes back to page 1 of the same filters when a shared link names a page past the end', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const pageError = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'page: page 2 is beyond the last page (1)',
      code: 'query.page_beyond_last',
      params: { page: 2, last: 1 },
      validationErrors: { page: fieldError('query.page_beyond_last', { page: 2, last: 1 }) },
    };
    const { calls } = installFetch({
      '/v1/wildfires': (url) =>
        url.searchParams.get('page') === '2'
          ? json(pageError, 400)
          : json({ items: [row('G1')], meta: meta(1) }),
    });
    const { router } = renderApp('/national?agency=pe&page=2');
    expect(await screen.findByRole('row', { name: /G1/ })).toBeTruthy();
    expect(router.state.location.search).toBe('?agency=pe');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText('External server URL')).toBeNull();
    const last = calls.at(-1)?.url.searchParams;
    expect([last?.get('agency'), last?.get('page')]).toEqual(['pe', '1']);
  });

  it('still shows the error box when the 400 names another parameter', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    installFetch({
      '/v1/wildfires': () =>
        json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'x',
            code: 'request.invalid',
            params: {},
            validationErrors: { agency: fieldError('field.invalid') },
          },
          400,
        ),
    });
    const { router } = renderApp('/national?agency=pe&page=2');
    expect(await screen.findByText('External server URL')).toBeTruthy();
    expect(router.state.location.search).toBe('?agency=pe&page=2');
  });

  it('exports every matching row as CIFFC.csv (BOM, quoted, formulas neutralised)', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:x';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    let downloaded = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    const { calls } = installFetch({
      '/v1/wildfires': (url) =>
        url.searchParams.get('export') === 'true'
          ? json({ items: [row('G1'), row('=cmd')], meta: meta(2, null) })
          : json({ items: [row('G1')], meta: meta(2) }),
    });
    renderApp('/national?agency=bc');
    await userEvent.click(await screen.findByRole('button', { name: 'Export (CSV)' }));
    await waitFor(() => expect(downloaded).toBe('CIFFC.csv'));
    const exportCall = calls.find((c) => c.url.searchParams.get('export') === 'true');
    expect(exportCall?.url.searchParams.get('agency')).toBe('bc');
    const bytes = await blobBytes(blobs[0] as Blob);
    const text = new TextDecoder().decode(bytes);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]).toBe(
      '"field_agency_fire_id","field_agency_code","field_agency_data_timezone","field_situation_report_date","field_status_date","field_stage_of_control_status","field_system_fire_cause","field_response_type","field_fire_size","field_latitude","field_longitude"',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]?.startsWith(`"'=cmd","bc"`)).toBe(true);
  });

  it('alerts "Export Aborted. Your search yielded no results." when nothing matches, offering no file', async () => {
    const api = installFetch({ '/v1/wildfires': () => json({ items: [], meta: meta(0) }) });
    renderApp('/national?agency=pe');
    expect(await screen.findByText('0 results. No fires match these filters.')).toBeTruthy();
    const exportButton = screen.getByRole('button', { name: 'Export (CSV)' });
    expect(exportButton.getAttribute('aria-disabled')).toBe('true');
    expect(description(exportButton)).toBe('0 results. No fires match these filters.');
    await userEvent.click(exportButton);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Export Aborted. Your search yielded no results.',
    );
    // The page already knows there is nothing: no request for the whole list.
    expect(api.calls.filter((c) => c.url.searchParams.get('export'))).toHaveLength(0);
  });

  it('offers the view as CSV, GeoJSON, KML and GeoPackage links carrying the filters, the order and the language', async () => {
    installFetch({ '/v1/wildfires': () => json({ items: [row('G1')], meta: meta(1) }) });
    renderApp('/national?agency=bc&stage=OC&sort=-field_fire_size', { locale: 'fr' });
    const group = await screen.findByRole('group', { name: 'Télécharger cette vue' });
    const links = within(group).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Tableur (CSV, en-têtes et noms en français)',
      'GeoJSON (SIG, cartes Web)',
      'KML (Google Earth)',
      'GeoPackage (QGIS, ArcGIS)',
    ]);
    const urls = links.map((l) => new URL(l.getAttribute('href') ?? '', 'http://localhost'));
    expect(urls.map((u) => u.searchParams.get('format'))).toEqual(['csv', 'geojson', 'kml', 'gpkg']);
    for (const url of urls) {
      expect(url.pathname).toBe('/v1/wildfires/download');
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        agency: 'bc',
        stage: 'OC',
        sort: '-field_fire_size',
        lang: 'fr',
      });
    }
    expect(links.map((l) => l.getAttribute('download'))).toEqual([
      'CIFFC-fires.csv',
      'CIFFC-fires.geojson',
      'CIFFC-fires.kml',
      'CIFFC-fires.gpkg',
    ]);
  });

  it('marks the downloads aria-disabled with the reason when no fire matches', async () => {
    installFetch({ '/v1/wildfires': () => json({ items: [], meta: meta(0) }) });
    renderApp('/national?agency=pe');
    const group = await screen.findByRole('group', { name: 'Download this view' });
    await within(group).findAllByRole('button');
    expect(within(group).queryAllByRole('link')).toHaveLength(0);
    for (const button of within(group).getAllByRole('button')) {
      expect(button.getAttribute('aria-disabled')).toBe('true');
      expect(description(button)).toBe('0 results. No fires match these filters.');
    }
    await userEvent.click(within(group).getByRole('button', { name: /GeoJSON/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Export Aborted. Your search yielded no results.',
    );
  });
});

describe("a fire's perimeter captures", () => {
  const captures: FirePerimeters = {
    agency_code: 'bc',
    agency_fire_id: 'G1',
    items: [
      {
        id: 7,
        captured_at: '2026-07-18T20:00:00.000Z',
        area_ha: 400.25,
        agency_area_ha: null,
        source: 'api',
        current: false,
      },
      {
        id: 9,
        captured_at: '2026-07-20T18:30:00.000Z',
        area_ha: 912.5,
        agency_area_ha: 900,
        source: 'feed',
        current: true,
      },
    ].map((c) => ({ ...c, geometry: { type: 'Polygon' as const, coordinates: [] } })),
  };

  it('opens from the fire id: when each was mapped, its area, the change and the source', async () => {
    const { calls } = installFetch({
      '/v1/wildfires': () => json({ items: [row('G1'), row('G2')], meta: meta(2) }),
      '/v1/perimeters/fires/bc/G1': () => json(captures),
    });
    renderApp('/national');
    const toggle = await screen.findByRole('button', { name: 'G1 perimeter captures' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = await screen.findByRole('table', {
      name: 'Perimeter captures of fire G1 (BC), oldest first',
    });
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')?.contains(table)).toBe(true);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Captured (UTC)', 'Mapped area (ha)', 'Change since the previous capture (ha)', 'Source']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => Array.from(r.children).map((c) => c.textContent))).toEqual([
      ['Jul 18, 2026, 8:00 p.m.', '400.3', '–', 'Agency import'],
      ['Jul 20, 2026, 6:30 p.m. (current)', '912.5', '+512.3', 'Scheduled feed'],
    ]);
    expect(calls.some((c) => c.url.pathname === '/v1/perimeters/fires/bc/G1')).toBe(true);
    await userEvent.click(toggle);
    expect(screen.queryByRole('table', { name: /Perimeter captures/ })).toBeNull();
  });

  it('says so when no perimeter was mapped, in French too', async () => {
    installFetch({
      '/v1/wildfires': () => json({ items: [row('G2')], meta: meta(1) }),
      '/v1/perimeters/fires/bc/G2': () => json({ message: 'No perimeter' }, 404),
    });
    renderApp('/national', { locale: 'fr' });
    await userEvent.click(await screen.findByRole('button', { name: 'G2 captures du périmètre' }));
    expect(await screen.findByText('Aucun périmètre n’a été cartographié pour ce feu.')).toBeTruthy();
  });
});
