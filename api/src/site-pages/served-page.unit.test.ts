import { describe, expect, it } from 'vitest';
import { describePage, renderPage } from './served-page.ts';

/** A built shell as vite.config.ts (`mapPreloads`) leaves it: the map's hints in <head>. */
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>CIFFC</title>
    <link rel="modulepreload" href="/assets/FiresMapCanvas-abc.js" data-map-preload>
    <link rel="preload" href="/assets/maplibre-gl-worker-abc.mjs" as="fetch" crossorigin="anonymous" data-map-preload>
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
