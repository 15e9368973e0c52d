import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import type { MapPerimeterProperties } from './map-perimeters.ts';
import { largestPerimeters, PerimetersInView } from './PerimetersInView.tsx';

const perimeter = (id: number, area: number, extra: Partial<MapPerimeterProperties> = {}) =>
  ({
    id,
    agency_code: 'bc',
    agency_fire_id: `K${id}`,
    fire_name: null,
    stage_of_control: 'OC',
    response_type: 'FUL',
    fire_size: area,
    area_ha: area,
    agency_area_ha: null,
    captured_at: '2026-07-14T20:00:00.000Z',
    captures: 1,
    group: 'OC',
    ...extra,
  }) satisfies MapPerimeterProperties;

describe('perimeters in view (the keyboard path to any perimeter)', () => {
  it('keeps the largest perimeters by mapped area, largest first, ties by id', () => {
    const all = Array.from({ length: 300 }, (_, i) => perimeter(i + 1, (i * 37) % 50));
    const top = largestPerimeters(all);
    expect(top).toHaveLength(20);
    const expected = [...all].sort((a, b) => b.area_ha - a.area_ha || a.id - b.id).slice(0, 20);
    expect(top.map((p) => p.id)).toEqual(expected.map((p) => p.id));
  });

  it('opens any perimeter from the keyboard, those of no reported fire among them, in both languages', async () => {
    const onOpen = vi.fn();
    const perimeters = largestPerimeters([
      perimeter(1, 12.5),
      perimeter(2, 5400.25, { agency_code: 'on', agency_fire_id: 'NIP12', fire_size: null, group: 'NONE' }),
      perimeter(3, 830, { agency_code: 'cwfis', agency_fire_id: null, fire_size: null, group: 'NONE' }),
    ]);
    const { unmount } = renderWithProviders(
      <PerimetersInView perimeters={perimeters} total={41} onOpen={onOpen} />,
    );
    const user = userEvent.setup();
    await user.tab();
    const summary = screen.getByText(
      'Largest perimeters in this view (3 perimeters of 41), for their details',
    );
    expect(document.activeElement).toBe(summary);
    // jsdom does not give <summary> the browser's Enter-to-toggle (the e2e spec presses it); a click does.
    await user.click(summary);
    const buttons = within(screen.getByRole('list')).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Perimeter of NIP12 (ON), no reported fire, 5,400.3 ha mapped',
      'Perimeter of no identified fire, 830.0 ha mapped',
      'Perimeter of K1 (BC), 12.5 ha mapped',
    ]);
    await user.tab();
    expect(document.activeElement).toBe(buttons[0]);
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(perimeters[0], buttons[0]);
    await user.tab();
    await user.keyboard(' ');
    expect(onOpen).toHaveBeenLastCalledWith(perimeters[1], buttons[1]);
    unmount();
    renderWithProviders(<PerimetersInView perimeters={perimeters} total={41} onOpen={onOpen} />, {
      locale: 'fr',
    });
    await user.click(screen.getByText(/^Plus grands périmètres de cette vue \(3 périmètres sur 41\)/));
    expect(
      within(screen.getByRole('list'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Périmètre de NIP12 (ON), aucun feu déclaré, 5\u00a0400,3 ha cartographiés',
      'Périmètre d’aucun feu identifié, 830,0 ha cartographiés',
      'Périmètre de K1 (BC), 12,5 ha cartographiés',
    ]);
  });

  it('says so in French when no perimeter is drawn in the view', async () => {
    renderWithProviders(<PerimetersInView perimeters={[]} total={0} onOpen={() => {}} />, { locale: 'fr' });
    await userEvent.click(screen.getByText(/^Plus grands périmètres de cette vue \(0 périmètre sur 0\)/));
    expect(screen.getByText('Aucun périmètre n’est dessiné dans cette vue.')).toBeTruthy();
  });
});
