import { expect, type Page, test } from '@playwright/test';
import { drawnCount } from './support.ts';

/**
 * Public fire pages on the running stack with its demo data: the dashboard map and its
 * legend, the national fires list export, the six wildfire graphs' exports (axe of these pages:
 * accessibility.spec.ts).
 */

/** The map's status line: data-shown (fires the legend lets through), data-drawn (what MapLibre rendered in view). */
const mapStatus = (page: Page) => page.locator('.fires-map-status');

/** Parses our CSV (every cell quoted, CRLF rows, BOM). */
function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0), 'byte order mark').toBe(0xfeff);
  return text
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? '').replaceAll('""', '"')));
}

test.describe('public fire pages', () => {
  test('the dashboard map draws fires and a legend toggle hides a group', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Active Fires Dashboard' })).toBeVisible();
    await expect(page.locator('.fires-map canvas')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => drawnCount(page), { timeout: 30_000 }).toBeGreaterThan(0);
    const before = await drawnCount(page);
    const shownBefore = Number(await mapStatus(page).getAttribute('data-shown'));

    const outOfControl = page.getByRole('checkbox', { name: /^Out of control/ });
    await expect(outOfControl).toBeChecked();
    await outOfControl.press('Space');
    await expect(outOfControl).not.toBeChecked();
    await expect
      .poll(async () => Number(await mapStatus(page).getAttribute('data-shown')))
      .toBeLessThan(shownBefore);
    await expect.poll(() => drawnCount(page), { timeout: 15_000 }).toBeLessThan(before);
    await outOfControl.press('Space');
    await expect.poll(() => drawnCount(page), { timeout: 15_000 }).toBe(before);
  });

  test('a filtered national fires list exports CIFFC.csv whose rows match the filter', async ({ page }) => {
    await page.goto('/national');
    await page.getByRole('combobox', { name: 'Agency' }).selectOption('bc');
    await page.getByRole('combobox', { name: 'Stage of Control' }).selectOption('OC');
    await expect(page).toHaveURL(/agency=bc/);
    await expect(page).toHaveURL(/stage=OC/);
    // The previous answer stays on screen, marked busy, until the filtered one arrives.
    await expect(page.locator('.fires-table-wrap')).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('BC');
    const count = page.locator('.national-fires-count');
    await expect(count).toContainText(/of [\d,]+ results?/);
    const total = Number((await count.textContent())?.match(/of ([\d,]+) result/)?.[1]?.replaceAll(',', ''));
    expect(total).toBeGreaterThan(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('CIFFC.csv');
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    const [header, ...rows] = parseCsv(readFileSync(path, 'utf8'));
    expect(header?.[1]).toBe('field_agency_code');
    expect(header?.[5]).toBe('field_stage_of_control_status');
    expect(rows).toHaveLength(total);
    for (const row of rows) {
      expect(row[1]).toBe('bc');
      expect(row[5]).toBe('OC');
    }
  });

  test('each of the six wildfire graphs exports its CSV', async ({ page }) => {
    await page.goto('/statistics');
    const expected = [
      ['Daily Fires', 'daily-fires.csv', 29],
      ['Fires by Year', 'fires-by-year.csv', 47],
      ['Hectares by Year', 'hectares-by-year.csv', 47],
      ['Fires This Week', 'fires-this-week.csv', 2],
      ['Fires by Week vs 10-Year Average', 'fires-by-week-vs-10-year-average.csv', 53],
      ['Fires by Week vs Last Year', 'fires-by-week-vs-last-year.csv', 53],
    ] as const;
    const { readFileSync } = await import('node:fs');
    for (const [title, file, minLines] of expected) {
      const section = page.getByRole('region', { name: title, exact: true });
      // The statistics screen is a lazy chunk with its data behind it: on a cold first build the
      // first section can take longer than the default 10 s to appear.
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(title, { timeout: 30_000 });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        section.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(file);
      const rows = parseCsv(readFileSync(await download.path(), 'utf8'));
      expect(rows.length, file).toBeGreaterThanOrEqual(minLines);
      // The same figures as the accessible data table beside the chart (its rows made when opened).
      await section.locator('.chart-figure-table > summary').click();
      await expect(section.locator('table')).toBeVisible();
      const tableRows = await section.locator('table tbody tr').count();
      expect(rows.length - 1).toBe(tableRows);
    }
    await expect(page.locator('th', { hasText: '10-Year Average' }).first()).toBeAttached();
  });

  test("the graphs' first chart draws on a phone's first screen without the chart library, which comes when a chart below comes near", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/statistics');
    const first = page.getByRole('region', { name: 'Daily Fires', exact: true });
    const plot = first.getByRole('group', { name: 'Daily Fires' });
    await expect(plot.locator('rect').first()).toBeAttached({ timeout: 30_000 });
    // Its bars' values, by the keyboard, as Recharts' accessibility layer gave them.
    await plot.focus();
    await page.keyboard.press('ArrowRight');
    await expect(first.locator('.bar-plot-tip')).toContainText('Day 2');
    // plots.tsx, the page's Recharts charts, is a chunk of its own: not asked for the first screen.
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /\/plots-[^/]*\.js$/.test(s))).toEqual([]);
    await page.getByRole('region', { name: 'Fires This Week', exact: true }).scrollIntoViewIfNeeded();
    await expect(page.locator('.recharts-surface').first()).toBeVisible({ timeout: 15_000 });
    expect(scripts.filter((s) => /\/plots-[^/]*\.js$/.test(s))).toHaveLength(1);
  });

  test('the home page does not jump as it loads, the map waits for a tap and the charts load only when scrolled near (phone)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript({
      content: `window.__cls = 0; new PerformanceObserver((l) => { for (const e of l.getEntries())
        if (!e.hadRecentInput) window.__cls += e.value; }).observe({ type: 'layout-shift', buffered: true });`,
    });
    const charts: string[] = [];
    const map: string[] = [];
    page.on('request', (r) => {
      if (/DashboardCharts-[^/]*\.js$/.test(r.url())) charts.push(r.url());
      if (/FiresMapCanvas-[^/]*\.js$|maplibre-gl-worker/.test(r.url())) map.push(r.url());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.locator('.stat-card-value').first()).not.toHaveText('–');
    await page.waitForTimeout(1000);
    const cls = await page.evaluate(() => (globalThis as unknown as { __cls: number }).__cls);
    expect(cls, 'cumulative layout shift while loading').toBeLessThanOrEqual(0.05);
    expect(charts, 'charts chunk before scrolling').toEqual([]);
    expect(map, "the map's chunk and worker before the tap").toEqual([]);
    await page.getByRole('button', { name: 'Show the map' }).click();
    await expect.poll(() => drawnCount(page), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.locator('.dashboard-charts-slot').scrollIntoViewIfNeeded();
    await expect(page.getByRole('heading', { name: 'Fires by agency' })).toBeVisible({ timeout: 30_000 });
    expect(charts).toHaveLength(1);
  });

  test("the app shell paints the heading in the visitor's language before the JavaScript, and React takes it over in place (phone)", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      locale: 'fr-CA',
    });
    const page = await context.newPage();
    const heading = page.locator('h1');
    await page.addInitScript({
      content: `new PerformanceObserver((l) => { for (const e of l.getEntries())
        window.__lcpInH1 = Boolean(e.element && e.element.closest('h1')); })
        .observe({ type: 'largest-contentful-paint', buffered: true });`,
    });
    // The app's entry refused: what paints is index.html, its stylesheet and the head script only.
    const entry = /\/assets\/index-[^/]*\.js$/;
    await page.route(entry, (route) => route.abort());
    await page.goto('/');
    // innerText: the shell carries both texts, and shows one.
    await expect(heading).toHaveText('Tableau de bord des feux actifs', { useInnerText: true });
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { __lcpInH1?: boolean }).__lcpInH1), {
        message: 'the largest contentful paint without JavaScript is the heading',
      })
      .toBe(true);
    const shellBox = await heading.boundingBox();
    await page.unroute(entry);
    await page.goto('/');
    await expect(page.locator('.fires-map')).toBeVisible();
    await expect(page.locator('.app-shell')).toHaveCount(0);
    await expect(heading).toHaveText('Tableau de bord des feux actifs');
    expect(await heading.boundingBox(), 'the heading where the shell drew it').toEqual(shellBox);
    await context.close();
  });

  test('a fire popup opens from the keyboard through the list of the largest fires in view, and Escape closes it', async ({
    page,
  }) => {
    await page.goto('/');
    await expect.poll(() => drawnCount(page), { timeout: 30_000 }).toBeGreaterThan(0);
    const list = page.locator('.fires-in-view');
    const summary = list.locator('summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(list).toHaveAttribute('open', '');
    await page.keyboard.press('Tab');
    const first = list.getByRole('button').first();
    await expect(first).toBeFocused();
    const fireId = ((await first.textContent()) ?? '').split(' (')[0] ?? '';
    await page.keyboard.press('Enter');
    const popup = page.locator('.maplibregl-popup');
    await expect(popup).toContainText(fireId);
    await expect(popup).toContainText('Situation report date');
    // MapLibre moves focus into the popup (its close button); closing gives it back to the list.
    const close = popup.getByRole('button', { name: 'Close the fire details' });
    await expect(close).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(popup).toHaveCount(0);
    await expect(first).toBeFocused();
    // Escape closes it too, and gives the focus back.
    await page.keyboard.press('Enter');
    await expect(close).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    await expect(first).toBeFocused();
  });

  test('the national list works from the keyboard: page selector, filters, Export (CSV)', async ({
    page,
  }) => {
    await page.goto('/national');
    const pageSelect = page.getByRole('combobox', { name: 'Page' }).first();
    await expect(pageSelect).toBeVisible();
    await pageSelect.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Next page' }).first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]page=3\b/);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Previous page' }).first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]page=2\b/);

    const agency = page.getByRole('combobox', { name: 'Agency' });
    await agency.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/[?&]agency=[a-z]{2}\b/);
    await expect(page).not.toHaveURL(/page=/);
    const code = await agency.inputValue();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Stage of Control' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Response Type' })).toBeFocused();
    // Then the season (this one by default), the order and the search by fire id.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Season' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('searchbox', { name: 'Search by fire ID' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeFocused();
    // The list comes before its downloads: Tab goes on through the pager and the list to Export.
    const exportButton = page.getByRole('button', { name: 'Export (CSV)' });
    for (let presses = 0; presses < 100; presses++) {
      await page.keyboard.press('Tab');
      if (await exportButton.evaluate((b) => b === b.ownerDocument.activeElement)) break;
    }
    await expect(exportButton).toBeFocused();
    await expect(page.locator('.fires-table-wrap')).toHaveAttribute('aria-busy', 'false');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe('CIFFC.csv');
    const { readFileSync } = await import('node:fs');
    const [, ...rows] = parseCsv(readFileSync(await download.path(), 'utf8'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row[1]).toBe(code);
  });

  test('the summary page shows its sections in French', async ({ page }) => {
    await page.goto('/summary');
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sommaire des feux actuels' })).toBeVisible();
    await expect(page.getByText('Pour l’année en cours à partir du 1er janvier.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Grands totaux' })).toBeVisible();
  });
});

/**
 * A phone and a laptop, in both languages. The map opens on the whole country with every
 * active fire drawn and can still zoom out; no page or table is wider than the screen.
 */
const SCREENS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 900 },
] as const;

/** Widths that overflow the viewport: the document's and every table's. */
async function overflow(page: Page): Promise<string[]> {
  // A string: this project's e2e types have no DOM library.
  return page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    const wide = [];
    if (document.documentElement.scrollWidth > width) wide.push('page ' + document.documentElement.scrollWidth + 'px');
    for (const table of document.querySelectorAll('table')) {
      const right = table.getBoundingClientRect().right;
      if (right > width + 1) wide.push((table.className || 'table') + ' ends at ' + Math.round(right) + 'px');
    }
    return wide;
  })()`);
}

for (const screen of SCREENS) {
  for (const lang of ['en', 'fr'] as const) {
    test.describe(`${screen.name} ${screen.width}px, ${lang}`, () => {
      test.use({ viewport: { width: screen.width, height: screen.height } });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript(`localStorage.setItem('ciffc.locale', '${lang}')`);
      });

      test('the map draws every active fire at load (on a phone, once asked) and can zoom out', async ({
        page,
      }) => {
        await page.goto('/');
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        if (screen.name === 'phone')
          await page
            .getByRole('button', { name: lang === 'fr' ? 'Afficher la carte' : 'Show the map' })
            .click();
        await expect(page.locator('.fires-map canvas')).toBeVisible({ timeout: 30_000 });
        await expect.poll(() => drawnCount(page), { timeout: 30_000 }).toBeGreaterThan(0);
        const shown = Number(await mapStatus(page).getAttribute('data-shown'));
        expect(await drawnCount(page)).toBe(shown);
        const zoomOut = page.getByRole('button', { name: lang === 'fr' ? 'Zoom arrière' : 'Zoom out' });
        await expect(zoomOut).toBeEnabled();
        expect(await overflow(page)).toEqual([]);
      });

      test('the national list and the situation report fit the screen', async ({ page }) => {
        await page.goto('/national');
        await expect(page.locator('.national-fires-table tbody tr').first()).toBeVisible({ timeout: 20_000 });
        expect(await overflow(page)).toEqual([]);
        await page.goto('/situation');
        await expect(page.locator('.situation-report table').first()).toBeVisible({ timeout: 20_000 });
        // On a phone the widest report tables scroll inside their own box; the page never does.
        const wide = await overflow(page);
        expect(screen.width < 768 ? wide.filter((w) => w.startsWith('page')) : wide).toEqual([]);
      });
    });
  }
}
