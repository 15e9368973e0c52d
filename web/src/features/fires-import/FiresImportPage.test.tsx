import type { FireImportsPage, FiresImportProgress } from '@ciffc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { installFetch, json, text } from '../../test/fake-fetch.ts';
import { agencyUser, ciffcUser, renderApp } from '../../test/render.tsx';
import type { ImportSummary } from './api.ts';

const HISTORY: FireImportsPage = {
  items: [
    {
      id: 7,
      created_at: '2026-07-15T12:00:00.000Z',
      source: 'api',
      user_id: 1,
      username: 'ciffc',
      agency_code: null,
      format: 'csv',
      file_name: 'activefires.csv',
      file_bytes: 1200,
      total_rows: 16,
      inserted: 11,
      updated: 0,
      unchanged: 0,
      rejected: 5,
      ended: 0,
      overruled: 0,
      snapshot_on: null,
    },
  ],
  meta: { page: 1, page_size: 50, total_pages: 1, total_results: 1 },
};

const summary = (dryRun: boolean): ImportSummary => ({
  import_id: dryRun ? null : 8,
  format: 'csv',
  dry_run: dryRun,
  total_rows: 3,
  accepted_count: 2,
  rejected_count: 1,
  rejected_by_reason: { 'agency_code:us_agency': 1 },
  inserted: 2,
  updated: 0,
  unchanged: 0,
  overruled: 1,
  overruled_by: { feed: 1 },
  snapshot_on: '2026-07-15',
  ended: 4,
  accepted: [
    { row: 1, line: 2, agency_code: 'ab', agency_fire_id: 'HWF001', action: 'inserted' },
    { row: 2, line: 3, agency_code: 'ab', agency_fire_id: 'HWF002', action: 'inserted' },
  ],
  rejected: [
    {
      row: 3,
      line: 4,
      agency_code: 'ak',
      agency_fire_id: '526042',
      reason: 'US agency "ak": only Canadian agencies are imported',
      reason_code: 'agency_code:us_agency',
      code: 'import.us_agency',
      params: { agency: 'ak' },
      errors: { agency_code: 'US agency "ak": only Canadian agencies are imported' },
    },
  ],
  accepted_truncated: 0,
  rejected_truncated: 0,
});

/** A dry run of a large file: 300 rejected rows, the answer listing the first 100. */
const largeSummary = (): ImportSummary => {
  const base = summary(true);
  const first = base.rejected[0] as ImportSummary['rejected'][number];
  return {
    ...base,
    total_rows: 5_300,
    accepted_count: 5_000,
    rejected_count: 300,
    rejected_by_reason: { 'agency_code:us_agency': 300 },
    accepted_truncated: 4_900,
    rejected: Array.from({ length: 100 }, (_, i) => ({ ...first, row: i + 1, line: i + 2 })),
    rejected_truncated: 200,
  };
};

/** The import's server side: answers each upload with the summary after reporting progress. */
class ImportServer {
  static sent: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  /** The answer to give instead of the summary (a refused file, a large file's summary). */
  static refusal: { status: number; body: unknown } | null = null;
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  /** Holds the answer after the upload until the test releases it (a large file's check). */
  static checking: Promise<void> | null = null;
  upload: { onprogress: ((e: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    ImportServer.sent.push({ url: this.url, headers: this.headers, body });
    const dryRun = this.url.includes('dry_run=true');
    // Answered after `send` returns, as a real request is: no wall-clock delay needed.
    queueMicrotask(async () => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
      if (ImportServer.checking) {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 } as ProgressEvent);
        this.upload.onload?.();
        await ImportServer.checking;
      }
      this.status = ImportServer.refusal?.status ?? 200;
      this.responseText = JSON.stringify(ImportServer.refusal?.body ?? summary(dryRun));
      this.onload?.();
    });
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  ImportServer.sent = [];
  ImportServer.refusal = null;
  ImportServer.checking = null;
});

/** The screen's live stage (the toasts have their own status regions). */
const checkStatus = () =>
  waitFor(() => {
    const status = screen.getAllByRole('status').find((el) => el.closest('.fires-import'));
    if (!status) throw new Error('no stage of the import yet');
    return status;
  });

/** How often the screen asks the server how far its check is (CHECK_POLL_MS of ./api.ts). */
const POLL_MS = 1000;

/** The server checks a large file: each poll of its progress answers the next stage, then the summary. */
function checkingServer() {
  let release = () => {};
  ImportServer.checking = new Promise<void>((resolve) => {
    release = resolve;
  });
  const stages: [FiresImportProgress, FiresImportProgress] = [
    { stage: 'checking', rows_checked: 20_000, rows_written: 0 },
    { stage: 'writing', rows_checked: 100_000, rows_written: 42_000 },
  ];
  const polled: string[] = [];
  // The screen names its import with a random UUID: a known one here, for the handler's path.
  const name = '0b7e6a52-4c1d-4f0e-9a57-2f8d3c1e5b90';
  vi.spyOn(crypto, 'randomUUID').mockReturnValue(name);
  installFetch({
    '/v1/fires/imports': () => json({ ...HISTORY, items: [] }),
    [`/v1/fires/import/progress/${name}`]: (url) => {
      polled.push(url.pathname);
      return json(polled.length === 1 ? stages[0] : stages[1]);
    },
  });
  vi.stubGlobal('XMLHttpRequest', ImportServer);
  return { release, polled };
}

describe('fires import screen', () => {
  it('checks a file, lists each rejected row with its line and reason, then imports on confirmation', async () => {
    installFetch({ '/v1/fires/imports': () => json(HISTORY) });
    vi.stubGlobal('XMLHttpRequest', ImportServer);
    renderApp('/agency/fires-import', { user: ciffcUser });
    expect(await screen.findByRole('heading', { name: 'Import Fires' })).toBeTruthy();
    const history = await screen.findByRole('table', { name: 'Imports, newest first' });
    expect(within(history).getByText(/activefires\.csv/)).toBeTruthy();
    expect(within(history).getByText('11 / 0 / 0 / 5')).toBeTruthy();

    const file = new File(['agency, firename\r\n'], 'activefires.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('Fire file (CSV or GeoJSON)'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    const rejected = await screen.findByRole('table', { name: 'Rejected rows' });
    const cells = within(rejected)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['3', '4', 'ak', '526042', 'US agency "ak": only Canadian agencies are imported']);
    expect(screen.getByText(/agency_code:us_agency/)).toBeTruthy();
    expect(ImportServer.sent[0]?.url).toMatch(/dry_run=true&file_name=activefires\.csv$/);
    expect(
      screen.getByText(/1 row was not applied: a newer or stronger report .* \(agency feed 1\)/),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Complete list as of 2026-07-15: 4 fires of its agencies that it no longer lists will end.',
      ),
    ).toBeTruthy();
    expect(ImportServer.sent[0]?.headers['Content-Type']).toBe('text/csv');

    await userEvent.click(screen.getByRole('button', { name: 'Import 2 fires' }));
    expect(await screen.findByRole('heading', { name: 'Imported activefires.csv' })).toBeTruthy();
    expect(ImportServer.sent[1]?.url).toMatch(/dry_run=false/);
    expect(screen.getByText(/4 fires of its agencies that it no longer lists ended\./)).toBeTruthy();
    expect(ImportServer.sent[1]?.body).toBe(file);
  });

  it('sends the complete-list choice only when the user makes one', async () => {
    installFetch({ '/v1/fires/imports': () => json(HISTORY) });
    vi.stubGlobal('XMLHttpRequest', ImportServer);
    renderApp('/agency/fires-import', { user: ciffcUser });
    const file = new File(['a,b\r\n'], 'ab.csv', { type: 'text/csv' });
    await userEvent.upload(await screen.findByLabelText('Fire file (CSV or GeoJSON)'), file);
    await userEvent.selectOptions(screen.getByLabelText(/Complete list of its agencies/), 'always');
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await screen.findByRole('table', { name: 'Rejected rows' });
    expect(ImportServer.sent[0]?.url).toMatch(/&snapshot=true$/);
    await userEvent.selectOptions(screen.getByLabelText(/Complete list of its agencies/), 'never');
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await waitFor(() => expect(ImportServer.sent[1]?.url).toMatch(/&snapshot=false$/));
  });

  it('shows the reason of a rejected row and a refused file in French, from their codes', async () => {
    installFetch({ '/v1/fires/imports': () => json({ ...HISTORY, items: [] }) });
    vi.stubGlobal('XMLHttpRequest', ImportServer);
    renderApp('/agency/fires-import', { user: ciffcUser, locale: 'fr' });
    const file = new File(['agency, firename\r\n'], 'feux.csv', { type: 'text/csv' });
    await userEvent.upload(await screen.findByLabelText(/Fichier de feux/), file);
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier le fichier' }));
    const rejected = await screen.findByRole('table', { name: 'Lignes rejetées' });
    expect(within(rejected).getAllByRole('cell').at(-1)?.textContent).toBe(
      'Agence américaine «\u00a0ak\u00a0» : seules les agences canadiennes sont importées',
    );
    ImportServer.refusal = {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Malformed file: missing column(s) latitude, longitude',
        code: 'import.missing_columns',
        params: { columns: 'latitude, longitude' },
      },
    };
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier le fichier' }));
    expect(
      await screen.findByText('Fichier mal formé : colonne(s) manquante(s) latitude, longitude'),
    ).toBeTruthy();
  });

  it('says a large file lists the first 100 of its rejected rows and downloads the report of every one', async () => {
    const { calls } = installFetch({
      '/v1/fires/imports': () => json(HISTORY),
      '/v1/fires/import': () => text('row,line\r\n', { headers: { 'content-type': 'text/csv' } }),
    });
    ImportServer.refusal = { status: 200, body: largeSummary() };
    vi.stubGlobal('XMLHttpRequest', ImportServer);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    // jsdom has no object URLs; they are put back after the test.
    const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    onTestFinished(() => {
      Object.assign(URL, objectUrls);
    });
    Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => {} });
    renderApp('/agency/fires-import', { user: ciffcUser });
    const file = new File(['agency_code\r\n'], 'season.csv', { type: 'text/csv' });
    await userEvent.upload(await screen.findByLabelText('Fire file (CSV or GeoJSON)'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    const rejected = await screen.findByRole('table', { name: 'Rejected rows (the first 100 of 300)' });
    expect(within(rejected).getAllByRole('row')).toHaveLength(101);
    await userEvent.click(
      screen.getByRole('button', { name: 'Download the report of every rejected row (300 rows, CSV)' }),
    );
    await waitFor(() => expect(saved).toEqual(['season-rejected.csv']));
    const report = calls.find((c) => c.url.pathname === '/v1/fires/import');
    const params = report?.url.searchParams;
    expect(params?.get('report')).toBe('csv');
    expect(params?.get('file_name')).toBe('season.csv');
    expect(params?.get('progress')).toMatch(/^[\w-]{8,64}$/);
    expect(report?.init?.method).toBe('POST');
    expect(report?.init?.body).toBe(file);
  });

  it('shows the server checking the file while it makes the full report, by the name it sent, until the report comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const name = '5d2c7f1e-8b3a-4c6d-9e0f-1a2b3c4d5e6f';
    const polled: string[] = [];
    const { calls } = installFetch({
      '/v1/fires/imports': () => json(HISTORY),
      '/v1/fires/import': async () => {
        await held;
        return text('row,line\r\n', { headers: { 'content-type': 'text/csv' } });
      },
      [`/v1/fires/import/progress/${name}`]: (url) => {
        polled.push(url.pathname);
        return json({ stage: 'checking', rows_checked: 40_000, rows_written: 0 });
      },
    });
    ImportServer.refusal = { status: 200, body: largeSummary() };
    vi.stubGlobal('XMLHttpRequest', ImportServer);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    onTestFinished(() => {
      Object.assign(URL, objectUrls);
    });
    Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => {} });
    renderApp('/agency/fires-import', { user: ciffcUser });
    const file = new File(['agency_code\r\n'], 'season.csv', { type: 'text/csv' });
    await userEvent.upload(await screen.findByLabelText('Fire file (CSV or GeoJSON)'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await screen.findByRole('table', { name: 'Rejected rows (the first 100 of 300)' });
    vi.spyOn(crypto, 'randomUUID').mockReturnValue(name);
    await userEvent.click(
      screen.getByRole('button', { name: 'Download the report of every rejected row (300 rows, CSV)' }),
    );
    const status = await checkStatus();
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await waitFor(() =>
      expect(status.textContent?.trim()).toBe('The server is checking the file: 40,000 rows checked so far.'),
    );
    expect(within(status).getByRole('progressbar', { name: 'Check on the server' })).toBeTruthy();
    const report = calls.find((c) => c.url.pathname === '/v1/fires/import');
    expect(report?.url.searchParams.get('progress')).toBe(name);
    expect(polled[0]).toBe(`/v1/fires/import/progress/${name}`);
    release();
    await waitFor(() => expect(saved).toEqual(['season-rejected.csv']));
    await waitFor(() =>
      expect(screen.queryAllByRole('status').filter((el) => el.closest('.fires-import'))).toEqual([]),
    );
  });

  it('says in French which rejected rows a large file lists and offers the report', async () => {
    installFetch({ '/v1/fires/imports': () => json({ ...HISTORY, items: [] }) });
    ImportServer.refusal = { status: 200, body: largeSummary() };
    vi.stubGlobal('XMLHttpRequest', ImportServer);
    renderApp('/agency/fires-import', { user: ciffcUser, locale: 'fr' });
    const file = new File(['agency_code\r\n'], 'feux.csv', { type: 'text/csv' });
    await userEvent.upload(await screen.findByLabelText(/Fichier de feux/), file);
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier le fichier' }));
    expect(
      await screen.findByRole('table', { name: 'Lignes rejetées (les 100 premières sur 300)' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', {
        name: 'Télécharger le rapport de toutes les lignes rejetées (300 lignes, CSV)',
      }),
    ).toBeTruthy();
  });

  it('shows the server checking a large file, then writing it, by the name it sent, until the answer', async () => {
    // The screen asks every second (time-driven): the test moves the clock instead of waiting.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const server = checkingServer();
    renderApp('/agency/fires-import', { user: ciffcUser });
    const file = new File(['agency_code\r\n'], 'season.csv', { type: 'text/csv' });
    await userEvent.upload(await screen.findByLabelText('Fire file (CSV or GeoJSON)'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    const status = await checkStatus();
    expect(status.getAttribute('aria-live')).toBe('polite');
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await waitFor(() =>
      expect(status.textContent?.trim()).toBe('The server is checking the file: 20,000 rows checked so far.'),
    );
    expect(within(status).getByRole('progressbar', { name: 'Check on the server' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('value')).toBe('100');
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await waitFor(() =>
      expect(status.textContent?.trim()).toBe(
        'The server checked 100,000 rows and is comparing and writing them: 42,000 done so far.',
      ),
    );
    const sent = new URL(ImportServer.sent[0]?.url ?? '', 'http://localhost').searchParams;
    expect(server.polled[0]).toBe(`/v1/fires/import/progress/${sent.get('progress')}`);
    server.release();
    expect(await screen.findByRole('heading', { name: 'Check of season.csv' })).toBeTruthy();
    expect(document.querySelector('.fires-import [role="status"]')).toBeNull();
  });

  it('says in French how far the server is in checking the file', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const server = checkingServer();
    renderApp('/agency/fires-import', { user: ciffcUser, locale: 'fr' });
    const file = new File(['agency_code\r\n'], 'feux.csv', { type: 'text/csv' });
    await userEvent.upload(await screen.findByLabelText(/Fichier de feux/), file);
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier le fichier' }));
    const status = await checkStatus();
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await waitFor(() =>
      expect(status.textContent?.trim()).toMatch(/^Le serveur vérifie le fichier : 20\s000 lignes/),
    );
    expect(within(status).getByRole('progressbar', { name: 'Vérification sur le serveur' })).toBeTruthy();
    server.release();
    expect(await screen.findByRole('heading', { name: 'Vérification de feux.csv' })).toBeTruthy();
  });

  it('speaks French and shows the sidebar entry to an agency user', async () => {
    installFetch({ '/v1/fires/imports': () => json({ ...HISTORY, items: [] }) });
    renderApp('/agency/fires-import', { user: agencyUser('bc'), locale: 'fr' });
    expect(await screen.findByRole('heading', { name: 'Importer des feux' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Aucune importation.')).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Importer des feux' })).toBeTruthy();
  });
});

describe('the OGC API layer on the national fires page', () => {
  it('links to /v1/ogc with how to add it in QGIS, in both languages', async () => {
    const { OgcLayerNote } = await import('../../shared/ui/OgcLayerNote.tsx');
    const { renderWithProviders } = await import('../../test/render.tsx');
    const url = `${window.location.origin}/v1/ogc`;
    renderWithProviders(<OgcLayerNote />);
    expect(screen.getByRole('link', { name: url }).getAttribute('href')).toBe(url);
    expect(screen.getByText(/In QGIS: Layer › Add Layer/)).toBeTruthy();
  });
});
