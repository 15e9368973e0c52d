import { catalogueOptions, SHORTNAME_LISTS } from '@ciffc/contracts';
import { expect, it } from 'vitest';
import { forEachEngine } from '../../test/context.ts';

forEachEngine('resource options', (ctx) => {
  it('GET /v1/resource/options answers the full catalogue without a token, as seeded', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/v1/resource/options' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(catalogueOptions('en'));
    expect(res.headers['cache-control']).toBe('public, max-age=900');
  });

  it('names categories, subcategories and items in French with lang=fr', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/v1/resource/options?lang=fr' });
    expect(res.json()).toEqual(catalogueOptions('fr'));
    expect(res.json().subcategories.aircraft[2]).toMatchObject({
      field_code: 'rotary-wing',
      field_name: 'Voilure tournante',
    });
  });

  it('GET /v1/resource/options/active leaves retired items out', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/v1/resource/options/active' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual(catalogueOptions('en', { activeOnly: true }));
    const airtankers = body.resources.aircraft.airtankers.map(
      (i: { field_item_short: string }) => i.field_item_short,
    );
    expect(airtankers).toContain('CL415');
    expect(airtankers).not.toContain('CL215');
    expect(body.shortnames.default).toEqual([...SHORTNAME_LISTS.default]);
  });

  it('POST with {shortnames} returns the expanded set in request order and lists unknown names', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/v1/resource/options',
      payload: { shortnames: { short: ['UC20', 'CL215'], expanded: ['MK3', 'XYZ'] } },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((i: { field_item_short: string }) => i.field_item_short)).toEqual([
      'MK3',
      'UC20',
      'CL215',
    ]);
    expect(body.unknown).toEqual(['XYZ']);
    expect(body.categories.map((c: { field_code: string }) => c.field_code)).toEqual([
      'aircraft',
      'crews',
      'equipment',
    ]);
    expect(body.resources.equipment).toEqual({
      pumps: [expect.objectContaining({ field_item_short: 'MK3' })],
    });

    const active = await ctx().app.inject({
      method: 'POST',
      url: '/v1/resource/options/active',
      payload: { shortnames: ['CL215', 'HM'] },
    });
    expect(active.json().items.map((i: { field_item_short: string }) => i.field_item_short)).toEqual(['HM']);
    expect(active.json().unknown).toEqual(['CL215']);
  });

  it('answers 400 naming the field when the body has no shortnames', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/v1/resource/options',
      payload: { names: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().validationErrors).toHaveProperty('shortnames');
  });
});
