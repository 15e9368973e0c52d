import { expect, type Page, test } from '@playwright/test';

/** The home page on a phone (390 px): the map within the first screen, its legend folded under it. */
const LEGEND = { en: 'Legend', fr: 'Légende' } as const;
const OUT_OF_CONTROL = { en: /^Out of control/, fr: /^Hors de contrôle/ } as const;

const STAGE_LABELS = {
  en: ['Out of Control', 'Being Held', 'Under Control'],
  fr: ['Hors de contrôle', 'Contenu', 'Maîtrisé'],
} as const;

interface Box {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const overlap = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Each chart's axis labels as drawn: the label's whole text and the box of its glyphs on the screen. */
async function axisLabels(page: Page): Promise<{ x: Box[]; y: Box[] }[]> {
  // A string: this project's e2e types have no DOM library.
  return page.evaluate(`[...document.querySelectorAll('.dashboard-charts .chart-figure-chart')].map((chart) => {
    const boxes = (axis) => [...chart.querySelectorAll(axis + '-tick-labels text')].map((t) => {
      const r = t.getBoundingClientRect();
      return { text: [...t.querySelectorAll('tspan')].map((s) => s.textContent).join(' ') || t.textContent,
        left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    });
    return { x: boxes('.recharts-xAxis'), y: boxes('.recharts-yAxis') };
  })`);
}

async function open(page: Page, locale: 'en' | 'fr') {
  if (locale === 'fr') await page.addInitScript({ content: "localStorage.setItem('ciffc.locale', 'fr')" });
  await page.goto('/');
}

for (const locale of ['en', 'fr'] as const) {
  test.describe(`the home page on a phone (390 px, ${locale})`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the map comes first and starts on the first screen, the legend below it', async ({ page }) => {
      await open(page, locale);
      const map = page.locator('.fires-map-canvas');
      const legend = page.locator('.fires-map-legend');
      await expect(map).toBeVisible({ timeout: 30_000 });
      const [mapBox, legendBox] = await Promise.all([map.boundingBox(), legend.boundingBox()]);
      expect(mapBox && legendBox).toBeTruthy();
      expect(mapBox?.y ?? 9999).toBeLessThan(844);
      expect(legendBox?.y ?? 0).toBeGreaterThanOrEqual((mapBox?.y ?? 0) + (mapBox?.height ?? 0) - 1);
    });

    test('the legend is folded under the map and opens on a tap', async ({ page }) => {
      await open(page, locale);
      const toggle = page.locator('.fires-map-legend').getByRole('button', { name: LEGEND[locale] });
      await expect(toggle).toBeVisible({ timeout: 30_000 });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const checkbox = page.getByRole('checkbox', { name: OUT_OF_CONTROL[locale] });
      await expect(checkbox).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(checkbox).toBeVisible();
      await expect(checkbox).toBeChecked();
    });
  });

  test.describe(`the home page's charts on a phone (390 px, ${locale})`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('no two axis labels of a chart overlap, and each is whole', async ({ page }) => {
      await open(page, locale);
      await page.locator('.dashboard-charts-slot').scrollIntoViewIfNeeded();
      const stage = STAGE_LABELS[locale];
      const charts = page.locator('.dashboard-charts .chart-figure-chart');
      await expect(charts).toHaveCount(2, { timeout: 30_000 });
      await expect(charts.first().locator('.recharts-xAxis-tick-labels text')).toHaveCount(3);
      const labels = await axisLabels(page);
      expect(labels.map((chart) => chart.x.map((l) => l.text))[0]).toEqual(stage);
      for (const chart of labels)
        for (const axis of [chart.x, chart.y])
          for (const [i, a] of axis.entries())
            for (const b of axis.slice(i + 1))
              expect(overlap(a, b), `"${a.text}" and "${b.text}" overlap`).toBe(false);
    });
  });

  test.describe(`the home page on a laptop (1366 px, ${locale})`, () => {
    test.use({ viewport: { width: 1366, height: 900 } });

    test('the legend is open beside the map', async ({ page }) => {
      await open(page, locale);
      const toggle = page.locator('.fires-map-legend').getByRole('button', { name: LEGEND[locale] });
      await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 30_000 });
      await expect(page.getByRole('checkbox', { name: OUT_OF_CONTROL[locale] })).toBeVisible();
    });
  });
}
