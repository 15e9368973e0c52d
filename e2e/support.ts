import { expect, type Page } from '@playwright/test';

const DEMO_PASSWORD = 'wildfire-demo';

/** Signs in through the login page, as a person would, and waits for the agency pill. */
export async function login(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^(Username|Nom d’utilisateur|Nom d'utilisateur)/).fill(username);
  await page.getByLabel(/^(Password|Mot de passe)/).fill(password);
  await page.getByRole('button', { name: /^(Login|Connexion)$/ }).click();
  await expect(page).toHaveURL(/\/agency/);
}
