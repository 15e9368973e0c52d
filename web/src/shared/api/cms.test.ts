import { describe, expect, it } from 'vitest';
import { type CmsEntry, localize, normalizeEntry } from './cms.ts';

const entry: CmsEntry = {
  id: 1,
  Alias: 'about',
  Name: 'About',
  Body: 'English body',
  locale: 'en',
  localizations: [{ locale: 'fr', Name: 'À propos', Body: 'Texte français' }],
};

describe('localization replacement', () => {
  it('replaces Name and Body with the localization of the current language', () => {
    expect(localize(entry, 'fr')).toEqual({
      id: 1,
      alias: 'about',
      name: 'À propos',
      body: 'Texte français',
    });
  });
  it('keeps the English text in English', () => {
    expect(localize(entry, 'en')).toMatchObject({ name: 'About', body: 'English body' });
  });
  it('falls back to English when there is no French localization', () => {
    expect(localize({ ...entry, localizations: [] }, 'fr')).toMatchObject({
      name: 'About',
      body: 'English body',
    });
  });
  it('reads the v4 shape (attributes, localizations.data)', () => {
    const v4 = normalizeEntry({
      id: 2,
      attributes: {
        Alias: 'x',
        Name: 'X',
        Body: 'b',
        locale: 'en',
        localizations: { data: [{ id: 3, attributes: { locale: 'fr', Name: 'X fr', Body: 'b fr' } }] },
      },
    });
    expect(localize(v4, 'fr')).toEqual({ id: 2, alias: 'x', name: 'X fr', body: 'b fr' });
  });
});
