import type { DashboardFigures } from '@ciffc/contracts';
import { screen, within } from '@testing-library/react';
import type { Feature, FeatureCollection } from 'geojson';
import { describe, expect, it, vi } from 'vitest';
import type { ApiResponses } from '../../test/api-responses.ts';
import { installFetch, json, type RouteHandler, text } from '../../test/fake-fetch.ts';
import { renderApp, renderWithProviders } from '../../test/render.tsx';
import { DashboardPage } from './DashboardPage.tsx';

const figures: DashboardFigures = {
  period: 'range',
  from_date: '2026-01-01',
  to_date: '2026-07-01',
  fires: 12_345,
  hectares: 2_345_678.4,
  active_fires: 987,
  as_of: '2026-06-30',
  by_stage: [
    { stage_of_control: 'OC', field_name: 'Out of Control', fire_count: 10, area_sum: 5 },
    { stage_of_control: 'BH', field_name: 'Being Held', fire_count: 20, area_sum: 5 },
    { stage_of_control: 'UC', field_name: 'Under Control', fire_count: 30, area_sum: 5 },
    { stage_of_control: 'OUT', field_name: 'Out', fire_count: 40, area_sum: 5 },
  ],
  by_agency: [{ agency_code: 'bc', fire_count: 100, area_sum: 12.5 }],
  by_response: [],
};

function dashboardApi(
  map: RouteHandler<ApiResponses['/v1/dashboard/fires']>,
  sitrep: RouteHandler<ApiResponses['/v1/sitrep/latest']>,
) {
  return installFetch({
    '/v1/dashboard/fires': (url) =>
      url.searchParams.get('map') === 'true' ? map(url, undefined) : json(figures),
    '/v1/wildfire/stats': () =>
      json({ date: '2026-07-01', items: [{ agency_code: 'bc', ytd_fires: 1, fires_today: 7 }] }),
    '/v1/sitrep/latest': sitrep,
    '/v1/dashboard/since-yesterday': () =>
      json({
        date: '2026-07-01',
        new_fires: 7,
        new_fires_yesterday: 3,
        out_fires: 2,
        fires_valid_as: '2026-07-01T18:05:00Z',
        level: { current: '4', current_date: '2026-06-30', previous: '3', previous_date: '2026-06-29' },
      }),
  });
}

/** A section beside those that ask for answers: how many times it is drawn. */
let nearMeDrawn = 0;
function CountedNearMe() {
  nearMeDrawn += 1;
  return null;
}

describe('home dashboard', () => {
  it('shows the stat cards abbreviated (K, M), the two charts, the preparedness level and the sitrep link', async () => {
    // jsdom has no WebGL: the map says so and the rest of the page works.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    dashboardApi(
      () => json({ type: 'FeatureCollection', features: [] }),
      () =>
        json({
          field_date: '2026-06-30',
          field_preparedness_level: 4,
          field_en_summary_comments: 'Busy day in the west.',
          field_fr_summary_comments: 'Journée chargée dans l’ouest.',
        }),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Active Fires Dashboard' })).toBeTruthy();
    // The counters stand with a dash (their place kept) until the figures arrive.
    const cards = await screen.findByRole('region', { name: 'Fire counters' });
    expect(await within(cards).findByText('12.3K')).toBeTruthy();
    expect(within(cards).getByText('2.3M')).toBeTruthy();
    // The national picture comes first, before the map: the level and its change, active, new and out.
    const picture = screen.getByRole('region', { name: 'The national picture' });
    expect(await within(picture).findByText('987')).toBeTruthy();
    expect(within(picture).getByText('7')).toBeTruthy();
    expect(within(picture).getByText('3 the day before')).toBeTruthy();
    expect(within(picture).getByText('2')).toBeTruthy();
    expect(within(picture).getByText('Up from 3: report of Jun 30, 2026')).toBeTruthy();
    expect(within(picture).getByText('Fire data as of July 1, 2026 at 1:05 p.m. UTC−5')).toBeTruthy();
    const map = document.querySelector('section.fires-map') as HTMLElement;
    expect(picture.compareDocumentPosition(map) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The charts are a lazy chunk (Recharts), drawn after the counters (at once here: jsdom has no
    // IntersectionObserver, so the slot does not wait to be scrolled near).
    expect(await screen.findByRole('heading', { name: 'Fires by stage of control' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Fires by agency' })).toBeTruthy();
    expect(await screen.findByText('Level 4')).toBeTruthy();
    expect(screen.getByText(/National resources are largely committed/)).toBeTruthy();
    expect(screen.getByText('Busy day in the west.')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'National situation report of June 30, 2026' }).getAttribute('href'),
    ).toBe('/situation/2026-06-30');
    const pdfs = screen
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'))
      .filter((h) => h?.endsWith('.pdf'));
    expect(pdfs.sort()).toEqual([
      '/uploads/preparedness-levels-en.pdf',
      '/uploads/preparedness-levels-fr.pdf',
      '/uploads/stages-of-control-en.pdf',
      '/uploads/stages-of-control-fr.pdf',
    ]);
  });

  it('treats a map answer in XML as no fires, without breaking the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    dashboardApi(
      () => text('<?xml version="1.0"?><error>down</error>', { headers: { 'Content-Type': 'text/xml' } }),
      () => json({ message: 'Not found' }, 404),
    );
    renderApp('/dashboard');
    expect(await screen.findByText(/Showing 0 active fires of 0/)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Out of control/ })).toBeTruthy();
    expect(await screen.findByText('No national situation report has been published yet.')).toBeTruthy();
  });

  it('counts fires per legend group and hides a group when its box is cleared', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const feature = (stage: string, response: string, size: number): Feature => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-100, 55] },
      properties: {
        field_agency_fire_id: 'X',
        field_fire_size: size,
        field_stage_of_control_status: stage,
        field_response_type: response,
        field_status_date: '2026-07-01',
        field_agency_code: 'mb',
        field_situation_report_date: '2026-07-01',
      },
    });
    dashboardApi(
      () =>
        json({
          type: 'FeatureCollection',
          features: [feature('OC', 'FUL', 5), feature('OC', 'MON', 500), feature('BH', 'FUL', 5000)],
        }),
      () => json({ message: 'Not found' }, 404),
    );
    renderApp('/', { locale: 'fr' });
    expect(await screen.findByText(/3 feux actifs affichés sur 3/)).toBeTruthy();
    const oc = screen.getByRole('checkbox', { name: /^Hors de contrôle/ });
    expect(oc.closest('label')?.textContent).toContain('(1)');
    oc.click();
    expect(await screen.findByText(/2 feux actifs affichés sur 3/)).toBeTruthy();
    screen.getByRole('checkbox', { name: /Plus de 1000 ha/ }).click();
    expect(await screen.findByText(/1 feu actif affiché sur 3/)).toBeTruthy();
  });

  it("dates the map's fires by the newest status or report among them, in the page's language", async () => {
    const fire = (status: string, report: string): Feature => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-100, 55] },
      properties: {
        field_agency_fire_id: status,
        field_fire_size: 5,
        field_stage_of_control_status: 'OC',
        field_response_type: 'FUL',
        field_status_date: status,
        field_agency_code: 'mb',
        field_situation_report_date: report,
      },
    });
    const map = () =>
      json<FeatureCollection>({
        type: 'FeatureCollection',
        features: [
          fire('2026-06-28', '2026-06-29'),
          fire('2026-06-30', '2026-07-02'),
          fire('2026-05-01', '2026-05-01'),
        ],
      });
    for (const [locale, text] of [
      ['en', 'Fires as of Thursday, July 2, 2026'],
      ['fr', 'Feux en date du jeudi 2 juillet 2026'],
    ] as const) {
      dashboardApi(map, () => json({ message: 'Not found' }, 404));
      const { unmount } = renderApp('/', { locale });
      // Its line is there (empty) while the fires load.
      const asOf = await screen.findByText(
        (_, el) => (el?.classList.contains('figure-as-of') ?? false) && el?.textContent === text,
      );
      expect(asOf.querySelector('time')?.getAttribute('datetime')).toBe('2026-07-02');
      unmount();
    }
  });

  it("dates the stat cards by the newest day among the fires they count, in the page's language", async () => {
    for (const [locale, text] of [
      ['en', 'Figures as of Tuesday, June 30, 2026'],
      ['fr', 'Chiffres en date du mardi 30 juin 2026'],
    ] as const) {
      dashboardApi(
        () => json({ type: 'FeatureCollection', features: [] }),
        () => json({ message: 'Not found' }, 404),
      );
      const { unmount } = renderApp('/', { locale });
      const asOf = await screen.findByText(
        (_, el) => (el?.classList.contains('figure-as-of') ?? false) && el?.textContent === text,
      );
      expect(asOf.closest('.stat-cards')).toBeTruthy();
      expect(asOf.querySelector('time')?.getAttribute('datetime')).toBe('2026-06-30');
      // The charts draw the same figures: their description says the same day.
      const chart = await screen.findByRole('heading', {
        name: locale === 'en' ? 'Fires by stage of control' : 'Feux par stade de maîtrise',
      });
      expect(chart.closest('section')?.querySelector('.chart-figure-description')?.textContent).toContain(
        text.replace(/^\S+/, ''),
      );
      unmount();
    }
  });

  it('draws each answer in its own section: the page and its other sections are not drawn again', async () => {
    // Why: React Query's answers render synchronously and in one piece, so an answer the page
    // itself asked for drew the whole page again in one task (Total Blocking Time on a phone).
    vi.spyOn(console, 'error').mockImplementation(() => {});
    dashboardApi(
      () => json({ type: 'FeatureCollection', features: [] }),
      () => json({ field_date: '2026-06-30', field_preparedness_level: 4 }),
    );
    nearMeDrawn = 0;
    renderWithProviders(<DashboardPage nearMe={CountedNearMe} />);
    const atFirst = nearMeDrawn;
    expect(atFirst).toBeGreaterThan(0);
    const cards = await screen.findByRole('region', { name: 'Fire counters' });
    expect(await within(cards).findByText('12.3K')).toBeTruthy();
    const picture = screen.getByRole('region', { name: 'The national picture' });
    expect(await within(picture).findByText('987')).toBeTruthy();
    expect(await within(picture).findByText('3 the day before')).toBeTruthy();
    expect(await screen.findByText('Level 4')).toBeTruthy();
    expect(nearMeDrawn).toBe(atFirst);
  });
});
