import { describe, expect, it } from 'vitest';
import {
  catalogueOptions,
  resourceChoiceErrors as choiceCoded,
  EMPTY_RESOURCE_CHOICE,
  expandShortnames,
  indexResourceOptions,
  RESOURCE_CATALOGUE,
  reconcileResourceChoice,
  requestedShortnames,
  SHORTNAME_LISTS,
} from './resources.ts';

/** The English texts of field errors (each is its code's catalogue text with the params filled in). */
const texts = (errors: Record<string, { message: string }>) =>
  Object.fromEntries(Object.entries(errors).map(([key, error]) => [key, error.message]));
const resourceChoiceErrors = (...args: Parameters<typeof choiceCoded>) => texts(choiceCoded(...args));

describe('resource catalogue', () => {
  const shorts = RESOURCE_CATALOGUE.flatMap((c) =>
    c.subcategories.flatMap((s) => s.items.map((i) => i.short)),
  );

  it('has aircraft, crews, overhead and equipment with unique item short names and subcategory codes', () => {
    expect(RESOURCE_CATALOGUE.map((c) => c.code)).toEqual(['aircraft', 'crews', 'overhead', 'equipment']);
    expect(new Set(shorts).size).toBe(shorts.length);
    const subs = RESOURCE_CATALOGUE.flatMap((c) => c.subcategories.map((s) => s.code));
    expect(new Set(subs).size).toBe(subs.length);
    for (const name of [
      'rotary-wing',
      'fixed-wing',
      'airtankers',
      'type-1-unit-crew',
      'imt',
      'sprinkler-kits',
      'pumps',
      'hose',
      'heads',
    ])
      expect(subs).toContain(name);
  });

  it('names every category, subcategory and item in English and French', () => {
    for (const c of RESOURCE_CATALOGUE) {
      expect(c.name.en && c.name.fr).toBeTruthy();
      for (const s of c.subcategories) {
        expect(s.name.en && s.name.fr).toBeTruthy();
        for (const i of s.items) expect(i.name.en && i.name.fr).toBeTruthy();
      }
    }
  });

  it('short-name lists only name active catalogue items; short ⊂ default ⊂ expanded', () => {
    const active = new Set(
      RESOURCE_CATALOGUE.flatMap((c) =>
        c.subcategories.flatMap((s) => s.items.filter((i) => i.active !== false).map((i) => i.short)),
      ),
    );
    for (const list of Object.values(SHORTNAME_LISTS))
      for (const s of list) expect(active.has(s), s).toBe(true);
    for (const s of SHORTNAME_LISTS.short) expect(SHORTNAME_LISTS.default).toContain(s);
    for (const s of SHORTNAME_LISTS.default) expect(SHORTNAME_LISTS.expanded).toContain(s);
  });
});

describe('catalogueOptions', () => {
  it('gives items with field_item, field_item_short, field_category, field_subcategory in the language asked', () => {
    const fr = catalogueOptions('fr');
    const heli = fr.resources.aircraft?.['rotary-wing']?.find((i) => i.field_item_short === 'HM');
    expect(heli).toMatchObject({
      field_category: 'aircraft',
      field_subcategory: 'rotary-wing',
      field_active: true,
    });
    expect(heli?.field_item).toMatch(/^Hélicoptère moyen/);
    expect(fr.categories[0]?.field_name).toBe('Aéronefs');
  });

  it('leaves retired items out of the active set', () => {
    const all = indexResourceOptions(catalogueOptions('en'));
    const active = indexResourceOptions(catalogueOptions('en', { activeOnly: true }));
    expect(all.byShort.has('CL215')).toBe(true);
    expect(active.byShort.has('CL215')).toBe(false);
    expect(active.byShort.has('CL415')).toBe(true);
  });
});

describe('resource choices', () => {
  const index = indexResourceOptions(catalogueOptions('en'));

  it('requires category, subcategory and item', () => {
    expect(resourceChoiceErrors(EMPTY_RESOURCE_CHOICE, index)).toEqual({
      category: 'This field is required.',
      subcategory: 'This field is required.',
      item: 'This field is required.',
    });
    expect(
      resourceChoiceErrors({ category: 'aircraft', subcategory: 'rotary-wing', item: 'HM' }, index),
    ).toEqual({});
  });

  it('rejects a subcategory of another category and an item of another subcategory', () => {
    expect(
      resourceChoiceErrors({ category: 'aircraft', subcategory: 'pumps', item: 'MK3' }, index),
    ).toHaveProperty('subcategory');
    expect(
      resourceChoiceErrors({ category: 'aircraft', subcategory: 'rotary-wing', item: 'MK3' }, index),
    ).toHaveProperty('item');
  });

  it('clears children that are no longer valid when a parent changes', () => {
    expect(
      reconcileResourceChoice({ category: 'equipment', subcategory: 'rotary-wing', item: 'HM' }, index),
    ).toEqual({
      category: 'equipment',
      subcategory: '',
      item: '',
    });
    expect(
      reconcileResourceChoice({ category: 'equipment', subcategory: 'pumps', item: 'HM' }, index),
    ).toEqual({
      category: 'equipment',
      subcategory: 'pumps',
      item: '',
    });
  });
});

describe('expandShortnames', () => {
  it('narrows the options to the named items, keeps request order and lists the unknown', () => {
    const names = requestedShortnames({ short: ['UC20', 'HM'], expanded: ['HM', 'NOPE', 'MK3'] });
    expect(names).toEqual(['HM', 'NOPE', 'MK3', 'UC20']);
    const expanded = expandShortnames(catalogueOptions('en'), names);
    expect(expanded.items.map((i) => i.field_item_short)).toEqual(['HM', 'MK3', 'UC20']);
    expect(expanded.unknown).toEqual(['NOPE']);
    expect(expanded.categories.map((c) => c.field_code)).toEqual(['aircraft', 'crews', 'equipment']);
    expect(Object.keys(expanded.resources.equipment ?? {})).toEqual(['pumps']);
  });
});
