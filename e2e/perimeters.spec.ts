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
});
