import { expect, test } from '@playwright/test';
import { apiGet, login, sentValues, switchTo, tokenOf, typeKeys } from './support.ts';

/**
 * Numbers typed key by key, as a duty officer types them, into each kind of number field (a fire
 * count, hectares, an inventory count; a national grid cell in national-sitrep.spec.ts, beside the
 * other tests that edit the one national draft) in English and French: the page reads the
 * language's marks and says what it read, refuses a decimal in a count and text with a message,
 * and the server receives the value meant (read back through the API after the save).
 */

test.describe('numbers typed key by key', () => {
  test('agency report: a count and hectares in English then French reach the server as meant', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const token = await tokenOf(page, 'mb');
    const sent = sentValues(page, '/v1/sitrep/agency?agency=mb', (b) => [b.a_ltg, b.b_active_hectares]);
    await login(page, 'mb');
    await page.goto('/agency/sitrep/mb');
    await page.getByRole('button', { name: 'Start Editing' }).click();
    await expect(page.getByRole('button', { name: 'Pause Edit' })).toBeVisible();
    const count = page.locator('input[name="a_ltg"]');
    const hectares = page.locator('input[name="b_active_hectares"]');
    const kept = () =>
      apiGet<{ a_ltg: number; b_active_hectares: number }>(page, token, '/v1/sitrep/agency?agency=mb');

    // English: a decimal in a count and text are refused with the reason; grouping marks are read.
    await typeKeys(count, '12.5');
    await count.blur();
    await expect(count).toHaveAccessibleDescription(/A whole number is expected\./);
    await expect(count).toHaveAttribute('aria-invalid', 'true');
    await typeKeys(count, 'twelve');
    await expect(count).toHaveAccessibleDescription(/Not a number: type digits only\./);
    await typeKeys(count, '1,234');
    await expect(count).toHaveAccessibleDescription('Read as 1,234');
    await typeKeys(hectares, '2,345.75');
    await expect(hectares).toHaveAccessibleDescription('Read as 2,345.75');
    await typeKeys(hectares, '12,5');
    await expect(hectares).toHaveAccessibleDescription(
      /Not a number: type digits, with a point for decimals\./,
    );
    await typeKeys(hectares, '2,345.75');
    await hectares.blur();
    await expect.poll(kept, { timeout: 20_000 }).toMatchObject({ a_ltg: 1234, b_active_hectares: 2345.75 });

    // French: the comma is the decimal mark, a space groups thousands.
    await switchTo(page, 'Français');
    await expect(count).toHaveValue('1234');
    await expect(hectares).toHaveValue('2345,75');
    await typeKeys(count, '12,5');
    await count.blur();
    await expect(count).toHaveAccessibleDescription(/Un nombre entier est attendu\./);
    await typeKeys(count, 'douze');
    await expect(count).toHaveAccessibleDescription(
      /Ce n’est pas un nombre : tapez seulement des chiffres\./,
    );
    await typeKeys(count, '2 345');
    await expect(count).toHaveAccessibleDescription(/^Lu : 2\s345$/);
    await typeKeys(hectares, '1 234,5');
    await expect(hectares).toHaveAccessibleDescription(/^Lu : 1\s234,5$/);
    await hectares.blur();
    await expect.poll(kept, { timeout: 20_000 }).toMatchObject({ a_ltg: 2345, b_active_hectares: 1234.5 });

    // What was refused never left the page as another number (12.5 read as 125, 12, "12,5" as 125).
    const counts = sent.map((pair) => (pair as unknown[])[0]);
    const areas = sent.map((pair) => (pair as unknown[])[1]);
    for (const wrong of [12, 12.5, 125]) {
      expect(counts).not.toContain(wrong);
      expect(areas).not.toContain(wrong);
    }
    await page.getByRole('button', { name: 'Suspendre la modification' }).click();
  });
  test('inventory: a count typed in English then French is saved as meant, a decimal and text refused', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const token = await tokenOf(page, 'pe');
    const kept = async () =>
      (
        await apiGet<{
          inventory: { resources: { item: string }; seasonal: number; exportable: number }[];
        }>(page, token, '/v1/inventory/input')
      ).inventory.find((r) => r.resources.item === 'WICK375');
    page.on('dialog', (d) => void d.accept());
    await login(page, 'pe');
    await page.goto('/agency/inventory/input');
    await page.getByRole('button', { name: 'Add another item' }).click();
    const row = page.locator('.inventory-row').last();
    await row.getByLabel('Category', { exact: true }).selectOption('equipment');
    await row.getByLabel('Subcategory', { exact: true }).selectOption('pumps');
    await row.getByLabel('Item', { exact: true }).selectOption('WICK375');
    const seasonal = row.getByLabel('Seasonal', { exact: true });
    const exportable = row.getByLabel('Exportable', { exact: true });

    await typeKeys(seasonal, '7.5');
    await seasonal.blur();
    await expect(seasonal).toHaveAccessibleDescription(/A whole number is expected\./);
    await typeKeys(seasonal, 'seven');
    await seasonal.blur();
    await expect(seasonal).toHaveAccessibleDescription(/Not a number: type digits only\./);
    await typeKeys(seasonal, '1,234');
    await expect(seasonal).toHaveAccessibleDescription('Read as 1,234');
    await typeKeys(exportable, '12');
    await exportable.blur();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/agency$/);
    await expect.poll(kept).toMatchObject({ seasonal: 1234, exportable: 12 });

    await page.goto('/agency/inventory/input');
    await switchTo(page, 'Français');
    const rowFr = page
      .locator('.inventory-row')
      .filter({ has: page.locator('option[value="WICK375"]:checked') });
    const seasonalFr = rowFr.getByLabel('Saisonnier', { exact: true });
    await expect(seasonalFr).toHaveValue('1234');
    await typeKeys(seasonalFr, '7,5');
    await seasonalFr.blur();
    await expect(seasonalFr).toHaveAccessibleDescription(/Un nombre entier est attendu\./);
    await typeKeys(seasonalFr, '12 345');
    await expect(seasonalFr).toHaveAccessibleDescription(/^Lu : 12\s345$/);
    await seasonalFr.blur();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page).toHaveURL(/\/agency$/);
    await expect.poll(kept).toMatchObject({ seasonal: 12345, exportable: 12 });
  });
});
