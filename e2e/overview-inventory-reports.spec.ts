import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { login } from './support.ts';

/** The year of "today" in the centre's time zone (the demo publishes national reports for the last 60 days). */
const centreYear = () =>
  Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Winnipeg', year: 'numeric' }).format(new Date()),
  );

test.describe('agency overview, inventory, reports and exports', () => {
  test('ab sees its own agency, a map that is not clickable, and the fires per agency', async ({ page }) => {
    await login(page, 'ab');
    await page.goto('/agency');
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page).toHaveTitle('CIFFC - Overview');
    const status = page.getByRole('region', { name: 'Agency situation reports' });
    await expect(status.getByRole('rowheader', { name: 'Alberta (AB)' })).toBeVisible();
    await expect(status.getByRole('rowheader')).toHaveCount(1);
    const map = page.locator('svg.approval-map');
    await expect(map.locator('path').first()).toBeVisible();
    await expect(map).toHaveAttribute('role', 'img');
    await expect(map.locator('a')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Fires per agency' }).getByRole('rowheader')).toHaveCount(
      13,
    );
    await expect(page.getByRole('heading', { name: 'National situation report' })).toHaveCount(0);

    // On a phone the tables scroll inside their own focusable box; the page never scrolls sideways.
    await page.setViewportSize({ width: 375, height: 812 });
    const scroller = page.getByRole('group', { name: 'Fires per agency' });
    await expect(scroller).toHaveAttribute('tabindex', '0');
    await expect
      // A string body: the e2e project has no DOM types.
      .poll(() => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'))
      .toBeLessThanOrEqual(0);
  });

  test('ciffc sees every agency, the national status, n / 13, and a map whose regions are links', async ({
    page,
  }, testInfo) => {
    await login(page, 'ciffc');
    // First render of the overview from a fresh load (session already stored), with its requests.
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const started = Date.now();
    await page.goto('/agency');
    const status = page.getByRole('region', { name: 'Agency situation reports' });
    await expect(status.getByRole('rowheader')).toHaveCount(13);
    await expect(page.locator('svg.approval-map a path').first()).toBeVisible();
    const firstRender = Date.now() - started;
    await page.waitForLoadState('networkidle');
    const apiCalls = requests.filter((u) => new URL(u).pathname.startsWith('/v1/'));
    testInfo.annotations.push({
      type: 'performance',
      description: `overview first render ${firstRender} ms; ${requests.length} requests (${apiCalls.length} to /v1)`,
    });
    console.log(
      `[perf] overview first render ${firstRender} ms; ${requests.length} requests, /v1: ${apiCalls.map((u) => new URL(u).pathname).join(' ')}`,
    );

    const national = page.getByRole('region', { name: 'National situation report' });
    await expect(national.getByRole('link', { name: 'National SitRep Input' })).toHaveAttribute(
      'href',
      '/agency/national',
    );
    const copies = page.getByRole('region', { name: 'Agency situation report copies' });
    await expect(copies.getByRole('row')).toHaveCount(14);
    await expect(copies.getByText(/^\d+ \/ 13$/).first()).toBeVisible();

    const map = page.locator('svg.approval-map');
    await expect(map.locator('a')).toHaveCount(13);
    // Keyboard: focus Alberta's region and follow it with Enter.
    const alberta = map.locator('a[data-code="ab"]');
    await expect(alberta).toHaveAttribute('aria-label', /^Alberta: /);
    await alberta.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/agency\/sitrep\/ab$/);
  });

  test('an inventory row added and saved is found in the summary', async ({ page }) => {
    await login(page, 'nb');
    await page.goto('/agency/inventory/input');
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory Input' })).toBeVisible();
    const rows = page.locator('.inventory-row');
    const before = await rows.count();
    await page.getByRole('button', { name: 'Add another item' }).click();
    const row = page.getByRole('group', { name: `Item ${before + 1}`, exact: true });
    await row.getByLabel('Category', { exact: true }).selectOption('equipment');
    await row.getByLabel('Subcategory', { exact: true }).selectOption('pumps');
    await row.getByLabel('Item', { exact: true }).selectOption('WICK375');
    await row.getByLabel('Seasonal', { exact: true }).fill('7');
    await row.getByLabel('Exportable', { exact: true }).fill('2');
    await row.getByLabel('Exportable', { exact: true }).blur();
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeEnabled();
    const alerts: string[] = [];
    page.once('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await save.click();
    await expect(page).toHaveURL(/\/agency$/);
    expect(alerts).toEqual(['Data synced with server. The action has been successfully saved.']);

    await page.goto('/agency/inventory');
    await page.getByLabel('Agency', { exact: true }).selectOption('nb');
    await page.getByLabel('Category', { exact: true }).selectOption('equipment');
    const table = page.locator('table.inventory-table');
    const found = table.getByRole('row').filter({ hasText: 'WICK 375 pump' });
    await expect(found).toHaveCount(1);
    await expect(found.getByRole('cell').nth(0)).toHaveText('NB');
    await expect(found.getByRole('cell').nth(4)).toHaveText('7');
    await expect(found.getByRole('cell').nth(5)).toHaveText('2');
  });

  test('a national export is downloaded with its name and parsed', async ({ page }, testInfo) => {
    await login(page, 'ciffc');
    await page.goto('/agency/reports-and-exports');
    const year = centreYear();
    const box = page.getByRole('region', { name: 'National situation reports' });
    await box.getByLabel('Year').selectOption(String(year));
    const started = Date.now();
    const downloading = page.waitForEvent('download');
    await box.getByRole('button', { name: 'Export (CSV)' }).click();
    const download = await downloading;
    const elapsed = Date.now() - started;
    expect(download.suggestedFilename()).toBe(`national-sitreps-${year}-export.csv`);
    const path = await download.path();
    const bytes = readFileSync(path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toMatch(/^"date","national_preparedness_level",/);
    expect(lines.length).toBeGreaterThan(1);
    const first = lines[1]?.match(/"((?:[^"]|"")*)"/g)?.map((c) => c.slice(1, -1)) ?? [];
    expect(first[0]).toMatch(new RegExp(`^${year}-\\d{2}-\\d{2}$`));
    expect(['1', '2', '3', '4', '5']).toContain(first[1]);
    testInfo.annotations.push({
      type: 'performance',
      description: `national export ${year}: ${lines.length - 1} rows, ${bytes.length} bytes, ${elapsed} ms click to file`,
    });
    console.log(
      `[perf] national export ${year}: ${lines.length - 1} rows, ${bytes.length} bytes, ${elapsed} ms`,
    );

    // A year without reports: the alert of the error catalogue, no file.
    await box.getByLabel('Year').selectOption('2019');
    const alerts: string[] = [];
    page.once('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await box.getByRole('button', { name: 'Export (CSV)' }).click();
    await expect.poll(() => alerts).toEqual(['Export Aborted. Your search yielded no results.']);
  });
});
