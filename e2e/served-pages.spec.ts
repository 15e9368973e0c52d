import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { pdfPageTexts } from './pdf-text.ts';
import { drawnCount } from './support.ts';

/**
 * What a newsroom chat, a search engine and a printer get of a report (docs/decisions.md, "Served
 * pages"), on the running stack with its demo data.
 */

interface Latest {
  field_date: string;
  field_preparedness_level: string;
  field_en_summary_comments: string;
}

/** How many times the page downloaded each file (a hint the page's own request does not match is downloaded twice). */
const downloadsOf = (page: Page, names: string[]) =>
  page.evaluate(
    (files) =>
      files.map(
        (name) =>
          performance
            .getEntriesByType('resource')
            .filter(
              (e) => e.name.endsWith(name) && (e as unknown as { transferSize: number }).transferSize > 0,
            ).length,
      ),
    names,
  );

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');

test('a shared report link previews with its date, level, first sentence and the card, from the served tags', async ({
  page,
  request,
}, testInfo) => {
  const latest = (await (await request.get('/v1/sitrep/latest')).json()) as Latest;
  const res = await request.get(`/situation/${latest.field_date}?utm_source=chat`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const title = meta(html, 'og:title') ?? '';
  const description = meta(html, 'og:description') ?? '';
  const image = meta(html, 'og:image') ?? '';
  expect(title).toBe(
    `CIFFC - National Situation Report, ${latest.field_date}: preparedness level ${latest.field_preparedness_level}`,
  );
  const summary = latest.field_en_summary_comments.replace(/\s+/g, ' ').trim();
  expect(summary.startsWith(description.replace(/…$/, ''))).toBe(true);
  // The first sentence, or the whole summary when it has no sentence end (another test's report).
  expect(description === summary || /[.!?…]$/.test(description)).toBe(true);
  expect(meta(html, 'twitter:card')).toBe('summary_large_image');

  // The preview a chat application draws from those tags, with the card image the tags name.
  await page.setViewportSize({ width: 560, height: 520 });
  const asText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  await page.setContent(
    `<div id="preview" style="font-family:sans-serif;width:500px;border:1px solid #ccc;border-left:4px solid #b3101f;border-radius:6px;padding:12px;margin:16px">
       <div style="color:#666;font-size:13px">${asText(new URL(image).host)}</div>
       <div style="font-weight:bold;color:#1d5fa8;margin:4px 0">${asText(title)}</div>
       <div style="font-size:14px">${asText(description)}</div>
       <img alt="" src="${asText(image)}" style="width:100%;margin-top:8px;border-radius:4px">
     </div>`,
  );
  const img = page.locator('#preview img');
  await expect(img).toHaveJSProperty('complete', true);
  await expect(img).toHaveJSProperty('naturalWidth', 1200);
  await page
    .locator('#preview')
    .screenshot({ path: testInfo.outputPath('link-preview.jpg'), type: 'jpeg', quality: 70 });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the report is readable: its heading, level and summary are in the served page', async ({
    page,
    request,
  }) => {
    const latest = (await (await request.get('/v1/sitrep/latest')).json()) as Latest;
    await page.goto(`/situation/${latest.field_date}?lang=fr`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Rapport de situation national/);
    await expect(page.getByRole('heading', { level: 2, name: 'Sommaire national' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });
});

test('the app takes the served report over: one heading, the print button', async ({ page }) => {
  await page.goto('/situation');
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
});

test('printed, no section heading ends a page: Fire Statistics stays with the first rows of its table', async ({
  page,
}) => {
  await page.goto('/situation');
  // The app's report, not the served one it replaces (which has no fire statistics): its print button.
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.situation-report h1')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  // Letter, A4, and pages of many heights: one of them puts the heading at a page's foot.
  const sizes: Parameters<typeof page.pdf>[0][] = [{ format: 'Letter' }, { format: 'A4' }];
  for (let height = 500; height <= 1100; height += 25) sizes.push({ width: '8.5in', height: `${height}px` });
  for (const size of sizes) {
    const pages = pdfPageTexts(await page.pdf(size));
    const name = JSON.stringify(size);
    const heading = pages.findIndex((text) => text.includes('FireStatistics'));
    const table = pages.findIndex((text) => text.includes('New:naturalNew:human'));
    expect(heading, name).toBeGreaterThanOrEqual(0);
    expect(table, name).toBe(heading);
  }
});

test('the dashboard is served with hints that start its map, worker, base map and fires at once; the page uses each once', async ({
  page,
  request,
}) => {
  const hintsOf = (html: string) =>
    [...html.matchAll(/<link [^>]*href="([^"]+)"[^>]*data-map-preload/g)].map((m) => m[1] ?? '');
  const hints = hintsOf(await (await request.get('/')).text());
  for (const pattern of [
    /\/FiresMapCanvas-[^/]*\.js$/,
    /\/maplibre-gl-worker-[^/]*\.mjs$/,
    /\/canada\.topo-[^/]*\.json$/,
  ])
    expect(
      hints.some((href) => pattern.test(href)),
      String(pattern),
    ).toBe(true);
  for (const href of hints) expect((await request.get(href)).status(), href).toBe(200);
  expect(hintsOf(await (await request.get('/national')).text())).toEqual([]);
  expect(hintsOf(await (await request.get('/map')).text())).toEqual(hints);

  await page.goto('/');
  await expect(page.locator('.fires-map-status')).not.toHaveAttribute('data-drawn', /^0?$/);
  // A hint the page's own request does not match is downloaded a second time: each file once.
  expect(await downloadsOf(page, hints)).toEqual(hints.map(() => 1));
});

test('a public page is served with a hint for its own chunk, which the page then uses, downloaded once', async ({
  page,
  request,
}) => {
  const hintsOf = (html: string) =>
    [...html.matchAll(/<link [^>]* href="([^"]+)"[^>]*data-page-preload/g)].map((m) => m[1] ?? '');
  const hints = hintsOf(await (await request.get('/statistics')).text());
  expect(hints.some((href) => /\/StatisticsPage-[^/]*\.js$/.test(href))).toBe(true);
  for (const href of hints) expect((await request.get(href)).status(), href).toBe(200);
  expect(hintsOf(await (await request.get('/')).text())).toEqual([]);

  await page.goto('/statistics');
  // The served heading shows from the first parse: the page's own code has run once the app's
  // heading replaced it (the hints are asked at low priority, after the first paint's needs).
  await expect(page.locator('main .page-header-served')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await downloadsOf(page, hints)).toEqual(hints.map(() => 1));
});

test('a public page paints its heading with the HTML, and the app takes it over without an empty moment (phone, 4x slower CPU)', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Every state of <main>'s heading from the first parse on: the served one, then the app's.
  await page.addInitScript({
    content: `window.headings = [];
      document.addEventListener('DOMContentLoaded', () => {
        const note = () => {
          const h1 = document.querySelector('main h1');
          const text = h1 ? (h1.checkVisibility() ? h1.innerText : '(hidden)') : '(none)';
          if (window.headings.at(-1) !== text) window.headings.push(text);
        };
        note();
        new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
      });`,
  });
  for (const [path, heading] of [
    ['/statistics', 'Wildfire Graphs'],
    ['/national?lang=fr', 'Liste nationale des feux'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('main h1')).toHaveText(heading);
    await expect(page.locator('main .page-header-served')).toHaveCount(0); // the app's own now
    expect(await page.evaluate<string[]>('window.headings'), path).toEqual([heading]);
  }
});

test("the home page paints its national picture's boxes and the first lines of “Fires near me” with the HTML, where the app's first commit draws them (phone)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The intro of "Fires near me" (a phone's largest paint on /) at the first parse, and when the
  // app's first commit (its controls come with it) replaced it: same text, same place.
  await page.addInitScript({
    content: `window.intro = {};
      const read = () => {
        const intro = document.querySelector('main .near-me-intro');
        return intro && intro.checkVisibility()
          ? { text: intro.innerText, top: intro.getBoundingClientRect().top, cards: document.querySelectorAll('main .picture-card').length }
          : null;
      };
      document.addEventListener('DOMContentLoaded', () => {
        window.intro.served = read();
        const observer = new MutationObserver(() => {
          if (!document.querySelector('main .near-me-controls')) return;
          window.intro.app = read();
          observer.disconnect();
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });`,
  });
  for (const [path, intro] of [
    ['/', 'Find the active fires near a community or near where you are.'],
    ['/?lang=fr', 'Trouvez les feux actifs près d’une collectivité ou de l’endroit où vous êtes.'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('main .near-me-controls')).toBeVisible();
    const { served, app } =
      await page.evaluate<Record<'served' | 'app', { text: string; top: number; cards: number }>>(
        'window.intro',
      );
    expect(served, path).toEqual({ text: intro, top: app.top, cards: 4 });
    expect(app, path).toEqual({ text: intro, top: served.top, cards: 4 });
  }
});

test("a shared footer page link previews with the content system's title and first sentence in its language; an unknown page is a 404", async ({
  page,
  request,
}) => {
  const fr = await (await request.get('/page/privacy?lang=fr')).text();
  expect(meta(fr, 'og:title')).toBe('CIFFC - Confidentialité');
  expect(meta(fr, 'description')).toBe('Ce site n’utilise aucun témoin de publicité ou de suivi.');
  const en = await request.get('/page/accessibility');
  expect(en.status()).toBe(200);
  expect(meta(await en.text(), 'og:title')).toBe('CIFFC - Accessibility');
  expect((await request.get('/page/no-such-page')).status()).toBe(404);

  // The app takes the served page over with the same title.
  await page.goto('/page/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  await expect(page).toHaveTitle('CIFFC - Privacy');
});

test("the embed code on another site's page: /map draws its fires in the frame with its attribution and date; the home page is refused a frame", async ({
  page,
  baseURL,
}, testInfo) => {
  await page.goto('/');
  await page.getByText('Embed this map').click();
  const code = await page.locator('#embed-map-code').inputValue();
  expect(code).toContain(`src="${baseURL}/map"`);

  // A newspaper's article on another origin: a server of its own on another port. (A page made up
  // by the browser's router would have no address, and Chrome refuses its frames to a local one.)
  const site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>Regional news</title></head><body>
      <h1>Wildfire season update</h1>${code}
      <iframe id="home" src="${baseURL}/" title="home page" width="600" height="200"></iframe></body></html>`);
  });
  await new Promise<void>((listening) => site.listen(0, '127.0.0.1', listening));
  const { port } = site.address() as AddressInfo;
  await page.goto(`http://127.0.0.1:${port}/article`);
  const map = page.frameLocator('iframe[src$="/map"]');
  await expect.poll(() => drawnCount(map), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(map.locator('.maplibregl-ctrl-attrib')).toContainText('Natural Earth');
  await expect(map.locator('.fires-map .figure-as-of')).toContainText(/\d{4}/);
  // No top bar: the embedded layout's spacer stands in its place.
  await expect(map.locator('.embedded-spacer')).toHaveCount(1);
  await expect(map.getByRole('banner')).toHaveCount(0);
  // The home page refuses other sites' frames (frame-ancestors 'none'): its app never starts there.
  const home = await (await page.locator('#home').elementHandle())?.contentFrame();
  await expect.poll(() => home?.url()).toBe('chrome-error://chromewebdata/');
  await page.screenshot({ path: testInfo.outputPath('map-in-frame.png') });
  site.close();
});
