import { expect, test } from '@playwright/test';
import { login } from './support.ts';

test.describe('site shell and login', () => {
  test('login as ab shows the AB pill linking to /agency, and the session survives a reload', async ({
    page,
  }) => {
    await login(page, 'ab');
    const pill = page.getByRole('banner').getByRole('link', { name: 'AB', exact: true });
    await expect(pill).toBeVisible();
    await expect(pill).toHaveAttribute('href', '/agency');
    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: 'AB', exact: true })).toBeVisible();
  });

  test("a wrong password shows the content system's message", async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel(/^Username/).fill('ab');
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid identifier or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('legacy paths redirect, with and without a language prefix', async ({ page }) => {
    await page.goto('/fr/sitrep-archive');
    await expect(page).toHaveURL(/\/situation\/archive$/);
    await page.goto('/en/national-fires');
    await expect(page).toHaveURL(/\/national$/);
    await page.goto('/fr');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the language toggle switches to French and back', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no-such-place');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found|404/i);
  });

  test('an agency user cannot reach /agency/national and anonymous goes to /login', async ({ page }) => {
    await page.goto('/agency/national');
    await expect(page).toHaveURL(/\/login$/);
    await login(page, 'bc');
    await page.goto('/agency/national');
    await expect(page).toHaveURL(/\/agency$/);
  });

  test('/map has no top bar', async ({ page }) => {
    await page.goto('/map');
    await expect(page.getByRole('banner')).toHaveCount(0);
  });

  // As `nt`, whom no other browser test signs in: a sign-out ends every token of its user.
  test('logout ends the token at the content system and the data API, and goes to /login', async ({
    page,
    request,
  }) => {
    await login(page, 'nt');
    // A string: the browser tests are type-checked without the DOM's names.
    const token = await page.evaluate<string | undefined>(
      "JSON.parse(localStorage.getItem('ciffc.session') ?? '{}').jwt",
    );
    expect(token).toBeTruthy();
    const bearer = { authorization: `Bearer ${token}` };
    expect((await request.get('/v1/me', { headers: bearer })).status()).toBe(200);
    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
    await page.getByRole('button', { name: /^(Logout|Déconnexion)$/ }).click();
    expect((await loggedOut).status()).toBe(200);
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/agency');
    await expect(page).toHaveURL(/\/login$/);
    // A copy of the token no longer works: at once at the content system, and at the data API
    // once its identity cache (5 s) lets go of it.
    expect((await request.get('/api/users/me', { headers: bearer })).status()).toBe(401);
    await expect
      .poll(async () => (await request.get('/v1/me', { headers: bearer })).status(), { timeout: 8_000 })
      .toBe(401);
  });

  test('the content system and the data API answer through the one URL', async ({ request }) => {
    const agencies = await request.get('/v1/agency?has_siterep=true');
    expect(agencies.status()).toBe(200);
    const aliases = await request.get('/api/static-contents?fields[0]=Alias');
    expect(aliases.status()).toBe(200);
    const admin = await request.get('/admin');
    expect(admin.status()).toBe(200);
    // The reference PDFs of the home dashboard (cms/src/seed/content.ts DOCUMENTS), through /uploads.
    const pdf = await request.get('/uploads/stages-of-control-en.pdf');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toMatch(/^application\/pdf/);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
