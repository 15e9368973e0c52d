import { expect, test } from '@playwright/test';

/** The home page on a phone (390 px): the map within the first screen, its legend under it. */
test.describe('the home page on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const locale of ['en', 'fr'] as const) {
    test(`the map comes first and starts on the first screen, the legend below it (${locale})`, async ({
      page,
    }) => {
      if (locale === 'fr')
        await page.addInitScript({ content: "localStorage.setItem('ciffc.locale', 'fr')" });
      await page.goto('/');
      const map = page.locator('.fires-map-canvas');
      const legend = page.locator('.fires-map-legend');
      await expect(map).toBeVisible({ timeout: 30_000 });
      const [mapBox, legendBox] = await Promise.all([map.boundingBox(), legend.boundingBox()]);
      expect(mapBox && legendBox).toBeTruthy();
      expect(mapBox?.y ?? 9999).toBeLessThan(844);
      expect(legendBox?.y ?? 0).toBeGreaterThanOrEqual((mapBox?.y ?? 0) + (mapBox?.height ?? 0) - 1);
    });
  }
});
