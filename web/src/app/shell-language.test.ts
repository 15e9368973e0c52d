import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialLocale, LOCALE_KEY } from '../shared/i18n/locale.ts';
import { catalogue, type MessageId } from './messages.ts';

const script = readFileSync(join(import.meta.dirname, 'shell-language.js'), 'utf8');
const indexHtml = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');

/** Runs the head script as the browser would, for this address, saved choice and browser languages. */
function runShellScript(address: string, languages: string[] = []): HTMLElement {
  window.history.replaceState(null, '', address);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  document.documentElement.lang = 'en';
  new Function(script)();
  return document.documentElement;
}

const shellLanguage = (search: string, languages: string[]) => runShellScript(`/${search}`, languages).lang;

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('shell-language.js (the app shell paints in the language the app will use)', () => {
  const cases: [search: string, languages: string[], saved: string | null][] = [
    ['', ['fr-CA', 'en-CA'], null],
    ['', ['de-DE', 'fr'], null],
    ['', ['en-US', 'fr-CA'], null],
    ['', ['de-DE'], null],
    ['', [], null],
    ['', ['es', 'FR-ca'], null],
    ['', ['fr-CA'], 'en'],
    ['', ['en-CA'], 'fr'],
    ['', ['en-CA'], 'xx'],
    ['?lang=fr', ['en-CA'], 'en'],
    ['?page=2&lang=en', ['fr-CA'], 'fr'],
    ['?lang=de', ['fr-CA'], null],
    ['?lang=FR-ca', [], null],
  ];

  it.each(cases)(
    'search %j, browser %j, saved %j: the same language as initialLocale',
    (search, languages, saved) => {
      if (saved) localStorage.setItem(LOCALE_KEY, saved);
      const expected = initialLocale(search, languages);
      expect(shellLanguage(search, languages)).toBe(expected);
    },
  );

  it('follows the cases of locale.test.ts', () => {
    expect(shellLanguage('', ['fr-CA', 'en-CA'])).toBe('fr');
    expect(shellLanguage('?lang=en', ['fr-CA'])).toBe('en');
    localStorage.setItem(LOCALE_KEY, 'fr');
    expect(shellLanguage('', ['en-CA'])).toBe('fr');
  });
});

describe('shell-language.js: the part of the shell for the address', () => {
  it.each([
    ['/', 'home'],
    ['/?lang=fr', 'home'],
    ['/dashboard', 'home'],
    ['/dashboard/', 'home'],
    ['/map', 'embedded'],
    ['/map?lang=fr', 'embedded'],
    ['/national', 'page'],
    ['/dashboard/x', 'page'],
    ['/agency/sitrep', 'page'],
  ])('%s: %s', (address, part) => {
    expect(runShellScript(address).dataset.shell).toBe(part);
  });
});

describe('the app shell of index.html', () => {
  const shell = new DOMParser().parseFromString(indexHtml, 'text/html');
  const pairs = [...shell.querySelectorAll('[data-shell="en"]')].map((en) => ({
    en: en.textContent ?? '',
    fr: en.parentElement?.querySelector(':scope > [data-shell="fr"]')?.textContent ?? '',
  }));

  it('shows every text of React’s first commit in both languages, as the catalogue says', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(9);
    for (const pair of pairs) {
      const id = (Object.keys(catalogue.en) as MessageId[]).find(
        (key) => catalogue.en[key] === pair.en && catalogue.fr[key] === pair.fr,
      );
      expect(id, `${pair.en} / ${pair.fr}`).toBeDefined();
    }
  });

  it('has the dashboard’s heading, the LCP element of / (docs/performance.md)', () => {
    expect(shell.querySelector('#root main h1 [data-shell="en"]')?.textContent).toBe(
      catalogue.en['dashboard.title'],
    );
    expect(shell.querySelector('#root main h1 [data-shell="fr"]')?.textContent).toBe(
      catalogue.fr['dashboard.title'],
    );
  });

  it('announces the Atom feeds of the reports and of the level changes, in English and French', () => {
    const feeds = [...shell.querySelectorAll('head link[rel="alternate"][type="application/atom+xml"]')];
    expect(feeds.map((link) => [link.getAttribute('href'), link.getAttribute('hreflang')])).toEqual([
      ['/v1/sitrep/feed.atom', 'en'],
      ['/v1/sitrep/feed.atom?lang=fr', 'fr'],
      ['/v1/sitrep/preparedness-level.atom', 'en'],
      ['/v1/sitrep/preparedness-level.atom?lang=fr', 'fr'],
    ]);
    for (const link of feeds) expect(link.getAttribute('title')).toBeTruthy();
  });
});
