import type { PerimetersImportResult } from '@ciffc/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFetch, json } from '../../test/fake-fetch.ts';
import { agencyUser, ciffcUser, renderApp } from '../../test/render.tsx';

const checked: PerimetersImportResult = {
  import_id: null,
  format: 'kml',
  dry_run: true,
  total_features: 3,
  accepted_count: 2,
  refused_count: 1,
  inserted: 2,
  replaced: 0,
  unchanged: 0,
  unmatched_count: 1,
  accepted: [],
  unmatched: [
    {
      feature: 2,
      agency_code: 'bc',
      agency_fire_id: 'K59999',
      captured_at: '2026-07-10T00:00:00.000Z',
      area_ha: 312.5,
      agency_area_ha: null,
      matched: false,
      action: 'inserted',
    },
  ],
  refused: [
    {
      feature: 3,
      agency_code: 'bc',
      agency_fire_id: 'K50124',
      reason: 'ring 1 crosses itself near -119.95, 50.05',
      code: 'perimeters.feature_self_intersection',
      params: { ring: 1, longitude: -119.95, latitude: 50.05 },
    },
  ],
};

function perimeterApi() {
  return installFetch({
    '/v1/perimeters/imports': () => json({ items: [] }),
    '/v1/perimeters/import': (url) =>
      json({ ...checked, dry_run: url.searchParams.get('dry_run') === 'true' }),
  });
}

describe('perimeter import screen', () => {
  it('checks a KML file first: counts, each refused feature with its reason, the unmatched ones kept', async () => {
    const { calls } = perimeterApi();
    renderApp('/agency/perimeters-import', { user: ciffcUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Import fire perimeters' })).toBeTruthy();
    expect(await screen.findByText('No perimeter import yet.')).toBeTruthy();
    const file = new File(['<kml/>'], 'bc-perimeters.kml', { type: 'application/vnd.google-earth.kml+xml' });
    await userEvent.upload(screen.getByLabelText('Perimeter file'), file);
    expect(screen.getByRole('checkbox', { name: 'Check only (nothing is saved)' })).toHaveProperty(
      'checked',
      true,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send the file' }));
    expect(
      await screen.findByRole('heading', { name: 'Checked bc-perimeters.kml: nothing was saved' }),
    ).toBeTruthy();
    const sent = calls.find((c) => c.url.pathname === '/v1/perimeters/import');
    expect(sent?.url.searchParams.get('dry_run')).toBe('true');
    expect(new Headers(sent?.init?.headers).get('content-type')).toBe('application/vnd.google-earth.kml+xml');
    const refused = screen.getByRole('table', { name: 'Refused features' });
    expect(within(refused).getByText('ring 1 crosses itself near -119.95, 50.05')).toBeTruthy();
    const unmatched = screen.getByRole('table', { name: 'Perimeters of no reported fire (kept)' });
    expect(within(unmatched).getByText('K59999 (BC)')).toBeTruthy();
  });

  it('speaks French, the reasons included, for an agency user', async () => {
    perimeterApi();
    renderApp('/agency/perimeters-import', { user: agencyUser('bc'), locale: 'fr' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Importer des périmètres de feux' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Importer des périmètres' })).toBeTruthy();
    const file = new File(['{}'], 'bc.geojson', { type: 'application/geo+json' });
    await userEvent.upload(screen.getByLabelText('Fichier de périmètres'), file);
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Vérifier seulement (rien n’est enregistré)' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer le fichier' }));
    expect(await screen.findByRole('heading', { name: 'bc.geojson importé' })).toBeTruthy();
    expect(screen.getByText('l’anneau 1 se croise près de -119.95, 50.05')).toBeTruthy();
  });
});
