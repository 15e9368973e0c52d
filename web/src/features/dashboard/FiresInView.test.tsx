import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  MARKER_STROKE_PX,
  markerRadius,
  SIZE_CLASSES,
  sizeClassOf,
  stageGroupOf,
} from '../../shared/map/constants.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { FireDetails } from './FireDetails.tsx';
import { FIRES_IN_VIEW_LIMIT, FiresInView, largestFires, perimeterKey } from './FiresInView.tsx';
import type { MapFireProperties } from './map-fires.ts';

const fire = (key: number, size: number, extra: Partial<MapFireProperties> = {}): MapFireProperties => ({
  field_agency_fire_id: `F${key}`,
  field_fire_size: size,
  field_stage_of_control_status: 'OC',
  field_response_type: 'FUL',
  field_status_date: '2026-07-02',
  field_agency_code: 'bc',
  field_situation_report_date: '2026-07-01',
  field_system_fire_cause: 'H',
  latitude: 50.6123,
  longitude: -120.3,
  group: stageGroupOf('OC', 'FUL') ?? 'OC',
  size_class: sizeClassOf(size),
  key,
  ...extra,
});

describe('largestFires', () => {
  it('keeps the largest of 5,000 fires, largest first, ties by agency and fire id', () => {
    // Sizes repeat every 1,000 fires, so the top 20 holds ties that only the id orders.
    const fires = Array.from({ length: 5000 }, (_, i) => fire(i + 1, (i * 7919) % 1000));
    const top = largestFires(fires);
    expect(top).toHaveLength(FIRES_IN_VIEW_LIMIT);
    const expected = [...fires]
      .sort(
        (a, b) =>
          b.field_fire_size - a.field_fire_size ||
          a.field_agency_fire_id.localeCompare(b.field_agency_fire_id),
      )
      .slice(0, FIRES_IN_VIEW_LIMIT);
    expect(top.map((f) => f.key)).toEqual(expected.map((f) => f.key));
    expect(largestFires(fires.slice(0, 3), 5).map((f) => f.field_fire_size)).toEqual([919, 838, 0]);
    expect(largestFires([])).toEqual([]);
  });
});

describe('fires in view (the keyboard path to a popup)', () => {
  it('lists the largest fires in view as buttons that open their popup from the keyboard', async () => {
    const onOpen = vi.fn();
    const fires = largestFires([fire(1, 5), fire(2, 1500.25, { field_agency_code: 'on' }), fire(3, 250)]);
    renderWithProviders(<FiresInView fires={fires} total={312} onOpen={onOpen} />);
    const user = userEvent.setup();
    await user.tab();
    const summary = screen.getByText('Largest fires in this view (3 fires of 312), for their details');
    expect(document.activeElement).toBe(summary);
    // jsdom does not give <summary> the browser's Enter-to-toggle (the e2e spec presses it); a click does.
    await user.click(summary);
    expect(summary.closest('details')?.open).toBe(true);
    const buttons = within(screen.getByRole('list')).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'F2 (ON), 1,500.3 ha, Out of Control',
      'F3 (BC), 250.0 ha, Out of Control',
      'F1 (BC), 5.0 ha, Out of Control',
    ]);
    await user.tab();
    expect(document.activeElement).toBe(buttons[0]);
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(2, buttons[0]);
    await user.tab();
    await user.keyboard(' ');
    expect(onOpen).toHaveBeenLastCalledWith(3, buttons[1]);
  });

  it("opens a fire's perimeter popup from the keyboard, by a button beside the fire, in both languages", async () => {
    const onOpen = vi.fn();
    const onOpenPerimeter = vi.fn();
    const fires = largestFires([fire(1, 5), fire(2, 1500.25, { field_agency_code: 'on' }), fire(3, 250)]);
    const withPerimeter = new Set([perimeterKey('on', 'F2'), perimeterKey('bc', 'F1')]);
    const { unmount } = renderWithProviders(
      <FiresInView
        fires={fires}
        total={3}
        onOpen={onOpen}
        withPerimeter={withPerimeter}
        onOpenPerimeter={onOpenPerimeter}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByText(/^Largest fires in this view/));
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    // Only the fires with a perimeter drawn have the second button, named for the fire.
    expect(
      items.map((li) =>
        within(li)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ),
    ).toEqual([
      ['F2 (ON), 1,500.3 ha, Out of Control, perimeter mapped', 'Perimeter of F2 (ON)'],
      ['F3 (BC), 250.0 ha, Out of Control'],
      ['F1 (BC), 5.0 ha, Out of Control, perimeter mapped', 'Perimeter of F1 (BC)'],
    ]);
    const perimeter = screen.getByRole('button', { name: 'Perimeter of F2 (ON)' });
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(perimeter);
    await user.keyboard('{Enter}');
    expect(onOpenPerimeter).toHaveBeenCalledWith(fires[0], perimeter);
    expect(onOpen).not.toHaveBeenCalled();
    unmount();
    renderWithProviders(
      <FiresInView
        fires={fires}
        total={3}
        onOpen={onOpen}
        withPerimeter={withPerimeter}
        onOpenPerimeter={onOpenPerimeter}
      />,
      { locale: 'fr' },
    );
    await user.click(screen.getByText(/^Plus grands feux de cette vue/));
    await user.click(screen.getByRole('button', { name: 'Périmètre de F1 (BC)' }));
    expect(onOpenPerimeter).toHaveBeenLastCalledWith(fires[2], expect.any(HTMLElement));
  });

  it('says so in French when no fire is drawn in the view', async () => {
    renderWithProviders(<FiresInView fires={[]} total={0} onOpen={() => {}} />, { locale: 'fr' });
    await userEvent.click(
      screen.getByText('Plus grands feux de cette vue (0 feu sur 0), pour leurs détails'),
    );
    expect(screen.getByText('Aucun feu n’est dessiné dans cette vue.')).toBeTruthy();
  });
});

describe('fire popup details', () => {
  it('shows every map feature property, with the situation report date beside the status date', () => {
    renderWithProviders(<FireDetails fire={fire(7, 1234.56, { field_response_type: 'MON' })} />);
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    const values = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(Object.fromEntries(terms.map((t, i) => [t, values[i]]))).toEqual({
      'Agency fire ID': 'F7 (BC)',
      Size: '1,234.6 ha',
      'Stage of control': 'Out of Control',
      'Response type': 'Monitored Response',
      Cause: 'Human',
      Coordinates: '50.6123, -120.3000',
      'Status date': '2026-07-02',
      'Situation report date': '2026-07-01',
    });
    expect(
      screen.getByRole('link', { name: 'British Columbia wildfire information' }).getAttribute('href'),
    ).toBe('https://wildfiresituation.nrs.gov.bc.ca/');
  });

  it('links an agency without a priority-wildfire page to its web site, and names the cause in French', () => {
    renderWithProviders(
      <FireDetails fire={fire(8, 2, { field_agency_code: 'mb', field_system_fire_cause: 'N' })} />,
      { locale: 'fr' },
    );
    expect(screen.getByText('Naturelle')).toBeTruthy();
    expect(screen.getByText('50,6123; -120,3000')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Renseignements sur les feux : Manitoba' }).getAttribute('href'),
    ).toBe('https://www.gov.mb.ca/wildfire/');
  });

  it('labels the rows in French', () => {
    renderWithProviders(<FireDetails fire={fire(7, 2)} />, { locale: 'fr' });
    expect(screen.getByText('Date du statut')).toBeTruthy();
    expect(screen.getByText('Date du rapport de situation')).toBeTruthy();
    expect(screen.getByText('2,0 ha')).toBeTruthy();
  });
});

describe('marker sizes', () => {
  it('draws 8, 12 and 16 px across with the 1 px outline included', () => {
    expect(SIZE_CLASSES.map((s) => 2 * (markerRadius(s.diameter) + MARKER_STROKE_PX))).toEqual([8, 12, 16]);
    expect(SIZE_CLASSES.map((s) => markerRadius(s.diameter))).toEqual([3, 5, 7]);
  });
});
