import { expect, type Page, test } from '@playwright/test';
import { login } from './support.ts';

const CONFIRM_SUBMIT = 'confirm: Are you sure you want to submit this data for approval?';
const ALERT_SAVED = 'alert: Data synced with server. The action has been successfully saved.';

/** Accepts every dialog, as a person would, and records each as `type: message` to be asserted. */
function recordDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(`${d.type()}: ${d.message()}`);
    void d.accept();
  });
  return seen;
}

test.describe('agency sitrep (issue 4)', () => {
  test('ab edits and syncs while ciffc sees Edit Locked; ab submits; ciffc approves and the approved copy shows the data', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const ab = await browser.newContext();
    const ciffc = await browser.newContext();
    try {
      const abPage = await ab.newPage();
      const ciffcPage = await ciffc.newPage();
      const abDialogs = recordDialogs(abPage);
      const ciffcDialogs = recordDialogs(ciffcPage);
      const marker = `Playwright ops summary ${Date.now()}`;

      await login(abPage, 'ab');
      await abPage.goto('/agency/sitrep');
      await expect(abPage).toHaveURL(/\/agency\/sitrep\/ab$/);
      await abPage.getByRole('button', { name: 'Start Editing' }).click();
      await expect(abPage.getByRole('button', { name: 'Pause Edit' })).toBeVisible();

      const saved = abPage.waitForResponse(
        (r) => r.url().includes('/v1/sitrep/agency?agency=ab') && r.request().method() === 'POST',
        { timeout: 15_000 },
      );
      const summary = abPage.locator('textarea[name="en_ops_summary"]');
      await summary.fill(marker);
      await summary.blur();
      const lightning = abPage.locator('input[name="a_ltg"]');
      await lightning.fill('7');
      await lightning.blur();
      await expect(abPage.locator('input[name="a_ltg"]')).toHaveValue('7');
      // The 5-second tick syncs the queued change (the 750 ms toast is checked in the component test).
      expect((await saved).status()).toBe(200);
      await expect(abPage.getByTestId('sitrep-status')).toHaveText('Editing');

      await login(ciffcPage, 'ciffc');
      await ciffcPage.goto('/agency/sitrep/ab');
      const lockedButton = ciffcPage.getByRole('button', { name: /Edit Locked/ });
      await expect(lockedButton).toBeVisible();
      await expect(lockedButton).toBeDisabled();
      await expect(lockedButton).toContainText('by agency');
      await expect(ciffcPage.locator('textarea[name="en_ops_summary"]')).toHaveValue(marker);
      await expect(ciffcPage.locator('textarea[name="en_ops_summary"]')).toBeDisabled();

      await abPage.getByRole('button', { name: 'Submit' }).click();
      await expect(abPage).toHaveURL(/\/agency$/);
      await expect.poll(() => abDialogs).toEqual([CONFIRM_SUBMIT, ALERT_SAVED]);

      await ciffcPage.reload();
      await expect(ciffcPage.getByTestId('sitrep-status')).toHaveText('Submitted');
      await expect(ciffcPage.getByRole('button', { name: /Edit Locked/ })).toHaveCount(0);
      await expect(ciffcPage.getByRole('button', { name: 'Not Approved' })).toBeEnabled();
      await ciffcPage.getByRole('button', { name: 'Approved', exact: true }).click();
      await expect(ciffcPage).toHaveURL(/\/agency$/);
      await expect.poll(() => ciffcDialogs).toEqual([ALERT_SAVED]);

      await ciffcPage.goto('/agency/sitrep/ab/approved');
      await expect(ciffcPage.locator('textarea[name="en_ops_summary"]')).toHaveValue(marker);
      await expect(ciffcPage.locator('input[name="a_ltg"]')).toHaveValue('7');
      await expect(ciffcPage.locator('input[name="a_ltg"]')).toBeDisabled();

      await ciffcPage.goto('/agency/sitrep/ab');
      await expect(ciffcPage.getByTestId('sitrep-status')).toHaveText('Approved');
      await expect(ciffcPage.getByRole('button', { name: 'Approved', exact: true })).toBeDisabled();
    } finally {
      await ab.close();
      await ciffc.close();
    }
  });
});
