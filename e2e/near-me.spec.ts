import { expect, test } from '@playwright/test';
import { axeOf } from './support.ts';

/**
 * "Fires near me" (docs/decisions.md, "Fires near me"): a community chosen from the keyboard, the
 * nearest active fires listed, the place kept in the address through a reload, in English and
 * French, with no accessibility violation.
 */
const TEXT = {
  en: {
    box: 'Community',
    option: /^Kelowna, British Columbia$/,
    list: 'Nearest active fires',
    summary: /within 100 km of Kelowna, British Columbia/,
    feed: /Atom feed/,
  },
  fr: {
    box: 'Collectivité',
    option: /^Kelowna, Colombie-Britannique$/,
    list: 'Feux actifs les plus proches',
    summary: /à moins de 100 km de Kelowna, Colombie-Britannique/,
    feed: /fil Atom/,
  },
} as const;

for (const locale of ['en', 'fr'] as const) {
  test(`a community chosen from the keyboard lists its nearest fires and stays in the address (${locale})`, async ({
    page,
  }) => {
    const t = TEXT[locale];
    if (locale === 'fr') await page.addInitScript({ content: "localStorage.setItem('ciffc.locale', 'fr')" });
    await page.goto('/');
    const box = page.getByRole('combobox', { name: t.box });
    await box.click();
    await box.pressSequentially('kelow', { delay: 30 });
    await expect(page.getByRole('option', { name: t.option })).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/[?&]near=5990579\b/);
    const summary = page.locator('.near-me-summary');
    await expect(summary).toContainText(t.summary);
    // The demo season has active fires around Kelowna: the nearest are listed, with distance and direction.
    const first = page.getByRole('list', { name: t.list }).locator('> li').first();
    await expect(first).toContainText(/\d km (N|NE|E|SE|S|SW|SO|W|O|NW|NO)\b/);
    await expect(page.getByRole('link', { name: t.feed })).toHaveAttribute(
      'href',
      /\/v1\/fires\/near\.atom\?near=5990579/,
    );
    const feed = await page.request.get(
      (await page.getByRole('link', { name: t.feed }).getAttribute('href')) as string,
    );
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');

    await page.reload();
    await expect(page).toHaveURL(/[?&]near=5990579\b/);
    await expect(page.locator('.near-me-summary')).toContainText(t.summary);
    const results = await axeOf(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  });
}

test('"My location" asks for the position only on the click and lists the fires near it', async ({
  browser,
}) => {
  const context = await browser.newContext({
    geolocation: { latitude: 62.45411, longitude: -114.37248 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'My location' }).click();
  await expect(page).toHaveURL(/[?&]near=62\.4541%2C-114\.3725|near=62\.4541,-114\.3725/);
  await expect(page.locator('.near-me-summary')).toContainText(/within 100 km of your location/);
  await context.close();
});
