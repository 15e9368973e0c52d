import { expect, type Page, test } from '@playwright/test';
import { login } from './support.ts';

/**
 * The editing screens at a laptop's 1366 px, measured with bounding boxes so
 * that a control pushed off the screen or under another one fails, and a save cut by the network.
 */

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

const isAgencySave = (agency: string) => (r: { url(): string; request(): { method(): string } }) =>
  r.url().includes(`/v1/sitrep/agency?agency=${agency}`) && r.request().method() === 'POST';

/** Accepts every confirm and alert, as a person would. */
const acceptDialogs = (page: Page) => page.on('dialog', (d) => void d.accept());

async function startEditing(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: /^(Start Editing|Pause Edit)$/ })).toBeVisible();
  const start = page.getByRole('button', { name: 'Start Editing' });
  if (await start.isVisible()) await start.click();
  await expect(page.getByRole('button', { name: 'Pause Edit' })).toBeVisible();
}

test.describe('editing screens at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the national mobilization editor: To and From fully in view, no box over them', async ({ page }) => {
    acceptDialogs(page);
    await login(page, 'ciffc');
    await page.goto('/agency/national');
    await expect(page.getByRole('heading', { level: 1, name: 'National SitRep Input' })).toBeVisible();
    await startEditing(page);
    const add = page.getByRole('button', { name: 'Add another destination' }).first();
    await add.click();
    const row = page.locator('.mob-rows').first().locator('.mob-row').last();
    // The longest item name of the catalogue widens the resource picker as much as it gets.
    await row.getByLabel('Category', { exact: true }).selectOption('aircraft');
    await row.getByLabel('Subcategory', { exact: true }).selectOption('airtankers');
    await row.getByLabel('Item', { exact: true }).selectOption('CL415');
    await row.getByLabel('Label', { exact: true }).fill('Crew label long enough to fill its box');

    // Scrolled down to the row but never sideways: what is off the screen stays off it. (A string:
    // this project's e2e code has no DOM types.)
    const measured = await page.evaluate<{
      scrollX: number;
      viewport: number;
      places: { name: string; box: Box }[];
      others: { what: string; box: Box }[];
    }>(`(() => {
      const rows = document.querySelector('.mob-rows').querySelectorAll('.mob-row');
      const el = rows[rows.length - 1];
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200);
      const box = (e) => {
        const r = e.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      };
      const places = [...el.querySelectorAll('select[name$=".to"], select[name$=".from"]')];
      const others = [...el.querySelectorAll('input, select, textarea, button, label')].filter(
        (o) => !places.includes(o) && !(o.tagName === 'LABEL' && places.includes(o.control)),
      );
      return {
        scrollX: window.scrollX,
        viewport: document.documentElement.clientWidth,
        places: places.map((p) => ({ name: p.name, box: box(p) })),
        others: others.map((o) => ({ what: o.tagName + ' ' + (o.getAttribute('name') || o.textContent), box: box(o) })),
      };
    })()`);
    expect(measured.scrollX).toBe(0);
    expect(measured.places.map((p) => p.name.replace(/^.*\./, ''))).toEqual(['to', 'from']);
    for (const place of measured.places) {
      expect(place.box.left, `${place.name} starts on the screen`).toBeGreaterThanOrEqual(0);
      expect(place.box.right, `${place.name} ends on the screen`).toBeLessThanOrEqual(measured.viewport);
      const covering = measured.others.filter((o) => overlaps(place.box, o.box)).map((o) => o.what);
      expect(covering, `${place.name} is not covered`).toEqual([]);
    }

    // The added row goes again, so the draft stays as it was.
    await row.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Pause Edit' }).click();
    await expect(page.getByRole('button', { name: 'Start Editing' })).toBeVisible();
  });

  test('the national grid says when it is wider than the screen, and the keyboard reaches its last columns', async ({
    page,
  }) => {
    await login(page, 'ciffc');
    await page.goto('/agency/national');
    const grid = page.getByRole('region', { name: 'To', exact: true });
    await expect(grid.getByRole('table')).toBeVisible();
    const wide = await grid.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    const hint = page.getByText(/^The grid is wider than the screen/).first();
    if (!wide) {
      await expect(hint).toHaveCount(0);
      return;
    }
    await expect(hint).toBeVisible();
    await expect(hint).toContainText('Total');
    await expect(grid).toHaveAttribute('aria-describedby', /.+/);
    // The box takes focus and the arrow keys scroll it until the Total column is inside it.
    await grid.focus();
    for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowRight');
    const total = grid.getByRole('columnheader', { name: 'Total' });
    const [outer, cell] = await Promise.all([grid.boundingBox(), total.boundingBox()]);
    expect(cell && outer && cell.x + cell.width <= outer.x + outer.width + 1).toBe(true);
  });

  test('inventory selects show the whole item name', async ({ page }) => {
    await login(page, 'sk');
    await page.goto('/agency/inventory/input');
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory Input' })).toBeVisible();
    const before = await page.locator('.inventory-row').count();
    await page.getByRole('button', { name: 'Add another item' }).click();
    const row = page.getByRole('group', { name: `Item ${before + 1}`, exact: true });
    await row.getByLabel('Category', { exact: true }).selectOption('aircraft');
    await row.getByLabel('Subcategory', { exact: true }).selectOption('airtankers');
    await row.getByLabel('Item', { exact: true }).selectOption('CL415');
    // The chosen option's text, in the select's own font, against the room inside the select
    // (its padding and the arrow taken off).
    const cut = await page.evaluate<{ text: string; needs: number; room: number }[]>(`(() => {
      const groups = document.querySelectorAll('.inventory-row');
      const selects = [...groups[groups.length - 1].querySelectorAll('select')];
      const context = document.createElement('canvas').getContext('2d');
      return selects.map((s) => {
        const style = getComputedStyle(s);
        context.font = style.fontStyle + ' ' + style.fontWeight + ' ' + style.fontSize + ' ' + style.fontFamily;
        const text = s.selectedOptions[0] ? s.selectedOptions[0].textContent : '';
        const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        return { text, needs: Math.ceil(context.measureText(text).width), room: Math.floor(room) };
      });
    })()`);
    expect(cut.map((c) => c.text)).toContain('CL-415 / DHC-515 skimmer');
    for (const c of cut) expect(c.needs, `"${c.text}" fits`).toBeLessThanOrEqual(c.room);
  });

  test('prescribed fires: Bring forward on its own line; the same error toast shown once', async ({
    page,
  }) => {
    acceptDialogs(page);
    await login(page, 'pe');
    await page.goto('/agency/sitrep/pe');
    await startEditing(page);
    const section = page.getByRole('region', { name: 'Prescribed fires' });
    const button = section.getByRole('button', { name: 'Bring forward' });
    const buttonBox = await button.boundingBox();
    expect(buttonBox).not.toBeNull();
    for (const name of ['e_act', 'e_out', 'e_total_hectares']) {
      const field = await section.locator(`input[name="${name}"]`).boundingBox();
      expect(field, name).not.toBeNull();
      // Wholly above the fields: not in their row.
      expect((buttonBox?.y ?? 0) + (buttonBox?.height ?? 0), name).toBeLessThanOrEqual(field?.y ?? 0);
    }

    // Two fields left with the same error: one toast, not two stacked.
    const act = section.locator('input[name="e_act"]');
    const out = section.locator('input[name="e_out"]');
    const kept = { act: await act.inputValue(), out: await out.inputValue() };
    await act.fill('-1');
    await act.blur();
    await out.fill('-1');
    await out.blur();
    const toasts = page.locator('.toast-error');
    await expect(toasts.first()).toBeVisible();
    expect(await toasts.count()).toBe(1);
    await act.fill(kept.act);
    await act.blur();
    await out.fill(kept.out);
    await out.blur();
    await page.getByRole('button', { name: 'Pause Edit' }).click();
    await expect(page.getByRole('button', { name: 'Start Editing' })).toBeVisible();
  });

  test('a save cut by the network arrives when the network is back', async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      const page = await context.newPage();
      acceptDialogs(page);
      await login(page, 'yt');
      await page.goto('/agency/sitrep/yt');
      await startEditing(page);
      const field = page.locator('input[name="a_oth"]');
      const value = String(100 + (Date.now() % 800));
      // The tick's send fails without a network ...
      const failed = page.waitForEvent('requestfailed', {
        predicate: (r) => r.url().includes('/v1/sitrep/agency?agency=yt') && r.method() === 'POST',
        timeout: 15_000,
      });
      await context.setOffline(true);
      await field.fill(value);
      await field.blur();
      await failed;
      // ... and the next one, with the network back, carries the value.
      const saved = page.waitForResponse(isAgencySave('yt'), { timeout: 15_000 });
      await context.setOffline(false);
      expect((await saved).status()).toBe(200);
      await page.getByRole('button', { name: 'Pause Edit' }).click();
      await expect(page.getByRole('button', { name: 'Start Editing' })).toBeVisible();
      const check = await context.newPage();
      await check.goto('/agency/sitrep/yt');
      await expect(check.locator('input[name="a_oth"]')).toHaveValue(value);
    } finally {
      await context.close();
    }
  });
});
