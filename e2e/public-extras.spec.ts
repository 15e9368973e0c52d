import { BASE_COLOURS } from '@ciffc/contracts/site';
import { expect, type Page, test } from '@playwright/test';
import { axeOf, drawnCount } from './support.ts';

/**
 * What visitors of national and provincial fire sites expect, on
 * the running stack with its demo data: language of a first visit and of a shared link, the fire
 * popup's cause, point and agency link, sorting and search on the national list, previous/next
 * report, the footer pages, and the map's scale bar, neighbouring land and place names.
 */

/** The share of the map's pixels (as on screen) that are of `hex`, give or take 3 per channel. */
async function colourShare(page: Page, hex: string): Promise<number> {
  const png = (await page.locator('.fires-map-canvas canvas.maplibregl-canvas').screenshot()).toString(
    'base64',
  );
  const want = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  // A string: this project's e2e types have no DOM library. Decoded from the bytes: the site's CSP
  // refuses a fetch of a data: address.
  return page.evaluate(`(async () => {
    const bytes = Uint8Array.from(atob(${JSON.stringify(png)}), (c) => c.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const context = new OffscreenCanvas(image.width, image.height).getContext('2d');
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    const want = ${JSON.stringify(want)};
    let matching = 0;
    for (let i = 0; i < data.length; i += 4)
      if (want.every((v, c) => Math.abs(data[i + c] - v) <= 3)) matching++;
    return matching / (data.length / 4);
  })()`);
}

test.describe('a first visit from a French browser', () => {
  test.use({ locale: 'fr-CA' });

  test('opens in French, and a copied link opens in French in an English browser', async ({
    page,
    browser,
  }) => {
    await page.goto('/national');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Liste nationale des feux' })).toBeVisible();
    await expect(page).toHaveURL(/[?&]lang=fr\b/);
    // Client-side navigation keeps the language in the address.
    await page
      .getByRole('link', { name: /Graphiques/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/statistics\?lang=fr$/);
    const shared = page.url();

    const english = await browser.newContext({ locale: 'en-CA' });
    const other = await english.newPage();
    await other.goto(shared);
    await expect(other.locator('html')).toHaveAttribute('lang', 'fr');
    await other.goto('/statistics');
    await expect(other.locator('html')).toHaveAttribute('lang', 'en');
    await english.close();
  });
});

test.describe('public site extras', () => {
  test('the fire popup gives cause, coordinates and the agency link, in English and French', async ({
    page,
  }) => {
    await page.goto('/');
    await expect.poll(() => drawnCount(page), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.locator('.fires-in-view > summary').click();
    await page.locator('.fires-in-view').getByRole('button').first().click();
    const popup = page.locator('.maplibregl-popup');
    await expect(popup).toContainText('Cause');
    await expect(popup).toContainText(/Coordinates-?\d+\.\d{4}, -\d+\.\d{4}/);
    const link = popup.getByRole('link', { name: /wildfire information$/ });
    await expect(link).toHaveAttribute('href', /^https:\/\//);

    // The map is rebuilt in the other language: read it afresh in French.
    await page.evaluate("localStorage.setItem('ciffc.locale', 'fr')");
    await page.reload();
    await expect.poll(() => drawnCount(page), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.locator('.fires-in-view > summary').click();
    await page.locator('.fires-in-view').getByRole('button').first().click();
    await expect(popup).toContainText('Coordonnées');
    await expect(popup.getByRole('link', { name: /^Renseignements sur les feux : / })).toBeVisible();
  });

  test('the map has a scale bar, neighbouring land and place names in each language', async ({ page }) => {
    // What the map itself reports as errors (its chunk in the stack): the land, provinces and lakes
    // were refused on every load ("Cannot add layer … before non-existing layer") and drawn late.
    const mapErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && m.text().includes('FiresMapCanvas')) mapErrors.push(m.text());
    });
    await page.goto('/');
    await expect.poll(() => drawnCount(page), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect(page.locator('.maplibregl-ctrl-scale')).toHaveText(/\d+\s?km/);
    await expect(page.locator('.place-label', { hasText: 'Ottawa' })).toBeVisible();
    await expect(page.locator('.place-label', { hasText: 'Quebec City' })).toBeVisible();
    // The land is drawn after the fires (they come first): Canada's land and its neighbours' appear.
    await expect.poll(() => colourShare(page, BASE_COLOURS.land), { timeout: 15_000 }).toBeGreaterThan(0.2);
    expect(await colourShare(page, BASE_COLOURS.neighbour)).toBeGreaterThan(0.02);
    expect(mapErrors).toEqual([]);
    await page.getByRole('button', { name: 'Français' }).click();
    // The map is built again in French (its labels are its markers, rendered with its layers).
    await expect(page.locator('.place-label', { hasText: /^Québec$/ })).toBeVisible({ timeout: 15_000 });
    expect(mapErrors).toEqual([]);
  });

  test('the national list sorts by size and finds a fire by part of its id', async ({ page }) => {
    await page.goto('/national');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Largest fire first' });
    await expect(page).toHaveURL(/sort=-field_fire_size/);
    const table = page.locator('.national-fires-table');
    // The previous answer stays on screen, marked busy, until the sorted one arrives.
    await expect(page.locator('.fires-table-wrap')).toHaveAttribute('aria-busy', 'false');
    const sizes = async () =>
      (await table.locator('tbody td[data-label="Fire Size (ha)"]').allTextContents()).map((t) =>
        Number(t.replaceAll(',', '')),
      );
    await expect.poll(async () => (await sizes()).length).toBeGreaterThan(1);
    const shown = await sizes();
    expect(shown).toEqual([...shown].sort((a, b) => b - a));

    const id = (await table.locator('tbody th').first().textContent()) ?? '';
    const part = id.slice(-4).toLowerCase();
    await page.getByRole('searchbox', { name: 'Search by fire ID' }).fill(part);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=${part.toUpperCase()}`));
    await expect(page.locator('.fires-table-wrap')).toHaveAttribute('aria-busy', 'false');
    await expect(table.locator('tbody th').first()).toContainText(part.toUpperCase());
    for (const cell of await table.locator('tbody th').allTextContents())
      expect(cell.toUpperCase()).toContain(part.toUpperCase());
  });

  test('a report links the previous and next reports, and a date without one links the latest', async ({
    page,
  }) => {
    await page.goto('/situation');
    const nav = page.getByRole('navigation', { name: 'Other reports' });
    const previous = nav.getByRole('link', { name: /^‹ Previous report/ });
    await expect(previous).toBeVisible({ timeout: 20_000 });
    const href = (await previous.getAttribute('href')) ?? '';
    await previous.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(nav.getByRole('link', { name: /^Next report/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Latest report/ })).toHaveAttribute('href', '/situation');

    await page.goto('/situation/2001-01-01');
    await expect(page.getByRole('alert')).toContainText(
      'There is no national situation report for 2001-01-01',
    );
    await page
      .getByRole('navigation', { name: 'Other reports' })
      .getByRole('link', { name: /^Latest report/ })
      .click();
    await expect(page.locator('.situation-report h1')).toBeVisible({ timeout: 20_000 });
  });

  test('the footer links contact, privacy, accessibility and terms pages from the content system', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('navigation', { name: 'About this site' });
    await expect(footer.getByRole('link')).toHaveText([
      'Contact us',
      'Privacy',
      'Accessibility',
      'Terms of use',
      'Open data',
    ]);
    await footer.getByRole('link', { name: 'Privacy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
    const axe = () => axeOf(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice']).analyze();
    expect((await axe()).violations.map((v) => v.id)).toEqual([]);
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Confidentialité' })).toBeVisible();
    expect((await axe()).violations.map((v) => v.id)).toEqual([]);
    await expect(page.getByRole('navigation', { name: 'À propos de ce site' }).getByRole('link')).toHaveText([
      'Nous joindre',
      'Confidentialité',
      'Accessibilité',
      'Conditions d’utilisation',
      'Données ouvertes',
    ]);
  });
});
