import { describe, expect, it } from 'vitest';
import { defineCatalogue, mergeCatalogues } from './catalogue.ts';

const a = defineCatalogue({ en: { 'a.one': 'One', 'a.two': 'Two' }, fr: { 'a.one': 'Un', 'a.two': 'Deux' } });
const b = defineCatalogue({ en: { 'b.one': 'One' }, fr: { 'b.one': 'Un' } });

describe('mergeCatalogues', () => {
  it("keeps every folder's ids in both languages", () => {
    expect(mergeCatalogues(a, b)).toEqual({
      en: { 'a.one': 'One', 'a.two': 'Two', 'b.one': 'One' },
      fr: { 'a.one': 'Un', 'a.two': 'Deux', 'b.one': 'Un' },
    });
  });

  it('refuses an id two folders declare, naming it', () => {
    const again = defineCatalogue({ en: { 'a.two': 'Again' }, fr: { 'a.two': 'Encore' } });
    expect(() => mergeCatalogues(a, b, again)).toThrow('Duplicate message id: a.two');
  });
});
