import { zoomBand } from '@ciffc/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFetch, json } from '../../test/fake-fetch.ts';
import { renderApp, renderWithProviders } from '../../test/render.tsx';
import { FiresInView, perimeterKey } from './FiresInView.tsx';
import type { MapFireProperties } from './map-fires.ts';
import {
  differenceFromReported,
  type MapPerimeterProperties,
  parsePerimeters,
  perimetersQuery,
} from './map-perimeters.ts';
import { PerimeterDetails } from './PerimeterDetails.tsx';

const square = [
  [
    [-120.4, 50.6],
    [-120.3, 50.6],
    [-120.3, 50.7],
    [-120.4, 50.6],
  ],
];

const answer = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 7,
      geometry: { type: 'Polygon', coordinates: square },
      properties: {
        id: 7,
        agency_code: 'bc',
        agency_fire_id: 'K50123',
        fire_name: null,
        stage_of_control: 'OC',
        response_type: 'MON',
        fire_size: 1200,
        area_ha: 1314.6,
        agency_area_ha: 1250,
        captured_at: '2026-07-14T20:00:00.000Z',
        captures: 3,
      },
    },
    {
      type: 'Feature',
      id: 8,
      geometry: { type: 'Polygon', coordinates: square },
      properties: { id: 8, area_ha: 40, captured_at: '2026-07-14T20:00:00.000Z', captures: 1 },
    },
    { type: 'Feature', id: 9, geometry: { type: 'Point', coordinates: [-120, 50] }, properties: { id: 9 } },
  ],
};

describe('map perimeters', () => {
  it('reads the perimeters: stage group of the fire, NONE without one, other geometries left out', () => {
    const parsed = parsePerimeters(JSON.stringify(answer));
    expect(parsed.features.map((f) => [f.id, f.properties.group])).toEqual([
      [7, 'MON_OC'],
      [8, 'NONE'],
    ]);
    expect(parsePerimeters('<html>proxy error</html>').features).toEqual([]);
    expect(differenceFromReported({ area_ha: 1314.6, fire_size: 1200 })?.share).toBeCloseTo(0.0955, 3);
    expect(differenceFromReported({ area_ha: 40, fire_size: null })).toBeUndefined();
  });

  it('asks one address for every view of a grid cell at one zoom band', () => {
    const a = perimetersQuery([-120.3, 50.2, -119.1, 51.3], 7.2).queryKey;
    const b = perimetersQuery([-121.9, 50.9, -118.2, 51.8], 8).queryKey;
    expect(a).toEqual(b);
    expect(a[1]).toEqual({ bbox: '-122,50,-118,52', zoom: zoomBand(8).maxZoom });
    expect(perimetersQuery([-130, 45, -60, 70], 3).queryKey[1]).toEqual({
      bbox: '-141.5,41.5,-52,83.5',
      zoom: 4,
    });
  });

  it('shows the fire, the mapped area, the capture it is as of and the difference from the reported size', () => {
    const perimeter = parsePerimeters(answer).features[0]?.properties as MapPerimeterProperties;
    renderWithProviders(<PerimeterDetails perimeter={perimeter} />);
    expect(screen.getByText('K50123 (BC)')).toBeTruthy();
    expect(screen.getByText('1,314.6 ha')).toBeTruthy();
    expect(screen.getByText('July 14, 2026 (3 captures kept)')).toBeTruthy();
    expect(screen.getByText('1,200.0 ha')).toBeTruthy();
    expect(screen.getByText('+114.6 ha (+10%)')).toBeTruthy();
  });

  it('speaks French, and says when a perimeter has no reported fire', () => {
    const perimeter = parsePerimeters(answer).features[1]?.properties as MapPerimeterProperties;
    renderWithProviders(
      <PerimeterDetails perimeter={{ ...perimeter, agency_code: 'ab', agency_fire_id: 'HWF9' }} />,
      {
        locale: 'fr',
      },
    );
    expect(screen.getByText('Superficie cartographiée')).toBeTruthy();
    expect(screen.getByText(/aucun feu déclaré sous cet identifiant/)).toBeTruthy();
    expect(screen.getByText('14 juillet 2026 (1 relevé conservé)')).toBeTruthy();
    expect(screen.queryByText('Écart avec la superficie déclarée')).toBeNull();
  });

  it("opens the fire's captures over time from the popup, oldest first, in both languages", async () => {
    const items = [
      {
        id: 5,
        captured_at: '2026-07-10T00:00:00.000Z',
        area_ha: 800,
        agency_area_ha: null,
        source: 'api',
        current: false,
      },
      {
        id: 6,
        captured_at: '2026-07-12T06:00:00.000Z',
        area_ha: 1100.5,
        agency_area_ha: null,
        source: 'api',
        current: false,
      },
      {
        id: 7,
        captured_at: '2026-07-14T20:00:00.000Z',
        area_ha: 1314.6,
        agency_area_ha: 1250,
        source: 'feed',
        current: true,
      },
    ].map((c) => ({ ...c, geometry: { type: 'Polygon', coordinates: square } }));
    installFetch({
      '/v1/perimeters/fires/bc/K50123': () => json({ agency_code: 'bc', agency_fire_id: 'K50123', items }),
    });
    const perimeter = parsePerimeters(answer).features[0]?.properties as MapPerimeterProperties;
    const { unmount } = renderWithProviders(<PerimeterDetails perimeter={perimeter} />);
    const toggle = screen.getByRole('button', { name: 'Captures over time' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = await screen.findByRole('list', { name: 'Perimeter captures, oldest first (UTC)' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent?.replace(/\s/g, ' '))).toEqual([
      'Jul 10, 2026, 12:00 a.m. UTC: 800.0 ha',
      'Jul 12, 2026, 6:00 a.m. UTC: 1,100.5 ha',
      'Jul 14, 2026, 8:00 p.m. UTC: 1,314.6 ha (current)',
    ]);
    unmount();

    renderWithProviders(<PerimeterDetails perimeter={perimeter} />, { locale: 'fr' });
    await userEvent.click(screen.getByRole('button', { name: 'Relevés dans le temps' }));
    const fr = await screen.findByRole('list', {
      name: 'Relevés du périmètre, du plus ancien au plus récent (UTC)',
    });
    expect(fr.querySelectorAll('li')[2]?.textContent?.replace(/\s/g, ' ')).toBe(
      '14 juill. 2026, 20 h 00 UTC : 1 314,6 ha (actuel)',
    );
  });

  it('offers no captures list for a perimeter kept once', () => {
    const perimeter = parsePerimeters(answer).features[1]?.properties as MapPerimeterProperties;
    renderWithProviders(<PerimeterDetails perimeter={perimeter} />);
    expect(screen.queryByRole('button', { name: 'Captures over time' })).toBeNull();
  });

  it('offers the perimeters in the legend, shown by default, in both languages', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    installFetch({
      '/v1/dashboard/fires': () => json({ type: 'FeatureCollection', features: [] }),
      '/v1/wildfire/stats': () => json({ date: '2026-07-01', items: [] }),
    });
    renderApp('/');
    const toggle = await screen.findByRole('checkbox', { name: 'Burned area (fire perimeters)' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await userEvent.click(toggle);
    expect((toggle as HTMLInputElement).checked).toBe(false);
  });

  it('names the legend entry in French', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    installFetch({
      '/v1/dashboard/fires': () => json({ type: 'FeatureCollection', features: [] }),
      '/v1/wildfire/stats': () => json({ date: '2026-07-01', items: [] }),
    });
    renderApp('/', { locale: 'fr' });
    expect(
      await screen.findByRole('checkbox', { name: 'Superficie brûlée (périmètres des feux)' }),
    ).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Périmètres' })).toBeTruthy();
  });

  it("says in the view's fires list which fires have a perimeter drawn, in both languages", async () => {
    const fire = (id: string, size: number): MapFireProperties => ({
      field_agency_fire_id: id,
      field_fire_size: size,
      field_stage_of_control_status: 'OC',
      field_response_type: 'FUL',
      field_status_date: '2026-07-02',
      field_agency_code: 'bc',
      field_situation_report_date: '2026-07-01',
      field_system_fire_cause: 'N',
      latitude: 50.6,
      longitude: -120.4,
      group: 'OC',
      size_class: 'large',
      key: size,
    });
    const fires = [fire('K50123', 1200), fire('K50200', 1100)];
    const withPerimeter = new Set([perimeterKey('bc', 'K50123')]);
    const { unmount } = renderWithProviders(
      <FiresInView fires={fires} total={2} onOpen={() => {}} withPerimeter={withPerimeter} />,
    );
    expect(screen.getByRole('button', { name: /^K50123 \(BC\).*, perimeter mapped$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^K50200 \(BC\), 1,100.0 ha, Out of Control$/ })).toBeTruthy();
    unmount();
    renderWithProviders(
      <FiresInView fires={fires} total={2} onOpen={() => {}} withPerimeter={withPerimeter} />,
      {
        locale: 'fr',
      },
    );
    expect(screen.getByRole('button', { name: /^K50123 \(BC\).*, périmètre cartographié$/ })).toBeTruthy();
  });
});
