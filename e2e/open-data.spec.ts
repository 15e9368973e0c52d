import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { DEMO_PASSWORD } from '@ciffc/contracts';
import { type Download, expect, type Page, type Request, test } from '@playwright/test';
import { axeOf } from './support.ts';

/**
 * The open data on the running stack with its demo data: the data page in English and French
 * (axe), and each download of the national list's current view, parsed as the tool would.
 */

/** Our CSV: BOM, every cell quoted, CRLF rows. */
function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0), 'byte order mark').toBe(0xfeff);
  return text
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? '').replaceAll('""', '"')));
}

const run = promisify(execFile);

async function axeViolations(page: Page) {
  const result = await axeOf(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Another site: a page served from 127.0.0.1 on a port of its own, so another origin than the
 * stack's `localhost` (scheme, host and port all count), as a newsroom's web map would be.
 */
async function otherSite(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><title>A newsroom map</title><h1>Fires</h1></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What a script on the other site gets from `fetch`: the answer it may read, or the browser's refusal. */
type Read = { status: number; json: unknown; etag: string | null; bytes: string } | { refused: string };

async function readFrom(page: Page, url: string, headers: Record<string, string> = {}): Promise<Read> {
  return page.evaluate(
    async ({ url, headers }) => {
      try {
        const response = await fetch(url, { headers, credentials: 'omit' });
        const body = new Uint8Array(await response.arrayBuffer());
        const bytes = String.fromCharCode(...body.subarray(0, 16));
        let json: unknown = null;
        try {
          json = JSON.parse(new TextDecoder().decode(body));
        } catch {
          // Not JSON (a GeoPackage): its first bytes say what it is.
        }
        return { status: response.status, json, etag: response.headers.get('etag'), bytes };
      } catch (error) {
        return { refused: String(error) };
      }
    },
    { url, headers },
  );
}

async function take(page: Page, name: RegExp): Promise<{ download: Download; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name }).click(),
  ]);
  return { download, text: readFileSync(await download.path(), 'utf8') };
}

test.describe('open data', () => {
  test('the data page explains each way in, in English and French, with no axe violation', async ({
    page,
  }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'About this site' })
      .getByRole('link', { name: 'Open data' })
      .click();
    await expect(page).toHaveURL(/\/data$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Open data' })).toBeVisible();
    const ogcUrl = `${new URL(page.url()).origin}/v1/ogc`;
    await expect(page.getByRole('link', { name: ogcUrl, exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Each address the page gives answers.
    for (const link of await page.locator('.open-data a[href*="/v1/"]').all()) {
      const href = (await link.getAttribute('href')) ?? '';
      const res = await page.request.get(href);
      expect(res.status(), href).toBe(200);
    }

    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Données ouvertes' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Licence du gouvernement ouvert – Canada' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the national list downloads its view as CSV, GeoJSON, KML and GeoPackage, each with the licence', async ({
    page,
  }) => {
    await page.goto('/national?agency=bc&stage=OC');
    const count = page.locator('.national-fires-count');
    await expect(count).toContainText(/of [\d,]+ results?/);
    const total = Number((await count.textContent())?.match(/of ([\d,]+) result/)?.[1]?.replaceAll(',', ''));
    expect(total).toBeGreaterThan(0);

    const csv = await take(page, /^Spreadsheet \(CSV/);
    expect(csv.download.suggestedFilename()).toBe('CIFFC-fires.csv');
    const [header, ...rows] = parseCsv(csv.text);
    expect(header?.slice(0, 2)).toEqual(['Agency Fire ID', 'Agency']);
    expect(rows).toHaveLength(total);
    for (const row of rows) expect([row[1], row[5]]).toEqual(['British Columbia', 'Out of Control']);

    const geo = await take(page, /^GeoJSON/);
    expect(geo.download.suggestedFilename()).toBe('CIFFC-fires.geojson');
    const collection = JSON.parse(geo.text);
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.crs.properties.name).toBe('urn:ogc:def:crs:OGC:1.3:CRS84');
    expect(collection.license).toBe('https://open.canada.ca/en/open-government-licence-canada');
    expect(collection.features).toHaveLength(total);
    for (const f of collection.features) {
      expect(f.properties).toMatchObject({ agency_code: 'bc', stage_of_control: 'OC' });
      const [lon, lat] = f.geometry.coordinates;
      expect(lon).toBeLessThan(-100);
      expect(lat).toBeGreaterThan(40);
    }

    const kml = await take(page, /^KML/);
    expect(kml.download.suggestedFilename()).toBe('CIFFC-fires.kml');
    // The browser's own XML parser: a KML reader refuses what it refuses (the e2e types have no DOM).
    const doc = await page.evaluate<{ error: number; placemarks: number; description: string }>(`(() => {
      const xml = new DOMParser().parseFromString(${JSON.stringify(kml.text)}, 'application/xml');
      return {
        error: xml.getElementsByTagName('parsererror').length,
        placemarks: xml.getElementsByTagName('Placemark').length,
        description: xml.querySelector('Document > description')?.textContent ?? '',
      };
    })()`);
    expect(doc).toMatchObject({ error: 0, placemarks: total });
    expect(doc.description).toContain('Open Government Licence – Canada');

    // GDAL reads the GeoPackage the browser saved, with as many fires and the licence as metadata.
    const [gpkg] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /^GeoPackage/ }).click(),
    ]);
    expect(gpkg.suggestedFilename()).toBe('CIFFC-fires.gpkg');
    const { stdout } = await run('ogrinfo', ['-ro', '-so', await gpkg.path(), 'fires']);
    expect(Number(/^Feature Count: (\d+)$/m.exec(stdout)?.[1])).toBe(total);
    expect(stdout).toContain('LICENSE=https://open.canada.ca/en/open-government-licence-canada');

    // The licence travels with every answer too, for the CSV that has no place for it.
    const href = (await page.getByRole('link', { name: /^Spreadsheet \(CSV/ }).getAttribute('href')) ?? '';
    const res = await page.request.get(href);
    expect(res.headers().link).toContain('rel="license"');
  });

  test('in French the CSV names the columns and codes in French', async ({ page }) => {
    await page.goto('/national?stage=OC');
    await page.getByRole('button', { name: 'Français' }).click();
    const csv = await take(page, /^Tableur \(CSV/);
    const [header, ...rows] = parseCsv(csv.text);
    expect(header?.[5]).toBe('Stade de maîtrise');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row[5]).toBe('Hors de contrôle');
  });

  test('a filter with no match offers no file and says why; the API still answers an empty file', async ({
    page,
  }) => {
    await page.goto('/national?q=NO-SUCH-FIRE-ZZZ');
    await expect(page.getByText('0 results. No fires match these filters.')).toBeVisible();
    const group = page.getByRole('group', { name: 'Download this view' });
    await expect(group.getByRole('link')).toHaveCount(0);
    for (const button of await group.getByRole('button').all()) {
      await expect(button).toHaveAttribute('aria-disabled', 'true');
      await expect(button).toHaveAccessibleDescription('0 results. No fires match these filters.');
    }
    // aria-disabled keeps it focusable: from the keyboard it says why there is no file.
    await group.getByRole('button', { name: /^GeoJSON/ }).press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Export Aborted. Your search yielded no results.');
    const res = await page.request.get('/v1/wildfires/download?format=geojson&q=NO-SUCH-FIRE-ZZZ');
    expect(res.status()).toBe(200);
    expect((await res.json()).features).toEqual([]);
  });
  test('a page on another origin reads the open data with fetch, and is refused the signed-in routes', async ({
    page,
    baseURL,
  }) => {
    const api = new URL(baseURL ?? '').origin;
    const signIn = await page.request.post('/api/auth/local', {
      data: { identifier: 'ab', password: DEMO_PASSWORD },
    });
    const { jwt } = (await signIn.json()) as { jwt: string };
    const own = await page.request.get('/v1/sitrep/agency?agency=ab', {
      headers: { authorization: `Bearer ${jwt}` },
    });
    // The token is good: what refuses the other site below is the browser's CORS check.
    expect(own.status()).toBe(200);

    const site = await otherSite();
    try {
      await page.goto(site.origin);
      expect(site.origin).not.toBe(api);
      const requests: Request[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(`${api}/v1/`)) requests.push(request);
      });

      const items = await readFrom(page, `${api}/v1/ogc/collections/fires/items?limit=5`, {
        accept: 'application/geo+json',
      });
      expect(items).toMatchObject({ status: 200, json: { type: 'FeatureCollection' } });
      expect('json' in items && (items.json as { features: unknown[] }).features).toHaveLength(5);
      // The ETag is exposed, so a web map can revalidate instead of downloading the layer again.
      expect('etag' in items && items.etag).toMatch(/^"/);

      const list = await readFrom(page, `${api}/v1/wildfires?stage=OC`);
      expect(list).toMatchObject({ status: 200 });
      const json =
        'json' in list ? (list.json as { items: unknown[]; meta: { total_results: number } }) : null;
      expect(json?.items.length).toBeGreaterThan(0);
      expect(json?.meta.total_results).toBeGreaterThan(0);

      const gpkg = await readFrom(page, `${api}/v1/wildfires/download?format=gpkg&agency=bc`);
      expect(gpkg).toMatchObject({ status: 200, bytes: 'SQLite format 3\u0000' });
      // Sent as cross-origin requests: the browser named the other site as their Origin.
      const origins = await Promise.all(requests.map((r) => r.headerValue('origin')));
      expect(origins.length).toBeGreaterThanOrEqual(3);
      expect(new Set(origins)).toEqual(new Set([site.origin]));

      // Signed-in routes: with the user's token (the preflight does not allow Authorization) and without.
      const withToken = await readFrom(page, `${api}/v1/sitrep/agency?agency=ab`, {
        authorization: `Bearer ${jwt}`,
      });
      expect(withToken).toEqual({ refused: expect.stringMatching(/Failed to fetch/) });
      const withoutToken = await readFrom(page, `${api}/v1/sitrep/agency?agency=ab`);
      expect(withoutToken).toEqual({ refused: expect.stringMatching(/Failed to fetch/) });
    } finally {
      await site.close();
    }
  });
});
