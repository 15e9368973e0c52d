import type { NationalMobTable, NationalSitrepFields } from '@ciffc/contracts';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, axeOf, login, sentValues, switchTo, tokenOf, typeKeys } from './support.ts';

/** Today in the centre's time zone: the report date a publication gets. */
const reportDate = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Winnipeg' }).format(new Date());

test.describe('national situation report', () => {
  test('ciffc edits a national mobilization grid, sees the Total, publishes, and the public report and archive show it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.accept();
    });
    const summary = `E2E national summary ${Date.now()}`;

    await login(page, 'ciffc');
    await page.goto('/agency/national');
    await expect(page.getByRole('heading', { level: 1, name: 'National SitRep Input' })).toBeVisible();
    await page.getByRole('button', { name: 'Start Editing' }).click();
    await expect(page.getByRole('button', { name: 'Pause Edit' })).toBeVisible();
    // 4.4: once today is published (an earlier run on this database) the status reads Published.
    await expect(page.getByTestId('national-status')).toHaveText(/^(Being Edited by you|Published)$/);

    await page.getByLabel('National summary (English)').fill(summary);
    await page.getByLabel('National summary (English)').blur();
    await page
      .getByRole('group', { name: 'National preparedness level', exact: true })
      .getByLabel('3')
      .check();

    // A resource added with the picker goes into both grids.
    const picker = page.getByRole('group', { name: 'Resource to add to both tables' });
    await picker.getByLabel('Category', { exact: true }).selectOption({ label: 'Crews' });
    await picker.getByLabel('Subcategory', { exact: true }).selectOption({ label: 'Type 1 Unit Crew' });
    await picker
      .getByLabel('Item', { exact: true })
      .selectOption({ label: 'Type 1 initial attack crew (3 persons)' });
    await page.getByRole('button', { name: 'Add resource' }).click();
    const toGrid = page.getByRole('table', { name: 'To', exact: true });
    const fromGrid = page.getByRole('table', { name: 'From', exact: true });
    await expect(toGrid.getByRole('row').filter({ hasText: 'IA3' })).toHaveCount(1);
    await expect(fromGrid.getByRole('row').filter({ hasText: 'IA3' })).toHaveCount(1);

    const resource = 'Type 1 initial attack crew (3 persons)';
    await toGrid.getByLabel(`${resource}, AB`).fill('2');
    await toGrid.getByLabel(`${resource}, BC`).fill('3');
    await toGrid.getByLabel(`${resource}, Intl`).fill('4');
    await toGrid.getByLabel(`${resource}, Intl`).blur();
    await expect(toGrid.getByLabel(`Total, ${resource}`)).toHaveText('9');
    // The 5-second autosave keeps the changes: a save holding all of them is answered 200. (Its
    // 750 ms toast can fall between two of Playwright's polls on a busy machine; the component test
    // checks the toast.)
    const keptAll = page.waitForResponse(
      (r) => {
        if (r.request().method() !== 'POST' || !r.url().endsWith('/v1/sitrep/national')) return false;
        const body = r.request().postDataJSON() as NationalSitrepFields;
        const rows = (table: NationalMobTable) => Object.values(table);
        return (
          body.en_summary_comments === summary &&
          body.preparedness_level === '3' &&
          rows(body.national_to_mobs).some((row) => row.ab === 2 && row.bc === 3 && row.intl === 4) &&
          rows(body.national_from_mobs).some((row) => row.on === 9)
        );
      },
      { timeout: 15_000 },
    );
    await fromGrid.getByLabel(`${resource}, ON`).fill('9');
    await fromGrid.getByLabel(`${resource}, ON`).blur();
    await expect(fromGrid.getByLabel(`Total, ${resource}`)).toHaveText('9');
    expect((await keptAll).status()).toBe(200);
    await expect(page.getByTestId('national-status')).toHaveText(
      /^(Being Edited by you|Published|Ready to update)$/,
    );

    await page.getByRole('button', { name: /^(Publish|Republish)$/ }).click();
    await expect(page).toHaveURL(/\/agency$/);
    // Only the English summary was changed: the confirmation says the French one still says the old thing.
    expect(dialogs).toContain(
      'The English summary was changed but the French summary was not: it still says what it said before. Are you sure you want to publish this data?',
    );
    expect(dialogs).toContain('Data synced with server. The action has been successfully saved.');

    // The public report, read anonymously in a new context.
    const date = reportDate();
    const visitor = await page.context().browser()?.newPage();
    if (!visitor) throw new Error('no browser');
    await visitor.goto('/situation');
    await expect(visitor.getByText(summary)).toBeVisible();
    await expect(visitor.getByRole('link', { name: /Situation report archive/ })).toHaveAttribute(
      'href',
      '/situation/archive',
    );
    const published = visitor.getByRole('table', { name: 'Resources mobilized to' });
    await expect(published.getByRole('row').filter({ hasText: 'IA3' }).getByRole('cell').last()).toHaveText(
      '9',
    );
    await expect(visitor.getByText('1 Acre = 0.404685642 Hectares')).toBeVisible();
    // Anonymous readers do not get the signed-in sections.
    await expect(visitor.getByRole('heading', { name: 'Casual Hire Helicopters' })).toHaveCount(0);

    // The archive links the day to its report, coloured and named by level 3.
    await visitor.goto('/situation/archive');
    const day = visitor
      .getByRole('link', { name: /national preparedness level 3$/ })
      .and(visitor.locator(`a[href="/situation/${date}"]`));
    await expect(day).toHaveCount(1);
    await day.click();
    await expect(visitor).toHaveURL(new RegExp(`/situation/${date}$`));
    await expect(visitor.getByText(summary)).toBeVisible();
    await visitor.close();

    // Signed in, the same report has the expanded sections.
    await page.goto(`/situation/${date}`);
    await expect(page.getByRole('heading', { name: 'Casual Hire Helicopters' })).toBeVisible();
  });

  test('prints a clean report: the site header, the back link and the Print button are hidden', async ({
    page,
  }) => {
    await page.goto('/situation');
    const heading = page.getByRole('heading', { level: 1 });
    const chrome = [
      page.getByRole('banner'),
      page.getByRole('link', { name: /Situation report archive/ }),
      page.getByRole('button', { name: 'Print' }),
    ];
    await expect(heading).toBeVisible();
    for (const part of chrome) await expect(part).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    for (const part of chrome) await expect(part).toBeHidden();
    await expect(heading).toBeVisible();
    await expect(page.getByRole('heading', { name: 'National Statistics' })).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
  });

  async function axe(page: Page) {
    await expect(page.getByText('Loading…')).toHaveCount(0, { timeout: 30_000 });
    const results = await axeOf(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  test('axe finds no WCAG 2.1 AA violations on /situation', async ({ page }) => {
    await page.goto('/situation');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axe(page)).toEqual([]);
  });

  test('axe finds no WCAG 2.1 AA violations on /situation/archive', async ({ page }) => {
    await page.goto('/situation/archive');
    await expect(page.getByRole('heading', { level: 1, name: 'Situation Reports' })).toBeVisible();
    expect(await axe(page)).toEqual([]);
  });

  test('axe finds no WCAG 2.1 AA violations on /agency/national', async ({ page }) => {
    await login(page, 'ciffc');
    await page.goto('/agency/national');
    await expect(page.getByRole('heading', { level: 1, name: 'National SitRep Input' })).toBeVisible();
    expect(await axe(page)).toEqual([]);
  });

  for (const width of [1366, 390]) {
    test(`the mobilization editor and grids fit ${width} px: selects in view, the Resource column sticky`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await login(page, 'ciffc');
      await page.goto('/agency/national');
      await expect(page.getByRole('heading', { level: 1, name: 'National SitRep Input' })).toBeVisible();
      // The draft loads after the heading: wait for its editing button, then claim if needed.
      await expect(page.getByRole('button', { name: /^(Start Editing|Pause Edit)$/ })).toBeVisible();
      const start = page.getByRole('button', { name: 'Start Editing' });
      if (await start.isVisible()) await start.click();
      await expect(page.getByRole('button', { name: 'Pause Edit' })).toBeVisible();
      page.on('dialog', (dialog) => dialog.accept());
      const add = page.getByRole('button', { name: 'Add another destination' }).first();
      const editor = add.locator('xpath=..');
      await add.click();
      const selects = page.locator('.mob-row select');
      expect(await selects.count()).toBeGreaterThan(0);
      // Every select of the editor lies inside the page and is not covered by a label box.
      const placed = await page.evaluate<{ name: string; inside: boolean; visible: boolean }[]>(`(() =>
        [...document.querySelectorAll('.mob-row select')].map((el) => {
          el.scrollIntoView({ block: 'center' });
          const r = el.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return {
            name: el.name,
            inside: r.left >= 0 && r.right <= window.innerWidth + 0.5,
            visible: top === el || el.contains(top),
          };
        }))()`);
      for (const p of placed) expect(p, p.name).toMatchObject({ inside: true, visible: true });
      expect(
        await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'),
      ).toBeLessThanOrEqual(0);

      // The grid scrolls inside its box; the Resource column stays where it was.
      const grid = page.getByRole('table', { name: 'To', exact: true });
      const firstCell = grid.locator('tbody th').first();
      await expect(firstCell).toBeVisible();
      const box = grid.locator('xpath=ancestor::*[contains(@class, "table-scroll")][1]');
      const before = await firstCell.boundingBox();
      await box.evaluate((el: { scrollLeft: number }) => {
        el.scrollLeft = 400;
      });
      const after = await firstCell.boundingBox();
      expect(after?.x).toBeCloseTo(before?.x ?? -1, 0);
      // The added empty row goes again, so the draft stays as it was for the other tests.
      await editor.locator('.mob-row').last().getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('button', { name: 'Pause Edit' }).click();
      await expect(page.getByRole('button', { name: 'Start Editing' })).toBeVisible();
    });
  }

  // The national draft is one for the whole stack: typing into it lives here, beside the other
  // tests that edit it, so no other worker's edits race it (they run one after another in this file).
  test('numbers typed key by key: a grid cell refuses a decimal and text, and keeps 1,234 and « 2 345 »', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const token = await tokenOf(page, 'ciffc');
    const sent = sentValues(page, '/v1/sitrep/national', (b) => {
      const to = b.national_to_mobs as Record<string, Record<string, unknown>> | undefined;
      return to?.UC20?.ab;
    });
    await login(page, 'ciffc');
    await page.goto('/agency/national');
    await page.getByRole('button', { name: 'Start Editing' }).click();
    await expect(page.getByRole('button', { name: 'Pause Edit' })).toBeVisible();
    // The To grid's UC20 row (in the demo's national report), Alberta's column.
    const cell = page
      .getByRole('table', { name: 'To', exact: true })
      .locator('tr[data-resource="UC20"]')
      .getByRole('textbox', { name: /, AB$/ });
    const kept = async () =>
      (
        await apiGet<{ national_to_mobs: Record<string, Record<string, unknown>> }>(
          page,
          token,
          '/v1/sitrep/national',
        )
      ).national_to_mobs.UC20?.ab;

    await typeKeys(cell, '3.5');
    await cell.blur();
    // A grid cell has no error line of its own: the reason is beside it and in its description.
    await expect(cell).toHaveAccessibleDescription(/A whole number is expected\./);
    await expect(page.getByText('A whole number is expected.')).toBeVisible();
    await typeKeys(cell, 'x');
    await expect(cell).toHaveAccessibleDescription(/Not a number: type digits only\./);
    await typeKeys(cell, '1,234');
    await expect(cell).toHaveAccessibleDescription('Read as 1,234');
    await cell.blur();
    await expect.poll(kept, { timeout: 20_000 }).toBe(1234);

    await switchTo(page, 'Français');
    const cellFr = page
      .getByRole('table', { name: 'Vers', exact: true })
      .locator('tr[data-resource="UC20"]')
      .getByRole('textbox', { name: /, AB$/ });
    await expect(cellFr).toHaveValue('1234');
    await typeKeys(cellFr, '3,5');
    await cellFr.blur();
    await expect(cellFr).toHaveAccessibleDescription(/Un nombre entier est attendu\./);
    await typeKeys(cellFr, '2 345');
    await expect(cellFr).toHaveAccessibleDescription(/^Lu : 2\s345$/);
    await cellFr.blur();
    await expect.poll(kept, { timeout: 20_000 }).toBe(2345);

    for (const wrong of [3, 3.5, 35]) expect(sent).not.toContain(wrong);
    await page.getByRole('button', { name: 'Suspendre la modification' }).click();
  });
});
