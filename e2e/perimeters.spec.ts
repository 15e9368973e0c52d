import { expect, type Locator, type Page, test } from '@playwright/test';
import { login, switchTo, tokenOf } from './support.ts';

/**
 * Fire perimeters on the public map, on the running stack with its demo data (the demo season's
 * large active fires have perimeters): drawn under the points from the API's vector tiles, hidden
 * and shown by the legend, each tile served with a cache validator.
 */
const perimetersDrawn = async (page: Page) =>
  Number((await page.locator('.fires-map-status').getAttribute('data-perimeters-drawn')) || '0');

test.describe('fire perimeters', () => {
  test('the dashboard map draws the demo perimeters and the legend hides and shows them', async ({
    page,
  }) => {
    // The perimeters come as the API's vector tiles, each cached with a validator.
    const tile = page.waitForResponse(
      (r) => r.url().includes('/v1/ogc/collections/perimeters/tiles/WebMercatorQuad/') && r.status() === 200,
    );
    await page.goto('/');
    expect((await tile).headers()['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect((await (await tile).body()).length).toBeGreaterThan(0);
    expect((await tile).headers().etag).toBeTruthy();
    await expect(page.locator('.fires-map canvas')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => perimetersDrawn(page), { timeout: 30_000 }).toBeGreaterThan(0);

    const toggle = page.getByRole('checkbox', { name: 'Burned area (fire perimeters)' });
    await expect(toggle).toBeChecked();
    await toggle.press('Space');
    await expect(toggle).not.toBeChecked();
    await expect.poll(() => perimetersDrawn(page), { timeout: 15_000 }).toBe(0);
    await toggle.press('Space');
    await expect.poll(() => perimetersDrawn(page), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  test('the French dashboard names the legend entry', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByRole('checkbox', { name: 'Superficie brûlée (périmètres des feux)' })).toBeVisible(
      {
        timeout: 30_000,
      },
    );
  });

  test("a fire's captures over time open from the national list, and the list's CSV has its area", async ({
    page,
  }) => {
    // A demo fire with a perimeter and more than one capture, as the OGC collection lists them.
    const past = await (
      await page.request.get('/v1/ogc/collections/perimeters/items?captures=all&current=false&limit=1')
    ).json();
    const { agency_code: agency, agency_fire_id: fireId } = past.features[0].properties;
    const captures = (await (await page.request.get(`/v1/perimeters/fires/${agency}/${fireId}`)).json())
      .items;
    expect(captures.length).toBeGreaterThan(1);

    await page.goto(`/national?agency=${agency}&q=${encodeURIComponent(fireId)}`);
    const toggle = page.getByRole('button', { name: `${fireId} perimeter captures` });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = page.getByRole('table', {
      name: `Perimeter captures of fire ${fireId} (${agency.toUpperCase()}), oldest first`,
    });
    await expect(table.getByRole('row')).toHaveCount(captures.length + 1);
    await expect(table.getByRole('rowheader').last()).toContainText('(current)');

    const csv = await (
      await page.request.get(
        `/v1/wildfires/download?format=csv-codes&agency=${agency}&q=${encodeURIComponent(fireId)}`,
      )
    ).text();
    // Every cell is quoted; no cell of these columns holds a comma or a quote.
    const [header, row] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
    expect(header?.at(-1)).toBe('perimeter_area_ha');
    const current = captures[captures.length - 1];
    expect(Number(row?.at(-1))).toBeCloseTo(current.area_ha, 1);
  });
});

/** A capture as GET /v1/perimeters/fires/{agency}/{agency_fire_id} lists it, oldest first. */
interface Capture {
  captured_at: string;
  area_ha: number;
  current: boolean;
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, at most `limit` times: the keyboard's way there. */
async function tabTo(page: Page, target: Locator, limit = 80, key = 'Tab'): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/**
 * Opens, from the keyboard only, the popup of the perimeter of a fire with more than one capture
 * through the view's fires list, then its captures over time; checks the list against the API.
 */
async function capturesByKeyboard(page: Page, language: 'en' | 'fr') {
  const t =
    language === 'en'
      ? {
          perimeterOf: 'Perimeter of',
          close: 'Close the perimeter details',
          toggle: 'Captures over time',
          list: 'Perimeter captures, oldest first (UTC)',
          current: '(current)',
        }
      : {
          perimeterOf: 'Périmètre de',
          close: 'Fermer les détails du périmètre',
          toggle: 'Relevés dans le temps',
          list: 'Relevés du périmètre, du plus ancien au plus récent (UTC)',
          current: '(actuel)',
        };
  await expect(page.locator('.fires-map canvas')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => perimetersDrawn(page), { timeout: 30_000 }).toBeGreaterThan(0);
  const list = page.locator('.fires-in-view');
  const summary = list.locator('summary');
  await summary.focus();
  // The list stays open across a change of language.
  if ((await list.getAttribute('open')) === null) await page.keyboard.press('Enter');
  await expect(list).toHaveAttribute('open', '');
  // The list's perimeter buttons: the first whose fire keeps more than one capture.
  const buttons = list.getByRole('button', { name: new RegExp(`^${t.perimeterOf} `) });
  await expect(buttons.first()).toBeVisible({ timeout: 15_000 });
  let chosen: { button: Locator; agency: string; fireId: string; captures: Capture[] } | undefined;
  for (const button of await buttons.all()) {
    const [, fireId, agency] = /^\S+ \S+ (.+) \((\w+)\)$/.exec((await button.textContent()) ?? '') ?? [];
    if (!fireId || !agency) continue;
    const res = await page.request.get(`/v1/perimeters/fires/${agency.toLowerCase()}/${fireId}`);
    const captures = ((await res.json()) as { items: Capture[] }).items;
    if (captures.length > 1) {
      chosen = { button, agency, fireId, captures };
      break;
    }
  }
  if (!chosen) throw new Error('no fire of the list keeps more than one perimeter capture');
  const { button, fireId, captures } = chosen;
  // The API lists them oldest first, the current one last.
  const times = captures.map((c) => Date.parse(c.captured_at));
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(captures.map((c) => c.current)).toEqual(captures.map((_, i) => i === captures.length - 1));

  await tabTo(page, button);
  await page.keyboard.press('Enter');
  const popup = page.locator('.maplibregl-popup');
  await expect(popup).toHaveCount(1);
  await expect(popup.locator('.perimeter-popup')).toContainText(fireId);
  const close = popup.getByRole('button', { name: t.close });
  await expect(close).toBeFocused();
  const toggle = popup.getByRole('button', { name: t.toggle });
  // MapLibre puts the close button after the popup's content: the content is one Shift+Tab back.
  await tabTo(page, toggle, 2, 'Shift+Tab');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const items = popup.getByRole('list', { name: t.list }).getByRole('listitem');
  await expect(items).toHaveCount(captures.length);
  const hectares = new Intl.NumberFormat(language === 'en' ? 'en-CA' : 'fr-CA', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const texts = (await items.allTextContents()).map((x) => x.replace(/\s/g, ' '));
  texts.forEach((text, i) => {
    const c = captures[i] as Capture;
    expect(text).toContain(c.captured_at.slice(0, 4));
    expect(text).toContain(
      `UTC${language === 'fr' ? ' ' : ''}: ${hectares.format(c.area_ha).replace(/\s/g, ' ')} ha`,
    );
    expect(text.endsWith(t.current)).toBe(i === captures.length - 1);
  });
  // Escape inside the popup (here on its captures' toggle) closes it and gives the focus back to
  // the list's button; so does the close button, from the keyboard.
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(close).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(popup).toHaveCount(0);
  await expect(button).toBeFocused();
}

/**
 * Opens, from the keyboard only, the perimeter of a fire no agency reported (the demo season keeps
 * such perimeters) through the view's perimeters list, and checks its popup says no reported fire
 * holds its id; Escape gives the focus back to the list.
 */
async function unmatchedByKeyboard(page: Page, language: 'en' | 'fr') {
  const t =
    language === 'en'
      ? {
          item: /^Perimeter of (\S+) \((\w+)\), no reported fire, [\d,.]+ ha mapped$/,
          unmatched: '(no reported fire of this ID)',
          close: 'Close the perimeter details',
        }
      : {
          item: /^Périmètre de (\S+) \((\w+)\), aucun feu déclaré, [\d\s,]+ ha cartographiés$/,
          unmatched: '(aucun feu déclaré sous cet identifiant)',
          close: 'Fermer les détails du périmètre',
        };
  await expect(page.locator('.fires-map canvas')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => perimetersDrawn(page), { timeout: 30_000 }).toBeGreaterThan(0);
  const list = page.locator('.perimeters-in-view');
  await list.locator('summary').focus();
  // The list stays open across a change of language.
  if ((await list.getAttribute('open')) === null) await page.keyboard.press('Enter');
  await expect(list).toHaveAttribute('open', '');
  const button = list.getByRole('button', { name: t.item }).first();
  await expect(button).toBeVisible({ timeout: 15_000 });
  const [, fireId, agency] = t.item.exec(((await button.textContent()) ?? '').replace(/\s/g, ' ')) ?? [];
  expect(fireId).toBeTruthy();
  // The API agrees: the map's read gives that perimeter no reported fire (no stage, no size).
  const drawn = (await (await page.request.get('/v1/perimeters?zoom=12')).json()).features as {
    properties: { agency_code: string; agency_fire_id: string; fire_size: number | null };
  }[];
  const served = drawn.find(
    (f) => f.properties.agency_fire_id === fireId && f.properties.agency_code === agency?.toLowerCase(),
  );
  expect(served?.properties.fire_size).toBeNull();

  await tabTo(page, button);
  await page.keyboard.press('Enter');
  const popup = page.locator('.maplibregl-popup');
  await expect(popup).toHaveCount(1);
  await expect(popup.locator('.perimeter-popup')).toContainText(`${fireId} (${agency}) ${t.unmatched}`);
  await expect(popup.getByRole('button', { name: t.close })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await expect(button).toBeFocused();
}

/** The home page in English, then switched to French by its language button, `check` run in each. */
async function inBothLanguages(page: Page, check: (page: Page, locale: 'en' | 'fr') => Promise<void>) {
  await page.goto('/');
  await check(page, 'en');
  await switchTo(page, 'Français');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await check(page, 'fr');
}

test.describe('a perimeter from the keyboard, and the perimeter feeds', () => {
  test("a perimeter's captures over time open from the keyboard through the view's fires list, in English and French", async ({
    page,
  }) => {
    await inBothLanguages(page, capturesByKeyboard);
  });

  test("any perimeter drawn opens from the keyboard through the view's perimeters list, and Escape closes it", async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('.fires-map canvas')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => perimetersDrawn(page), { timeout: 30_000 }).toBeGreaterThan(0);
    const list = page.locator('.perimeters-in-view');
    const summary = list.locator('summary');
    await expect(summary).toContainText(/^Largest perimeters in this view \(\d+ perimeters? of [\d,]+\)/);
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(list).toHaveAttribute('open', '');
    await page.keyboard.press('Tab');
    const first = list.getByRole('button').first();
    await expect(first).toBeFocused();
    const [, fireId] =
      /^Perimeter of (\S+) \(\w+\).*, [\d,.]+ ha mapped$/.exec((await first.textContent()) ?? '') ?? [];
    expect(fireId).toBeTruthy();
    await page.keyboard.press('Enter');
    const popup = page.locator('.maplibregl-popup');
    await expect(popup.locator('.perimeter-popup')).toContainText(fireId as string);
    await expect(popup.getByRole('button', { name: 'Close the perimeter details' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    await expect(first).toBeFocused();
  });

  test("the perimeter of a fire no agency reported opens from the view's perimeters list and says so, in English and French", async ({
    page,
  }) => {
    await inBothLanguages(page, unmatchedByKeyboard);
  });

  test('the feeds screen lists, refuses, adds and removes a perimeter feed', async ({ page }) => {
    await login(page, 'ciffc');
    await page.goto('/agency/fire-feeds');
    const table = page.getByRole('table', { name: 'Perimeter feeds by agency' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('rowheader')).toHaveCount(13);
    const url = page.getByLabel('Feed URL – Yukon (perimeters)', { exact: true });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Yukon' }) });

    // A URL the API refuses (not http or https): its refusal, by its code, under the field.
    await url.fill('ftp://yukon.invalid/perimeters.geojson');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(row.getByRole('alert')).toContainText('Feed URL: ');

    await url.fill('https://yukon.invalid/perimeters.geojson');
    const interval = page.getByLabel('Interval (minutes) – Yukon (perimeters)', { exact: true });
    await interval.fill('45');
    // Not fetched on a schedule while the test runs: it is saved disabled.
    await page.getByLabel('Enabled – Yukon (perimeters)', { exact: true }).uncheck();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/v1/perimeters/feeds/yt') && r.request().method() === 'PUT',
    );
    await row.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await expect(row.getByRole('button', { name: 'Fetch now' })).toBeVisible();
    await expect(row.getByRole('alert')).toHaveCount(0);

    // The fires' feeds are another kind: the same agency has none.
    const token = await tokenOf(page, 'ciffc');
    const headers = { authorization: `Bearer ${token}` };
    const perimeterFeeds = (await (await page.request.get('/v1/perimeters/feeds', { headers })).json()).items;
    expect(perimeterFeeds).toEqual([
      expect.objectContaining({
        agency_code: 'yt',
        url: 'https://yukon.invalid/perimeters.geojson',
        interval_minutes: 45,
        enabled: false,
      }),
    ]);
    const fireFeeds = (await (await page.request.get('/v1/feeds', { headers })).json()).items;
    expect(fireFeeds.some((f: { agency_code: string }) => f.agency_code === 'yt')).toBe(false);

    // Listed again after a reload, then removed.
    await page.reload();
    await expect(page.getByLabel('Feed URL – Yukon (perimeters)', { exact: true })).toHaveValue(
      'https://yukon.invalid/perimeters.geojson',
    );
    await row.getByRole('button', { name: 'Remove' }).click();
    await expect(row).toContainText('No feed');
    expect((await (await page.request.get('/v1/perimeters/feeds', { headers })).json()).items).toEqual([]);
  });
});
