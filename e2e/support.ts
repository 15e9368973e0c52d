import AxeBuilder from '@axe-core/playwright';
import { DEMO_PASSWORD } from '@ciffc/contracts';
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

/** The demo accounts' own language (cms/src/seed/demo.ts): Quebec's is French. */
const seededLanguage = (username: string) => (username === 'qc' ? 'fr' : 'en');

/**
 * Signs in through the login page, as a person would, and waits for the agency pill. The sign-in
 * applies the account's language, and a test that used the header's toggle while signed in saved
 * another one for that account (the whole run shares one content system): the account is put back
 * to its seeded language by the same toggle, so that every test starts where the seed left it.
 */
export async function login(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^(Username|Nom d’utilisateur|Nom d'utilisateur)/).fill(username);
  await page.getByLabel(/^(Password|Mot de passe)/).fill(password);
  await page.getByRole('button', { name: /^(Login|Connexion)$/ }).click();
  await expect(page).toHaveURL(/\/agency/);
  const wanted = seededLanguage(username);
  if ((await page.locator('html').getAttribute('lang')) !== wanted) {
    const saved = page.waitForResponse((r) => r.url().includes('/api/users/me/preferred-locale'));
    // On a phone the toggle is in the menu.
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    if (await menu.isVisible()) await menu.click();
    await switchTo(page, wanted === 'fr' ? 'Français' : 'English');
    await saved;
    await expect(page.locator('html')).toHaveAttribute('lang', wanted);
  }
}

/** Clears the field and types the text one key at a time (never `fill`, which sets the value at once). */
export async function typeKeys(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(text, { delay: 20 });
}

/** A bearer token of a demo user, to read what the server kept as that user's page would. */
export async function tokenOf(page: Page, user: string): Promise<string> {
  const res = await page.request.post('/api/auth/local', {
    data: { identifier: user, password: DEMO_PASSWORD },
  });
  return ((await res.json()) as { jwt: string }).jwt;
}

export async function apiGet<T>(page: Page, token: string, url: string): Promise<T> {
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

/** Every value of one field the page sent in its saves: none may be a value the user did not mean. */
export function sentValues(
  page: Page,
  path: string,
  pick: (body: Record<string, unknown>) => unknown,
): unknown[] {
  const seen: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().includes(path)) return;
    const body = request.postDataJSON() as Record<string, unknown> | null;
    if (body) seen.push(pick(body));
  });
  return seen;
}

export const switchTo = async (page: Page, language: 'Français' | 'English') =>
  page.getByRole('button', { name: language, exact: true }).click();

/**
 * axe on a page, in one `axe.run` in the page itself ("legacy" mode). The default mode runs axe in
 * parts and then opens a second, blank page to put the parts together: on this 2-core machine that
 * made each check about 40 % slower (the public routes' checks: 60 s of axe per language, 38 s this
 * way). Our pages have no frames, which are what the default mode is for.
 */
export const axeOf = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);

/**
 * The number of fires the dashboard map says it drew (its status line's `data-drawn`; 0 until it
 * has), on a page or inside a frame that embeds the map.
 */
export async function drawnCount(scope: Page | FrameLocator): Promise<number> {
  return Number((await scope.locator('.fires-map-status').getAttribute('data-drawn')) || '0');
}

/** Every public route (docs/spec/public-site.md section 2) and the password pages, with the demo data of the running stack. */
export const PUBLIC_ROUTES = [
  '/',
  '/map',
  '/page',
  '/summary',
  '/national',
  '/data',
  '/statistics',
  '/situation',
  '/situation/archive',
  '/page/about',
  '/login',
  '/forgot-password',
  '/reset-password?code=a1b2c3',
  '/404',
];
