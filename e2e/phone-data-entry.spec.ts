import { expect, type Page, test } from '@playwright/test';
import { axeOf, login } from './support.ts';

/**
 * Every data-entry screen on a phone (390 px): the page itself never scrolls sideways (tables
 * scroll in their own box, reachable by keyboard), and the decision buttons are in view.
 */

const PHONE = { width: 390, height: 844 };

/** How far the page is wider than the screen (0 when it fits). */
const overflow = (page: Page) =>
  // A string: this project's e2e code has no DOM types.
  page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');

async function fitsThePhone(page: Page, heading: RegExp | string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
  // Data-driven parts (grids, tables) render after the heading: wait for the network to settle.
  await page.waitForLoadState('networkidle');
  expect(await overflow(page), `${page.url()} is wider than the phone`).toBeLessThanOrEqual(0);
}

async function inView(page: Page, name: string) {
  const box = await page.getByRole('button', { name, exact: true }).boundingBox();
  expect(box, `${name} has a box`).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
}

test.describe('data entry on a phone (390 px)', () => {
  test.use({ viewport: PHONE });

  test('the agency and its report, inventory input and summary fit the screen', async ({ page }) => {
    await login(page, 'ab');
    await page.goto('/agency/sitrep/ab');
    await fitsThePhone(page, /SitRep/);
    await page.goto('/agency/inventory/input');
    await fitsThePhone(page, /Inventory/);
    await page.goto('/agency/inventory');
    await fitsThePhone(page, /Inventory/);
    // A table wider than the phone scrolls in its own box, which the keyboard can reach.
    const axe = await axeOf(page).withRules(['scrollable-region-focusable']).analyze();
    expect(axe.violations.map((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  });

  test("the national centre's view of an agency report shows both decisions; the national report and reports fit", async ({
    page,
  }) => {
    await login(page, 'ciffc');
    await page.goto('/agency/sitrep/ab');
    await fitsThePhone(page, /SitRep/);
    await inView(page, 'Approved');
    await inView(page, 'Not Approved');
    await page.goto('/agency/national');
    await fitsThePhone(page, /National SitRep/);
    await page.goto('/agency/reports-and-exports');
    await fitsThePhone(page, /Reports/);
  });
});
