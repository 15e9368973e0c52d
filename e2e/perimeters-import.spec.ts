import { expect, test } from '@playwright/test';
import { axeOf, login } from './support.ts';

/**
 * The perimeter import's field mapping on the running stack: a US interagency (NIFC) file, which
 * names no agency, checked by the national centre; each perimeter says why it matches no fire
 * until an agency is chosen for the whole file.
 */
test('the national centre maps a NIFC file: no agency explained per perimeter, then BC chosen for the whole file', async ({
  page,
}) => {
  await login(page, 'ciffc');
  const fires = await (
    await page.request.get('/v1/ogc/collections/fires/items?agency_code=bc&limit=1')
  ).json();
  const fireId: string = fires.features[0].properties.agency_fire_id;
  const nifc = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: {
          poly_IncidentName: 'Border Ridge',
          attr_UniqueFireIdentifier: fireId,
          poly_DateCurrent: Date.parse('2026-07-15T00:00:00Z'),
          poly_GISAcres: 250,
        },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [-119.5, 49.05],
              [-119.48, 49.05],
              [-119.48, 49.07],
              [-119.5, 49.07],
              [-119.5, 49.05],
            ],
          ],
        },
      },
    ],
  };
  await page.goto('/agency/perimeters-import');
  await page.getByLabel('Perimeter file').setInputFiles({
    name: 'nifc.geojson',
    mimeType: 'application/geo+json',
    buffer: Buffer.from(JSON.stringify(nifc)),
  });
  const step = page.getByRole('group', { name: 'Fields of the file' });
  await expect(step.getByRole('combobox', { name: 'Fire number' })).toHaveValue('attr_UniqueFireIdentifier');
  await expect(step.getByRole('combobox', { name: 'Agency', exact: true })).toHaveValue('');
  const results = await axeOf(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id} (${v.nodes.length}) ${v.help}`)).toEqual([]);

  await page.getByRole('button', { name: 'Send the file' }).click();
  await expect(page.getByRole('heading', { name: 'Checked nifc.geojson: nothing was saved' })).toBeVisible();
  const unmatched = page.getByRole('table', { name: 'Perimeters of no reported fire (kept)' });
  await expect(unmatched).toContainText('the file names no agency for this perimeter');
  await expect(page.getByRole('note')).toContainText('1 perimeter names no agency');

  await step.getByRole('combobox', { name: 'Agency of the whole file' }).selectOption('bc');
  await page.getByRole('button', { name: 'Send the file' }).click();
  await expect(unmatched).toBeHidden();
  await expect(page.getByText(/1 feature: 1 accepted .*, 0 refused, 0 of no reported fire\./)).toBeVisible();
});
