import { describe, expect, it } from 'vitest';
import { describePage, renderPage } from './served-page.ts';

/** A built shell as vite.config.ts (`mapPreloads`) leaves it: the map's hints in <head>. */
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>CIFFC</title>
    <link rel="modulepreload" href="/assets/FiresMapCanvas-abc.js" data-map-preload>
    <link rel="preload" href="/assets/maplibre-gl-worker-abc.mjs" as="fetch" crossorigin="anonymous" data-map-preload>
    <link rel="modulepreload" data-href="/assets/StatisticsPage-abc.js" data-page-preload="/statistics">
    <link rel="preload" as="style" data-href="/assets/charts-abc.css" data-page-preload="/statistics">
    <link rel="modulepreload" data-href="/assets/SituationPage-abc.js" data-page-preload="/situation">
    <link rel="modulepreload" data-href="/assets/SituationArchivePage-abc.js" data-page-preload="/situation/archive">
  </head>
  <body><div id="root"><main id="main" class="site-main"></main></div></body>
</html>`;

const served = (path: string) => renderPage(SHELL, describePage(path, 'en'), 'https://fires.example.ca');

describe('the map download hints of a served page', () => {
  it.each(['/', '/map', '/dashboard'])('keeps them on %s, which draws the map', (path) => {
    const html = served(path);
    expect(html).toContain('href="/assets/FiresMapCanvas-abc.js" data-map-preload');
    expect(html).toContain('href="/assets/maplibre-gl-worker-abc.mjs"');
  });

  it.each(['/national', '/situation/archive', '/login', '/no-such-page'])(
    'leaves them out of %s, which draws no map',
    (path) => {
      const html = served(path);
      expect(html).not.toContain('data-map-preload');
      expect(html).toContain('<title>'); // the rest of the head is still there
    },
  );
});

describe("the hints for a page's own chunks", () => {
  const real = (html: string) =>
    [...html.matchAll(/<link [^>]* href="(\/assets\/[^"]+)"[^>]*data-page-preload/g)].map((m) => m[1]);

  it("makes the page's own hints real and drops the other pages'", () => {
    const html = served('/statistics');
    expect(real(html)).toEqual(['/assets/StatisticsPage-abc.js', '/assets/charts-abc.css']);
    expect(html).not.toContain('SituationPage-abc.js');
    expect(html).not.toContain('data-href=');
  });

  it('tells a page from the pages under it', () => {
    expect(real(served('/situation/archive'))).toEqual(['/assets/SituationArchivePage-abc.js']);
  });

  it.each(['/', '/login', '/no-such-page'])('gives %s none (no chunk of its own is hinted)', (path) => {
    const html = served(path);
    expect(html).not.toContain('data-page-preload');
    expect(html).toContain('<title>');
  });
});

describe("a page's opening lines, served in its main", () => {
  const main = (html: string) =>
    html.match(/<main id="main" class="site-main">([\s\S]*?)<\/main>/)?.[1] ?? '';

  it('writes the statistics heading and intro in both languages, in the boxes the page draws', () => {
    expect(main(served('/statistics'))).toBe(
      '<div class="statistics"><div class="page-header page-header-served"><h1>' +
        '<span data-shell="en">Wildfire Graphs</span><span data-shell="fr">Graphiques des feux de forêt</span></h1></div>' +
        '<p><span data-shell="en">Fires reported by the agencies, with history from 1980.</span>' +
        '<span data-shell="fr">Feux signalés par les agences, avec l’historique depuis 1980.</span></p></div>',
    );
  });

  it.each([
    ['/national', 'national-fires', 'National Fires List'],
    ['/summary', 'fires-summary', 'Current Fires Summary'],
    ['/data', 'open-data', 'Open data'],
  ])('writes the heading of %s', (path, className, heading) => {
    expect(main(served(path))).toContain(
      `<div class="${className}"><div class="page-header page-header-served"><h1><span data-shell="en">${heading}</span>`,
    );
  });

  it.each(['/', '/login', '/no-such-page'])("leaves the shell's own main on %s", (path) => {
    expect(main(served(path))).toBe('');
  });
});

describe('the password reset pages', () => {
  it.each([
    ['/forgot-password', 'en', 'CIFFC - Forgot your password'],
    ['/forgot-password', 'fr', 'CIFFC - Mot de passe oublié'],
    ['/reset-password', 'en', 'CIFFC - Choose a new password'],
    ['/reset-password', 'fr', 'CIFFC - Choisir un nouveau mot de passe'],
  ] as const)('serves %s (%s) as a page of its own, not indexed', (path, lang, title) => {
    const page = describePage(path, lang);
    expect(page.status).toBe(200);
    expect(page.title).toBe(title);
    expect(page.indexed).toBe(false);
  });
});
