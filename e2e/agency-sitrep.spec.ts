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

test.describe('agency sitrep', () => {
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

const isSave = (agency: string) => (r: { url(): string; request(): { method(): string } }) =>
  r.url().includes(`/v1/sitrep/agency?agency=${agency}`) && r.request().method() === 'POST';

test.describe('nothing a duty officer types is lost', () => {
  test('a second tab of the same account saving over an older version gets a visible conflict, never a silent loss', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext();
    try {
      const a = await context.newPage();
      recordDialogs(a);
      await login(a, 'nl');
      const b = await context.newPage();
      recordDialogs(b);
      // B's clock flows as usual but can be run forward: its save tick is waited for without a real wait.
      await b.clock.install();
      await a.goto('/agency/sitrep/nl');
      await a.getByRole('button', { name: 'Start Editing' }).click();
      await expect(a.getByRole('button', { name: 'Pause Edit' })).toBeVisible();
      // Tab B opens the same sitrep: the claim is this account's, so it resumes editing on the same version.
      await b.goto('/agency/sitrep/nl');
      await expect(b.getByRole('button', { name: 'Pause Edit' })).toBeVisible();

      const marker = `Tab A summary ${Date.now()}`;
      const aSaved = a.waitForResponse(isSave('nl'), { timeout: 15_000 });
      await a.locator('textarea[name="en_ops_summary"]').fill(marker);
      await a.locator('textarea[name="en_ops_summary"]').blur();
      expect((await aSaved).status()).toBe(200);

      // B still sends the version it loaded, A's save made a newer one, and B's tab has its own
      // editing session: the API refuses the stale save (api/src/agency-sitrep/service.ts, save).
      const bSaves: string[] = [];
      b.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/v1/sitrep/agency?agency=nl')) bSaves.push(r.url());
      });
      const bSaved = b.waitForResponse(isSave('nl'), { timeout: 15_000 });
      await b.locator('input[name="a_hum"]').fill('42');
      await b.locator('input[name="a_hum"]').blur();
      const refused = await bSaved;
      expect(refused.status()).toBe(409);
      expect(await refused.json()).toMatchObject({ code: 'sitrep.stale' });
      // B is told, sees its unsent value beside the current one, and A's summary is on its screen.
      await expect(b.getByTestId('editing-conflict')).toBeVisible();
      await expect(b.getByTestId('conflict-mine-a_hum')).toHaveText('42');
      await expect(b.locator('textarea[name="en_ops_summary"]')).toHaveValue(marker);
      // A's summary is kept on the server, without B's refused value.
      const check = await context.newPage();
      await check.goto('/agency/sitrep/nl');
      await expect(check.locator('textarea[name="en_ops_summary"]')).toHaveValue(marker);
      await expect(check.locator('input[name="a_hum"]')).not.toHaveValue('42');
      // B stopped editing: a tick later it has sent nothing more over A's version.
      await expect(b.getByRole('button', { name: 'Start Editing' })).toBeVisible();
      const before = await b.evaluate(() => Date.now());
      await b.clock.runFor(6000);
      // The page's time (its save tick's setInterval too) went past one tick; a save started by
      // that tick would be on the wire by the time the page answers once more.
      expect((await b.evaluate(() => Date.now())) - before).toBeGreaterThanOrEqual(6000);
      expect(bSaves).toHaveLength(1);
      await check.reload();
      await expect(check.locator('textarea[name="en_ops_summary"]')).toHaveValue(marker);
    } finally {
      await context.close();
    }
  });

  test('type and leave within one second keeps the value (route change), and closing the tab too', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      recordDialogs(page);
      await login(page, 'ns');
      await page.goto('/agency/sitrep/ns');
      await page.getByRole('button', { name: 'Start Editing' }).click();
      await expect(page.getByRole('button', { name: 'Pause Edit' })).toBeVisible();

      // Blur then leave for the overview at once.
      const saved = page.waitForResponse(isSave('ns'), { timeout: 10_000 });
      const field = page.locator('input[name="a_oth"]');
      await field.fill('');
      const typedAt = Date.now();
      await field.pressSequentially('13');
      await field.blur();
      await page.getByRole('link', { name: 'Overview' }).first().click();
      // The user left right after typing, before a 5 s tick could be counted on (a loaded CI
      // machine takes over a second to type, blur and click, so the bound is the tick itself).
      expect(Date.now() - typedAt).toBeLessThan(5000);
      const answer = await saved;
      const blurMs = Date.now() - typedAt;
      expect(answer.status()).toBe(200);
      await page.goto('/agency/sitrep/ns');
      await expect(page.locator('input[name="a_oth"]')).toHaveValue('13');
      console.log(`[typing] keystroke to server answer, blur + route change: ${blurMs} ms`);

      // Type and close the tab: the page-hide send (fetch keepalive) carries it.
      await expect(page.getByRole('button', { name: 'Pause Edit' })).toBeVisible();
      const closing = page.locator('input[name="a_oth"]');
      await closing.fill('21');
      await closing.blur();
      const closedAt = Date.now();
      await page.close({ runBeforeUnload: true });
      const check = await context.newPage();
      await check.goto('/agency/sitrep/ns');
      await expect(check.locator('input[name="a_oth"]')).toHaveValue('21', { timeout: 10_000 });
      console.log(
        `[typing] keystroke to value seen after closing the tab: ${Date.now() - closedAt} ms (upper bound)`,
      );
    } finally {
      await context.close();
    }
  });
});
