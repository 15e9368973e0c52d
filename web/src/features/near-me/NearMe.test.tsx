import type { NearFiresResponse, Place } from '@ciffc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFetch, json } from '../../test/fake-fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { NearMe } from './NearMe.tsx';

const kelowna: Place = {
  id: '5990579',
  name: 'Kelowna',
  province_code: 'bc',
  province_name: 'British Columbia',
  latitude: 49.88307,
  longitude: -119.48568,
  population: 125109,
};
const kelownaFr: Place = { ...kelowna, province_name: 'Colombie-Britannique' };

const nearFire = (
  id: string,
  distance: number,
  direction: 'N' | 'SW',
  perimeter: number | null,
  lang: 'en' | 'fr',
) => ({
  field_agency_code: 'bc',
  field_agency_fire_id: id,
  agency_name: lang === 'fr' ? 'Colombie-Britannique' : 'British Columbia',
  field_stage_of_control_status: 'OC' as const,
  stage_name: lang === 'fr' ? 'Hors de contrôle' : 'Out of Control',
  field_fire_size: 1250.5,
  field_latitude: 50,
  field_longitude: -119.5,
  field_status_date: '2026-07-19',
  field_situation_report_date: '2026-07-18',
  distance_km: distance,
  bearing_deg: direction === 'N' ? 0 : 225,
  direction,
  perimeter_area_ha: perimeter,
  agency_fire_page: 'https://wildfiresituation.nrs.gov.bc.ca/',
});

function api() {
  return installFetch({
    '/v1/places': (url) => {
      const fr = url.searchParams.get('lang') === 'fr';
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return json({
        items: 'kelowna'.startsWith(q) ? [fr ? kelownaFr : kelowna] : [],
        attribution: 'GeoNames',
      });
    },
    '/v1/fires/near': (url) => {
      const near = url.searchParams.get('near') ?? '';
      const lang = url.searchParams.get('lang') === 'fr' ? 'fr' : 'en';
      if (near === '999') return json({ code: 'query.unknown_place' }, 400);
      const place = near === kelowna.id ? (lang === 'fr' ? kelownaFr : kelowna) : null;
      const [lat, lon] = place ? [place.latitude, place.longitude] : near.split(',').map(Number);
      const answer: NearFiresResponse = {
        origin: { place, latitude: lat as number, longitude: lon as number },
        radius_km: 100,
        total: 3,
        items: [nearFire('K10N', 12.4, 'N', null, lang), nearFire('K50SW', 4.25, 'SW', 1180.4, lang)],
        valid_as: '2026-07-20T12:00:00Z',
      };
      return json(answer);
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Fires near me', () => {
  it('finds a community from the keyboard, puts it in the address and lists the nearest fires', async () => {
    const { calls } = api();
    const onFocus = vi.fn();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<NearMe onFocus={onFocus} />);
    const box = screen.getByRole('combobox', { name: 'Community' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.type(box, 'kel');
    const option = await screen.findByRole('option', { name: 'Kelowna, British Columbia' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('1 community found')).toBeTruthy();
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(option.id);
    await user.keyboard('{Enter}');
    expect((box as HTMLInputElement).value).toBe('Kelowna, British Columbia');
    await waitFor(() => expect(router.state.location.search).toBe('?near=5990579'));
    expect(
      await screen.findByText('3 active fires within 100 km of Kelowna, British Columbia.'),
    ).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Nearest active fires' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('12 km N');
    expect(items[0]?.textContent).toContain('Fire K10N (British Columbia)');
    expect(items[0]?.textContent).toContain('Stage: Out of Control');
    expect(items[0]?.textContent).toContain('Size: 1,250.5 ha');
    expect(items[0]?.textContent).toContain('No mapped perimeter');
    expect(items[1]?.textContent).toContain('4.3 km SW');
    expect(items[1]?.textContent).toContain('Mapped perimeter: 1,180.4 ha');
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link', { name: 'British Columbia wildfire page' })
        .getAttribute('href'),
    ).toBe('https://wildfiresituation.nrs.gov.bc.ca/');
    expect(
      screen
        .getByRole('link', { name: /Atom feed of new and changed fires within 100 km/ })
        .getAttribute('href'),
    ).toBe('/v1/fires/near.atom?near=5990579');
    expect(onFocus).toHaveBeenLastCalledWith({
      longitude: kelowna.longitude,
      latitude: kelowna.latitude,
      radiusKm: 100,
      label: 'Kelowna',
    });
    expect(
      calls.some((c) => c.url.pathname === '/v1/fires/near' && c.url.searchParams.get('near') === '5990579'),
    ).toBe(true);
  });

  it('restores the place from the address, in French, and clears it', async () => {
    api();
    const onFocus = vi.fn();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<NearMe onFocus={onFocus} />, {
      path: '/?near=5990579',
      locale: 'fr',
    });
    expect(
      await screen.findByText('3 feux actifs à moins de 100 km de Kelowna, Colombie-Britannique.'),
    ).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Feux actifs les plus proches' });
    expect(list.textContent).toContain('12 km N');
    expect(list.textContent).toContain('4,3 km SO');
    expect(list.textContent).toContain('Superficie : 1\u00a0250,5 ha');
    expect(screen.getByRole('link', { name: /fil Atom/ }).getAttribute('href')).toBe(
      '/v1/fires/near.atom?near=5990579&lang=fr',
    );
    await user.click(screen.getByRole('button', { name: 'Effacer le lieu' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(onFocus).toHaveBeenLastCalledWith(undefined);
  });

  it('asks for the position only when "My location" is pressed, and uses it', async () => {
    api();
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 49.88307, longitude: -119.48568 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<NearMe />);
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'My location' }));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(router.state.location.search).toBe('?near=49.8831%2C-119.4857'));
    expect(await screen.findByText('3 active fires within 100 km of your location.')).toBeTruthy();
  });

  it('says so when the position is refused or unavailable, in each language', async () => {
    api();
    let code = 1;
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code } as GeolocationPositionError),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const user = userEvent.setup();
    renderWithProviders(<NearMe />, { locale: 'fr' });
    await user.click(screen.getByRole('button', { name: 'Ma position' }));
    expect(screen.getByText(/Votre position n’a pas été partagée/)).toBeTruthy();
    code = 2;
    await user.click(screen.getByRole('button', { name: 'Ma position' }));
    expect(screen.getByText(/Votre position n’est pas disponible/)).toBeTruthy();
  });

  it('says an unknown place in the address is not known', async () => {
    api();
    renderWithProviders(<NearMe />, { path: '/?near=999' });
    expect((await screen.findByRole('alert')).textContent).toContain('names a place that is not known');
  });
});
