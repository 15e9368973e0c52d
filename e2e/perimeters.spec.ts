import { expect, type Page, test } from '@playwright/test';

/**
 * Fire perimeters on the public map, on the running stack with its demo data (the demo season's
 * large active fires have perimeters): drawn under the points, hidden and shown by the legend, and
 * served per zoom band with a cache validator.
 */
const perimetersDrawn = async (page: Page) =>
  Number((await page.locator('.fires-map-status').getAttribute('data-perimeters-drawn')) || '0');

test.describe('fire perimeters', () => {
  test('the dashboard map draws the demo perimeters and the legend hides and shows them', async ({
    page,
  }) => {
    const answer = page.waitForResponse((r) => r.url().includes('/v1/perimeters?') && r.status() === 200);
    await page.goto('/');
    const body = await (await answer).json();
    expect(body.features.length).toBeGreaterThan(0);
    expect((await answer).headers().etag).toBeTruthy();
    await expect(page.locator('.fires-map canvas')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => perimetersDrawn(page), { timeout: 30_000 }).toBeGreaterThan(0);

    const toggle = page.getByRole('checkbox', { name: 'Burned area (fire perimeters)' });
    await expect(toggle).toBeChecked();
    await toggle.press('Space');
    await expect(toggle).not.toBeChecked();
    await expect.poll(() => perimetersDrawn(page), { timeout: 15_000 }).toBe(0);
    await toggle.press('Space');
    await expect.poll(() => perimetersDrawn(page), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  test('the French dashboard names the legend entry', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByRole('checkbox', { name: 'Superficie brûlée (périmètres des feux)' })).toBeVisible(
      {
        timeout: 30_000,
      },
    );
  });

  test("a fire's captures over time open from the national list, and the list's CSV has its area", async ({
    page,
  }) => {
    // A demo fire with a perimeter and more than one capture, as the OGC collection lists them.
    const past = await (
      await page.request.get('/v1/ogc/collections/perimeters/items?captures=all&current=false&limit=1')
    ).json();
    const { agency_code: agency, agency_fire_id: fireId } = past.features[0].properties;
    const captures = (await (await page.request.get(`/v1/perimeters/fires/${agency}/${fireId}`)).json())
      .items;
    expect(captures.length).toBeGreaterThan(1);

    await page.goto(`/national?agency=${agency}&q=${encodeURIComponent(fireId)}`);
    const toggle = page.getByRole('button', { name: `${fireId} perimeter captures` });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = page.getByRole('table', {
      name: `Perimeter captures of fire ${fireId} (${agency.toUpperCase()}), oldest first`,
    });
    await expect(table.getByRole('row')).toHaveCount(captures.length + 1);
    await expect(table.getByRole('rowheader').last()).toContainText('(current)');

    const csv = await (
      await page.request.get(
        `/v1/wildfires/download?format=csv-codes&agency=${agency}&q=${encodeURIComponent(fireId)}`,
      )
    ).text();
    // Every cell is quoted; no cell of these columns holds a comma or a quote.
    const [header, row] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
    expect(header?.at(-1)).toBe('perimeter_area_ha');
    const current = captures[captures.length - 1];
    expect(Number(row?.at(-1))).toBeCloseTo(current.area_ha, 1);
  });
});
