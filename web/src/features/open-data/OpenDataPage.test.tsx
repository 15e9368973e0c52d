import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetch } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render.tsx';

const hrefs = (region: HTMLElement) =>
  within(region)
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

describe('open data page', () => {
  it('gives the OGC address with QGIS and ArcGIS steps, the downloads, the OpenAPI document, the feeds and the licence', async () => {
    installFetch({});
    renderApp('/data');
    expect(await screen.findByRole('heading', { level: 1, name: 'Open data' })).toBeTruthy();
    const origin = window.location.origin;
    const ogc = screen.getByRole('region', { name: /OGC API – Features layer/ });
    expect(hrefs(ogc)).toContain(`${origin}/v1/ogc`);
    expect(hrefs(ogc)).toContain(`${origin}/v1/ogc?f=html&lang=en`);
    expect(ogc.textContent).toContain('the fires and their perimeters');
    expect(within(ogc).getByRole('heading', { level: 3, name: 'QGIS' })).toBeTruthy();
    expect(ogc.textContent).toContain('Add WFS / OGC API – Features Layer');
    expect(ogc.textContent).toContain('New OGC API Server');
    const downloads = screen.getByRole('region', { name: 'Downloads of the national fires list' });
    expect(hrefs(downloads)).toEqual([
      '/national',
      ...['csv', 'csv-codes', 'csv-excel-fr', 'geojson', 'kml', 'gpkg'].map(
        (f) => `${origin}/v1/wildfires/download?format=${f}&lang=en`,
      ),
    ]);
    expect(downloads.textContent).toContain('CSV for Excel in French: semicolons and decimal commas');
    const perimeters = screen.getByRole('region', { name: 'Downloads of the fire perimeters' });
    expect(hrefs(perimeters)).toEqual(
      ['geojson', 'kml', 'gpkg'].map((f) => `${origin}/v1/perimeters/download?format=${f}&lang=en`),
    );
    // The "changed since" recipe: the items whose updated_at is later, every season, and with GDAL.
    expect(within(ogc).getByRole('heading', { level: 3, name: 'What changed since a time' })).toBeTruthy();
    const since = new URL(hrefs(ogc).find((h) => h?.includes('updated_at')) ?? '');
    expect(since.pathname).toBe('/v1/ogc/collections/fires/items');
    expect(since.searchParams.get('datetime')).toBe('../..');
    expect(since.searchParams.get('filter')).toBe("updated_at > TIMESTAMP('2026-07-15T12:00:00Z')");
    expect(ogc.textContent).toContain(`-where "updated_at > '2026-07-15T12:00:00Z'"`);
    expect(hrefs(screen.getByRole('region', { name: 'The JSON API' }))).toEqual([
      `${origin}/v1/openapi.json`,
    ]);
    expect(hrefs(screen.getByRole('region', { name: 'Atom feeds' }))).toEqual([
      `${origin}/v1/sitrep/feed.atom?lang=en`,
      `${origin}/v1/sitrep/preparedness-level.atom?lang=en`,
    ]);
    const licence = screen.getByRole('region', { name: 'Licence and attribution' });
    expect(
      within(licence).getByRole('link', { name: 'Open Government Licence – Canada' }).getAttribute('href'),
    ).toBe('https://open.canada.ca/en/open-government-licence-canada');
    expect(licence.textContent).toContain(
      'Contains information licensed under the Open Government Licence – Canada',
    );
  });

  it('reads in French, with the French licence and French downloads', async () => {
    installFetch({});
    renderApp('/data', { locale: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Données ouvertes' })).toBeTruthy();
    const licence = screen.getByRole('region', { name: 'Licence et attribution' });
    expect(within(licence).getByRole('link').getAttribute('href')).toBe(
      'https://ouvert.canada.ca/fr/licence-du-gouvernement-ouvert-canada',
    );
    expect(licence.textContent).toContain(
      'Contient des informations visées par la Licence du gouvernement ouvert – Canada',
    );
    const downloads = screen.getByRole('region', { name: 'Téléchargements de la liste nationale des feux' });
    expect(
      hrefs(downloads)
        .slice(1)
        .every((h) => h?.endsWith('&lang=fr')),
    ).toBe(true);
    const perimeters = screen.getByRole('region', { name: 'Téléchargements des périmètres des feux' });
    expect(hrefs(perimeters).every((h) => h?.endsWith('&lang=fr'))).toBe(true);
    expect(downloads.textContent).toContain('CSV pour Excel en français');
    const ogc = screen.getByRole('region', { name: /Dans QGIS, ArcGIS ou GDAL/ });
    expect(ogc.textContent).toContain('Ce qui a changé depuis un moment donné');
    expect(ogc.textContent).toContain('Ajouter une couche WFS / OGC API – Features');
    expect(hrefs(ogc)).toContain(`${window.location.origin}/v1/ogc?f=html&lang=fr`);
  });

  it('gives the vector tiles of the fires and the perimeters, with the QGIS step, in both languages', async () => {
    installFetch({});
    renderApp('/data');
    const ogc = await screen.findByRole('region', { name: /OGC API – Features layer/ });
    expect(within(ogc).getByRole('heading', { level: 3, name: 'Vector tiles' })).toBeTruthy();
    expect(ogc.textContent).toContain('Add Vector Tile Layer');
    for (const collection of ['fires', 'perimeters'])
      expect(ogc.textContent).toContain(
        `${window.location.origin}/v1/ogc/collections/${collection}/tiles/WebMercatorQuad/{z}/{y}/{x}`,
      );
    cleanup();
    renderApp('/data', { locale: 'fr' });
    const fr = await screen.findByRole('region', { name: /Dans QGIS, ArcGIS ou GDAL/ });
    expect(within(fr).getByRole('heading', { level: 3, name: 'Tuiles vectorielles' })).toBeTruthy();
  });
});
