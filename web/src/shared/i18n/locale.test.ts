import { describe, expect, it } from 'vitest';
import { browserLocale, initialLocale, LOCALE_KEY, withLangParam } from './locale.ts';

describe('initialLocale (first visit and shared links)', () => {
  it('chooses French for a first visit from a French browser', () => {
    expect(initialLocale('', ['fr-CA', 'en-CA'])).toBe('fr');
    expect(initialLocale('', ['de-DE', 'fr'])).toBe('fr');
  });

  it('stays English for an English or unknown browser', () => {
    expect(initialLocale('', ['en-US', 'fr-CA'])).toBe('en');
    expect(initialLocale('', ['de-DE'])).toBe('en');
    expect(initialLocale('', [])).toBe('en');
  });

  it("prefers the visitor's saved choice to the browser", () => {
    localStorage.setItem(LOCALE_KEY, 'en');
    expect(initialLocale('', ['fr-CA'])).toBe('en');
  });

  it("follows a shared link's ?lang= over the saved choice and the browser", () => {
    localStorage.setItem(LOCALE_KEY, 'en');
    expect(initialLocale('?lang=fr', ['en-CA'])).toBe('fr');
    expect(initialLocale('?page=2&lang=en', ['fr-CA'])).toBe('en');
    expect(initialLocale('?lang=de', ['fr-CA'])).toBe('en');
  });

  it('reads the first language the site speaks', () => {
    expect(browserLocale(['es', 'FR-ca'])).toBe('fr');
    expect(browserLocale(['es'])).toBeUndefined();
  });
});

describe('withLangParam', () => {
  it('adds lang=fr and keeps the other parameters', () => {
    expect(withLangParam('https://x.test/national?agency=bc#t', 'fr')).toBe(
      'https://x.test/national?agency=bc&lang=fr#t',
    );
  });

  it('leaves an English address without lang alone, and updates an existing lang', () => {
    expect(withLangParam('https://x.test/national', 'en')).toBeUndefined();
    expect(withLangParam('https://x.test/?lang=fr', 'en')).toBe('https://x.test/?lang=en');
    expect(withLangParam('https://x.test/?lang=fr', 'fr')).toBeUndefined();
  });
});
