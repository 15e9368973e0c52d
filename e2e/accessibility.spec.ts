import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { login } from './support.ts';

/** WCAG 2.1 AA on the screens whose own specs do not run axe, in both languages. */
async function expectNoViolations(page: Page, path: string, ready: RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ready);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${path}: ${v.id} (${v.nodes.length}) ${v.help}`)).toEqual([]);
}

test.describe('accessibility (WCAG 2.1 AA, axe)', () => {
  test('login and content pages', async ({ page }) => {
    await expectNoViolations(page, '/login', /.+/);
    await expectNoViolations(page, '/page/about', /.+/);
    await expectNoViolations(page, '/404', /.+/);
  });

  test('agency screens as an agency user', async ({ page }) => {
    await login(page, 'ab');
    await expectNoViolations(page, '/agency', /Overview/);
    await expectNoViolations(page, '/agency/sitrep/ab', /Agency SitRep Input/);
    await expectNoViolations(page, '/agency/inventory/input', /Inventory Input/);
    await expectNoViolations(page, '/agency/inventory', /Inventory Summary/);
  });

  test('national screens as the national centre, in French', async ({ page }) => {
    await login(page, 'ciffc');
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expectNoViolations(page, '/agency', /.+/);
    await expectNoViolations(page, '/agency/reports-and-exports', /.+/);
    await expectNoViolations(page, '/agency/sitrep/bc/approved', /.+/);
  });
});
