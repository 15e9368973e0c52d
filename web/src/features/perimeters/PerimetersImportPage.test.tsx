import type { PerimetersImportResult, PerimetersInspectResult } from '@ciffc/contracts';
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
  unmatched_reasons: { 'perimeters.unmatched_no_fire': 1 },
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

/** A US interagency file as NIFC publishes it: no agency, and Alberta's mapping remembered. */
const inspected: PerimetersInspectResult = {
  format: 'geojson',
  total_features: 2,
  attributes: [
    { name: 'poly_IncidentName', samples: ['Border Ridge', 'Kettle'] },
    { name: 'attr_UniqueFireIdentifier', samples: ['K50123', 'K59998'] },
    { name: 'poly_DateCurrent', samples: ['1784073600000'] },
    { name: 'POO_Agency', samples: ['bc'] },
  ],
  detected: {
    fire_id: 'attr_UniqueFireIdentifier',
    captured_at: 'poly_DateCurrent',
    agency: null,
    area_ha: null,
  },
  saved: [
    {
      agency_code: 'bc',
      fire_id: 'attr_UniqueFireIdentifier',
      captured_at: 'poly_DateCurrent',
      agency: null,
      area_ha: null,
      updated_by: 'bc',
      updated_at: '2026-07-01T00:00:00.000Z',
    },
  ],
  proposed: {
    fire_id: 'attr_UniqueFireIdentifier',
    captured_at: 'poly_DateCurrent',
    agency: null,
    area_ha: null,
  },
  proposed_from: null,
};

const noAgency: PerimetersImportResult = {
  ...checked,
  format: 'geojson',
  refused_count: 0,
  refused: [],
  unmatched_reasons: { 'perimeters.unmatched_no_agency': 1 },
  unmatched: [
    {
      feature: 1,
      agency_code: null,
      agency_fire_id: 'K50123',
      captured_at: '2026-07-15T00:00:00.000Z',
      area_ha: 101.2,
      agency_area_ha: 101.17,
      matched: false,
      action: 'inserted',
      code: 'perimeters.unmatched_no_agency',
      params: {},
      reason: 'the file names no agency for this perimeter',
    },
  ],
};

function perimeterApi(answer: PerimetersImportResult = checked) {
  return installFetch({
    '/v1/perimeters/imports': () => json({ items: [] }),
    '/v1/perimeters/import': (url) =>
      url.searchParams.get('inspect') === 'true'
        ? json(inspected)
        : json({ ...answer, dry_run: url.searchParams.get('dry_run') === 'true' }),
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
    expect(await screen.findByRole('group', { name: 'Fields of the file' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Check only (nothing is saved)' })).toHaveProperty(
      'checked',
      true,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send the file' }));
    expect(
      await screen.findByRole('heading', { name: 'Checked bc-perimeters.kml: nothing was saved' }),
    ).toBeTruthy();
    const sent = calls.find(
      (c) => c.url.pathname === '/v1/perimeters/import' && !c.url.searchParams.has('inspect'),
    );
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
    expect(await screen.findByRole('group', { name: 'Champs du fichier' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Numéro du feu' })).toHaveProperty(
      'value',
      'attr_UniqueFireIdentifier',
    );
    // One agency for the whole file is the national centre's choice only.
    expect(screen.queryByRole('combobox', { name: 'Agence de tout le fichier' })).toBeNull();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Vérifier seulement (rien n’est enregistré)' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer le fichier' }));
    expect(await screen.findByRole('heading', { name: 'bc.geojson importé' })).toBeTruthy();
    expect(screen.getByText('l’anneau 1 se croise près de -119.95, 50.05')).toBeTruthy();
  });

  it("maps the file's fields: proposes the detected ones, sends the ones chosen, and one agency for the whole file", async () => {
    const { calls } = perimeterApi(noAgency);
    renderApp('/agency/perimeters-import', { user: ciffcUser });
    const file = new File(['{}'], 'nifc.geojson', { type: 'application/geo+json' });
    await userEvent.upload(await screen.findByLabelText('Perimeter file'), file);
    const step = await screen.findByRole('group', { name: 'Fields of the file' });
    const inspect = calls.find((c) => c.url.searchParams.get('inspect') === 'true');
    expect(inspect?.init?.body).toBe(file);
    const fireNumber = within(step).getByRole('combobox', { name: 'Fire number' });
    expect(fireNumber).toHaveProperty('value', 'attr_UniqueFireIdentifier');
    expect(within(step).getByRole('combobox', { name: 'Agency' })).toHaveProperty('value', '');
    expect(
      within(fireNumber).getByRole('option', { name: 'poly_IncidentName (e.g. Border Ridge, Kettle)' }),
    ).toBeTruthy();

    // Without an agency, the answer explains each perimeter and what to do.
    await userEvent.click(screen.getByRole('button', { name: 'Send the file' }));
    const unmatched = await screen.findByRole('table', { name: 'Perimeters of no reported fire (kept)' });
    expect(
      within(unmatched).getByText(
        'the file names no agency for this perimeter: choose the attribute that holds the agency, or one agency for the whole file',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('1 perimeter names no agency');

    // Picking BC for the whole file proposes BC's remembered mapping; the choice goes with the file.
    await userEvent.selectOptions(
      within(step).getByRole('combobox', { name: 'Agency of the whole file' }),
      'bc',
    );
    expect(within(step).getByText('Proposed: the mapping last used for BC.')).toBeTruthy();
    await userEvent.selectOptions(
      within(step).getByRole('combobox', { name: 'Agency’s hectares' }),
      'poly_DateCurrent',
    );
    await userEvent.selectOptions(within(step).getByRole('combobox', { name: 'Agency’s hectares' }), '');
    await userEvent.selectOptions(
      within(step).getByRole('combobox', { name: 'Capture date' }),
      'poly_DateCurrent',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send the file' }));
    await screen.findByRole('heading', { name: 'Checked nifc.geojson: nothing was saved' });
    const sent = calls.filter(
      (c) => c.url.pathname === '/v1/perimeters/import' && !c.url.searchParams.has('inspect'),
    );
    const last = sent[sent.length - 1]?.url.searchParams;
    expect(last?.get('agency')).toBe('bc');
    expect(last?.get('fire_id_field')).toBe('attr_UniqueFireIdentifier');
    expect(last?.get('captured_at_field')).toBe('poly_DateCurrent');
    expect(last?.has('area_ha_field')).toBe(false);
    expect(last?.has('agency_field')).toBe(false);
  });

  it('says in French why a perimeter matches no fire, and that a file over the limit is too large in megabytes', async () => {
    installFetch({
      '/v1/perimeters/imports': () => json({ items: [] }),
      '/v1/perimeters/import': (url) =>
        url.searchParams.get('inspect') === 'true'
          ? json(
              {
                statusCode: 413,
                error: 'Payload Too Large',
                code: 'request.too_large_mb',
                params: { max: 64 },
                message: 'File too large: at most 64 MB',
              },
              413,
            )
          : json(noAgency),
    });
    renderApp('/agency/perimeters-import', { user: ciffcUser, locale: 'fr' });
    const file = new File(['{}'], 'gros.geojson', { type: 'application/geo+json' });
    await userEvent.upload(await screen.findByLabelText('Fichier de périmètres'), file);
    expect(await screen.findByText('Fichier trop volumineux : au plus 64 Mo')).toBeTruthy();
  });
});
