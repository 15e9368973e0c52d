import { expect, type Locator, type Page, test } from '@playwright/test';
import { login } from './support.ts';

/**
 * Numbers typed key by key, as a duty officer types them, into each kind of number field (a fire
 * count, hectares, a grid cell, an inventory count) in English and French: the page reads the
 * language's marks and says what it read, refuses a decimal in a count and text with a message,
 * and the server receives the value meant (read back through the API after the save).
 */

/** Clears the field and types the text one key at a time (never `fill`, which sets the value at once). */
async function typeKeys(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(text, { delay: 20 });
}

/** A bearer token of a demo user, to read what the server kept as that user's page would. */
async function tokenOf(page: Page, user: string): Promise<string> {
  const res = await page.request.post('/api/auth/local', {
    data: { identifier: user, password: 'wildfire-demo' },
  });
  return ((await res.json()) as { jwt: string }).jwt;
}

async function apiGet<T>(page: Page, token: string, url: string): Promise<T> {
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

/** Every value of one field the page sent in its saves: none may be a value the user did not mean. */
function sentValues(page: Page, path: string, pick: (body: Record<string, unknown>) => unknown): unknown[] {
  const seen: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().includes(path)) return;
    const body = request.postDataJSON() as Record<string, unknown> | null;
    if (body) seen.push(pick(body));
  });
  return seen;
}

const switchTo = async (page: Page, language: 'Français' | 'English') =>
  page.getByRole('button', { name: language, exact: true }).click();

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
  test('national report: a grid cell refuses a decimal and text, and keeps 1,234 and « 2 345 »', async ({
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
