import { expect, type Page, test } from '@playwright/test';

/** The home page on a phone (390 px): the national picture on the first screen, the map after it, its legend folded under it. */
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

    test('the national picture fills the first screen, the map follows, the legend below it', async ({
      page,
    }) => {
      await open(page, locale);
      const picture = page.locator('.picture-card').last();
      const map = page.locator('.fires-map-canvas');
      const legend = page.locator('.fires-map-legend');
      await expect(map).toBeVisible({ timeout: 30_000 });
      const [pictureBox, mapBox, legendBox] = await Promise.all([
        picture.boundingBox(),
        map.boundingBox(),
        legend.boundingBox(),
      ]);
      expect(pictureBox && mapBox && legendBox).toBeTruthy();
      // Every card of the national picture ends within the phone's first screen.
      expect((pictureBox?.y ?? 9999) + (pictureBox?.height ?? 0)).toBeLessThanOrEqual(844);
      expect(mapBox?.y ?? 0).toBeGreaterThan(pictureBox?.y ?? 9999);
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

/**
 * Words of the national list's headings split across lines: in the header row's cells (a table,
 * 48rem and wider), or, on a phone where each fire is a card, a word of a cell's heading
 * (`::before`, not reachable by a Range) wider than the heading's column.
 */
async function splitHeadingWords(page: Page): Promise<string[]> {
  // A string: this project's e2e types have no DOM library.
  return page.evaluate(`(() => {
    const split = [];
    for (const th of document.querySelectorAll('.national-fires-table thead th')) {
      // On a phone the header row is there for screen readers only (clipped to 1 px).
      if (th.closest('thead').getBoundingClientRect().width < 2) continue;
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        for (const m of n.data.matchAll(/\\S+/g)) {
          const range = document.createRange();
          range.setStart(n, m.index);
          range.setEnd(n, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) split.push(m[0]);
        }
      }
    }
    const canvas = document.createElement('canvas').getContext('2d');
    for (const td of document.querySelectorAll('.national-fires-table tbody tr:first-child td')) {
      const before = getComputedStyle(td, '::before');
      if (before.content === 'none' || getComputedStyle(td).display !== 'grid') continue;
      const column = parseFloat(getComputedStyle(td).gridTemplateColumns);
      canvas.font = before.fontWeight + ' ' + before.fontSize + ' ' + before.fontFamily;
      for (const word of td.dataset.label.split(/\\s+/))
        if (canvas.measureText(word).width > column) split.push(word);
    }
    return split;
  })()`);
}

const SIZE_HEADING = { en: 'Fire Size (ha)', fr: 'Superficie du feu (ha)' } as const;

for (const width of [390, 1024, 1366]) {
  for (const locale of ['en', 'fr'] as const) {
    test.describe(`the national fires list at ${width} px (${locale})`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('its headings break between words, and the size heading carries its unit', async ({ page }) => {
        if (locale === 'fr')
          await page.addInitScript({ content: "localStorage.setItem('ciffc.locale', 'fr')" });
        await page.goto('/national');
        await expect(page.locator('.national-fires-table tbody tr').first()).toBeVisible({ timeout: 20_000 });
        expect(await splitHeadingWords(page)).toEqual([]);
        await expect(page.getByRole('columnheader', { name: SIZE_HEADING[locale] })).toHaveCount(1);
        await expect(page.locator(`tbody td[data-label="${SIZE_HEADING[locale]}"]`).first()).toBeAttached();
      });
    });
  }
}

test.describe('the home page on a phone of three device pixels per CSS pixel', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });

  test('the map is drawn at two device pixels per CSS pixel', async ({ page }) => {
    await open(page, 'en');
    await page.getByRole('button', { name: 'Show the map' }).click();
    const canvas = page.locator('.fires-map-canvas canvas.maplibregl-canvas');
    await expect(canvas).toBeVisible({ timeout: 30_000 });
    const css = (await canvas.boundingBox())?.width ?? 0;
    expect(css).toBeGreaterThan(300);
    expect(Number(await canvas.getAttribute('width'))).toBe(Math.round(css * 2));
  });
});

test('the map follows a browser zoom to 200 % on a laptop: two device pixels per CSS pixel', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await open(page, 'en');
  const canvas = page.locator('.fires-map-canvas canvas.maplibregl-canvas');
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  const ratio = async () =>
    Number(await canvas.getAttribute('width')) / ((await canvas.boundingBox())?.width ?? 1);
  expect(await ratio()).toBeCloseTo(1, 1);
  // A zoom to 200 %: half the CSS pixels across, two device pixels each.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setDeviceMetricsOverride', {
    width: 683,
    height: 450,
    deviceScaleFactor: 2,
    mobile: false,
  });
  await expect.poll(ratio).toBeCloseTo(2, 1);
});
