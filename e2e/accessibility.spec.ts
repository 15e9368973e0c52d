import { expect, type Page, test } from '@playwright/test';
import { axeOf, drawnCount, login, PUBLIC_ROUTES } from './support.ts';

/** WCAG 2.1 AA on the screens whose own specs do not run axe, in both languages. */
async function expectNoViolations(page: Page, path: string, ready: RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ready);
  const results = await axeOf(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${path}: ${v.id} (${v.nodes.length}) ${v.help}`)).toEqual([]);
}

/** A public page once everything it loads has arrived, its folded tables and lists opened. */
async function openPublicPage(page: Page, path: string, locale: 'en' | 'fr') {
  // /map has no top bar and so no language button: the choice is stored as the button stores it.
  if (locale === 'fr') await page.addInitScript({ content: "localStorage.setItem('ciffc.locale', 'fr')" });
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(locale === 'fr' ? 'Chargement…' : 'Loading…')).toHaveCount(0, {
    timeout: 30_000,
  });
  if (path === '/' || path === '/map') {
    await expect.poll(() => drawnCount(page), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.locator('.fires-in-view > summary').click();
    // The charts load when scrolled near: bring them in and wait for them.
    await page.locator('.dashboard-charts-slot').scrollIntoViewIfNeeded();
    await expect(page.locator('.dashboard-charts-slot .chart-figure').first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText(locale === 'fr' ? 'Chargement…' : 'Loading…')).toHaveCount(0, {
      timeout: 30_000,
    });
  }
  // Open the data tables so they are checked too.
  for (const summary of await page.locator('.chart-figure-table > summary').all()) await summary.click();
}

/**
 * The routes in three groups per language: the two workers share the six tests (one test over every
 * route took three minutes and ended the run alone), while each test loads the app's bundles once
 * for its four pages (a test per page made the whole file half as slow again).
 */
const ROUTE_GROUPS = [PUBLIC_ROUTES.slice(0, 4), PUBLIC_ROUTES.slice(4, 8), PUBLIC_ROUTES.slice(8)];

test.describe('public routes: WCAG 2.1 AA and best practice (axe), both languages', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const locale of ['en', 'fr'] as const) {
    for (const routes of ROUTE_GROUPS) {
      test(`${routes.join(', ')} (${locale})`, async ({ page }) => {
        test.setTimeout(150_000);
        const violations: string[] = [];
        for (const path of routes) {
          await openPublicPage(page, path, locale);
          const results = await axeOf(page)
            .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'])
            .analyze();
          for (const v of results.violations)
            violations.push(`${path}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        }
        expect(violations).toEqual([]);
      });
    }
  }
});

/**
 * The dashboard map with its perimeters list open and a perimeter's popup over the map (the list's
 * first button: the largest perimeter in view), its captures over time unfolded when it has some;
 * then with the popup of a perimeter of no reported fire, whose popup says so.
 */
test.describe("the map's perimeters list and a perimeter popup: WCAG 2.1 AA and best practice (axe), both languages", () => {
  test.describe.configure({ mode: 'parallel' });
  for (const locale of ['en', 'fr'] as const) {
    test(`perimeters list and popups (${locale})`, async ({ page }) => {
      test.setTimeout(120_000);
      if (locale === 'fr')
        await page.addInitScript({ content: "localStorage.setItem('ciffc.locale', 'fr')" });
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect
        .poll(
          async () =>
            Number((await page.locator('.fires-map-status').getAttribute('data-perimeters-drawn')) || '0'),
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0);
      const list = page.locator('.perimeters-in-view');
      await list.locator('summary').click();
      await expect(list).toHaveAttribute('open', '');
      const popup = page.locator('.maplibregl-popup');
      const unmatched = locale === 'fr' ? ', aucun feu déclaré,' : ', no reported fire,';
      const violations: string[] = [];
      for (const [what, button] of [
        ['largest perimeter', list.getByRole('button').first()],
        ['perimeter of no reported fire', list.getByRole('button').filter({ hasText: unmatched }).first()],
      ] as const) {
        await button.click();
        await expect(popup.locator('.perimeter-popup')).toBeVisible();
        const captures = popup.getByRole('button', {
          name: locale === 'fr' ? 'Relevés dans le temps' : 'Captures over time',
        });
        if ((await captures.count()) > 0) {
          await captures.click();
          await expect(popup.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
        }
        const results = await axeOf(page)
          .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'])
          .analyze();
        for (const v of results.violations)
          violations.push(`${what}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        await page.keyboard.press('Escape');
        await expect(popup).toHaveCount(0);
      }
      expect(violations).toEqual([]);
    });
  }
});

test.describe('accessibility (WCAG 2.1 AA, axe)', () => {
  test.describe.configure({ mode: 'parallel' });

  test('login and content pages', async ({ page }) => {
    await expectNoViolations(page, '/login', /.+/);
    await expectNoViolations(page, '/page/about', /.+/);
    await expectNoViolations(page, '/404', /.+/);
  });

  test('agency screens as an agency user', async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, 'ab');
    await expectNoViolations(page, '/agency', /Overview/);
    await expectNoViolations(page, '/agency/sitrep/ab', /Agency SitRep Input/);
    await expectNoViolations(page, '/agency/inventory/input', /Inventory Input/);
    await expectNoViolations(page, '/agency/inventory', /Inventory Summary/);
  });

  test('national screens as the national centre, in French', async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, 'ciffc');
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expectNoViolations(page, '/agency', /.+/);
    await expectNoViolations(page, '/agency/reports-and-exports', /.+/);
    await expectNoViolations(page, '/agency/sitrep/bc/approved', /.+/);
  });

  test('every signed-in screen on a 390 px phone, in English and French: nothing wider, nothing axe finds', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, 'ciffc');
    const screens = [
      '/agency',
      '/agency/sitrep/bc',
      '/agency/national',
      '/agency/inventory',
      '/agency/reports-and-exports',
      '/agency/fires-import',
      '/agency/fire-feeds',
      '/agency/perimeters-import',
    ];
    const problems: string[] = [];
    for (const locale of ['en', 'fr'] as const) {
      if (locale === 'fr') {
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('button', { name: 'Français' }).click();
        await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      }
      for (const path of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(/.+/);
        await expect(page.getByText(/^(Loading…|Chargement…)$/)).toHaveCount(0, { timeout: 20_000 });
        const width = await page.evaluate<number>('document.documentElement.scrollWidth');
        if (width > 390) problems.push(`${locale} ${path}: ${width} px wide`);
        // WCAG 2.1 AA, and the best practice of a named header for every column.
        const results = await axeOf(page)
          .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
          .options({ rules: { 'empty-table-header': { enabled: true } } })
          .analyze();
        for (const v of results.violations) problems.push(`${locale} ${path}: ${v.id} (${v.nodes.length})`);
      }
    }
    expect(problems).toEqual([]);
  });
});
