import { createExpression } from '@maplibre/maplibre-gl-style-spec';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stageGroupOf } from '../../shared/map/constants.ts';
import { installFetch, json } from '../../test/fake-fetch.ts';
import { renderApp, renderWithProviders } from '../../test/render.tsx';
import { FiresInView, perimeterKey } from './FiresInView.tsx';
import type { MapFireProperties } from './map-fires.ts';
import {
  differenceFromReported,
  type MapPerimeterProperties,
  PERIMETER_GROUP,
  perimeterOfTile,
  perimeterPoint,
  perimeterTilesSource,
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

/** Perimeters as the vector tiles give them: a value not known is absent (MVT has no null). */
const tile: Record<string, unknown>[] = [
  {
    id: 7,
    agency_code: 'bc',
    agency_fire_id: 'K50123',
    stage_of_control: 'OC',
    response_type: 'MON',
    fire_size: 1200,
    area_ha: 1314.6,
    agency_area_ha: 1250,
    captured_at: '2026-07-14T20:00:00.000Z',
    captures: 3,
  },
  { id: 8, area_ha: 40, captured_at: '2026-07-14T20:00:00.000Z', captures: 1 },
  { id: 9 },
];

describe('map perimeters', () => {
  it("reads a tile's perimeter: the fire's stage group, NONE without a fire, none without an id or area", () => {
    expect(tile.map((p) => perimeterOfTile(p)?.group)).toEqual(['MON_OC', 'NONE', undefined]);
    expect(perimeterOfTile(tile[1])).toMatchObject({
      agency_fire_id: null,
      fire_size: null,
      fire_name: null,
    });
    expect(perimeterOfTile(null)).toBeUndefined();
    expect(differenceFromReported({ area_ha: 1314.6, fire_size: 1200 })?.share).toBeCloseTo(0.0955, 3);
    expect(differenceFromReported({ area_ha: 40, fire_size: null })).toBeUndefined();
  });

  it("groups a tile's perimeters in MapLibre's expression as the legend groups the fires", () => {
    const parsed = createExpression(PERIMETER_GROUP, 'filter');
    if (parsed.result !== 'success') throw new Error(JSON.stringify(parsed.value));
    const group = (properties: Record<string, string>) =>
      parsed.value.evaluate({ zoom: 5 }, { type: 'Polygon', properties } as never);
    for (const stage of ['OC', 'BH', 'UC', 'OUT'])
      for (const response of ['FUL', 'MOD', 'MON'])
        expect(group({ stage_of_control: stage, response_type: response }), `${stage} ${response}`).toBe(
          stageGroupOf(stage, response) ?? 'NONE',
        );
    expect(group({})).toBe('NONE');
  });

  it("draws the perimeters from the API's OGC vector tiles, only over Canada", () => {
    const source = perimeterTilesSource('https://cwfis.example');
    expect(source.tiles).toEqual([
      'https://cwfis.example/v1/ogc/collections/perimeters/tiles/WebMercatorQuad/{z}/{y}/{x}',
    ]);
    expect(source.bounds).toEqual([-141.5, 41.5, -52, 83.5]);
    expect(source.maxzoom).toBe(12);
  });

  it("points a perimeter's popup at the middle of its drawn pieces, none without a polygon", () => {
    const east = [
      [
        [-120.3, 50.6],
        [-120.1, 50.6],
        [-120.1, 50.8],
        [-120.3, 50.6],
      ],
    ];
    expect(
      perimeterPoint([
        { type: 'Polygon', coordinates: square },
        { type: 'MultiPolygon', coordinates: [east] },
      ]),
    ).toEqual({ longitude: -120.25, latitude: 50.7 });
    expect(perimeterPoint([{ type: 'Point', coordinates: [-120, 50] }])).toBeUndefined();
  });

  it('shows the fire, the mapped area, the capture it is as of and the difference from the reported size', () => {
    const perimeter = perimeterOfTile(tile[0]) as MapPerimeterProperties;
    renderWithProviders(<PerimeterDetails perimeter={perimeter} />);
    expect(screen.getByText('K50123 (BC)')).toBeTruthy();
    expect(screen.getByText('1,314.6 ha')).toBeTruthy();
    expect(screen.getByText('July 14, 2026 (3 captures kept)')).toBeTruthy();
    expect(screen.getByText('1,200.0 ha')).toBeTruthy();
    expect(screen.getByText('+114.6 ha (+10%)')).toBeTruthy();
  });

  it('speaks French, and says when a perimeter has no reported fire', () => {
    const perimeter = perimeterOfTile(tile[1]) as MapPerimeterProperties;
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
    ].map((c) => ({ ...c, geometry: { type: 'Polygon' as const, coordinates: square } }));
    installFetch({
      '/v1/perimeters/fires/bc/K50123': () => json({ agency_code: 'bc', agency_fire_id: 'K50123', items }),
    });
    const perimeter = perimeterOfTile(tile[0]) as MapPerimeterProperties;
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
    const perimeter = perimeterOfTile(tile[1]) as MapPerimeterProperties;
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
