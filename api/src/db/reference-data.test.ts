import { AGENCIES, AgencyList, RESOURCE_CATALOGUE, ResourceOptions } from '@ciffc/contracts';
import { expect, it } from 'vitest';
import { forEachEngine } from '../../test/context.ts';
import { migrateToLatest } from './migrate.ts';
import { CONTRACT_REFERENCE, type ReferenceAgency, type ReferenceData } from './reference-data.ts';
import { dataVersion } from './versions.ts';

/** The contracts of a later release: Yukon renamed, a 14th agency added, one item renamed. */
const yukon = { en: 'Yukon Wildland Fire Management', fr: 'Gestion des feux de végétation du Yukon' };
const fourteenth: ReferenceAgency = {
  code: 'zz',
  name: { en: 'Fourteenth Agency', fr: 'Quatorzième agence' },
  website: 'https://example.org/wildfire',
  has_sitrep: true,
  time_zone: 'America/Toronto',
};
const [firstCategory, ...otherCategories] = RESOURCE_CATALOGUE;
const [firstSub, ...otherSubs] = firstCategory?.subcategories ?? [];
const [firstItem, ...otherItems] = firstSub?.items ?? [];
if (!firstCategory || !firstSub || !firstItem) throw new Error('the catalogue is empty');
const renamedItem = { ...firstItem, name: { en: 'Renamed item', fr: 'Article renommé' } };
const later: ReferenceData = {
  ...CONTRACT_REFERENCE,
  agencies: [...AGENCIES.map((a) => (a.code === 'yt' ? { ...a, name: yukon } : a)), fourteenth],
  catalogue: [
    { ...firstCategory, subcategories: [{ ...firstSub, items: [renamedItem, ...otherItems] }, ...otherSubs] },
    ...otherCategories,
  ],
};

forEachEngine('reference data', (ctx) => {
  const db = () => ctx().app.db.kysely;
  const agencies = async () => {
    const res = await ctx().app.inject({ url: '/v1/agency' });
    expect(res.statusCode).toBe(200);
    return { items: AgencyList.parse(res.json()).items, etag: res.headers.etag };
  };
  const reportRows = () =>
    db()
      .selectFrom('agency_sitreps')
      .select(['agency', 'status', 'version_number', 'has_dip_feed'])
      .execute();

  it('leaves a database migrated from the contracts as it is: nothing written, no version bumped', async () => {
    const version = await dataVersion(db(), 'agencies');
    const { reports } = await migrateToLatest(db());
    expect(reports).toEqual([]);
    expect(await dataVersion(db(), 'agencies')).toBe(version);
    expect((await agencies()).items.map((a) => a.field_code)).toEqual(AGENCIES.map((a) => a.code));
    expect((await reportRows()).length).toBe(AGENCIES.length);
  });

  it('brings an already migrated database to a renamed agency and a 14th, with its report row', async () => {
    const before = await agencies();
    expect(before.items.find((a) => a.field_code === 'yt')?.field_name_en).toBe('Yukon');
    // What the agencies did on the old release stays theirs: a report in progress, a feed flag.
    await db()
      .updateTable('agency_sitreps')
      .set({ status: 'E', version_number: 3, has_dip_feed: 1 })
      .where('agency', '=', 'yt')
      .execute();

    const { reports } = await migrateToLatest(db(), later);
    expect(reports).toEqual([
      {
        migration: 'reference data',
        details: { agencies: 'yt zz', reportRows: 'zz', catalogue: firstItem.short },
      },
    ]);

    const after = await agencies();
    expect(after.etag).not.toBe(before.etag);
    expect(after.items.map((a) => a.field_code)).toEqual([...AGENCIES.map((a) => a.code), 'zz']);
    expect(after.items.find((a) => a.field_code === 'yt')).toMatchObject({
      field_name_en: yukon.en,
      field_name_fr: yukon.fr,
    });
    expect(after.items.at(-1)).toMatchObject({
      field_name_en: 'Fourteenth Agency',
      field_has_sitrep: true,
      field_time_zone: 'America/Toronto',
    });
    const rows = await reportRows();
    expect(rows.length).toBe(14);
    expect(rows.find((r) => r.agency === 'zz')).toEqual({
      agency: 'zz',
      status: 'N',
      version_number: 0,
      has_dip_feed: 0,
    });
    expect(rows.find((r) => r.agency === 'yt')).toMatchObject({
      status: 'E',
      version_number: 3,
      has_dip_feed: 1,
    });
    const item = await db()
      .selectFrom('resource_items')
      .select(['name_en', 'name_fr'])
      .where('short', '=', firstItem.short)
      .executeTakeFirst();
    expect(item).toEqual({ name_en: 'Renamed item', name_fr: 'Article renommé' });

    // Twice is once: the second pass writes nothing and the cached answer stands.
    const version = await dataVersion(db(), 'agencies');
    expect((await migrateToLatest(db(), later)).reports).toEqual([]);
    expect(await dataVersion(db(), 'agencies')).toBe(version);
    expect((await agencies()).etag).toBe(after.etag);
  });

  it('writes a short-name list again when the contracts reorder it', async () => {
    const [head, ...rest] = CONTRACT_REFERENCE.shortnameLists.short ?? [];
    const reordered = { ...CONTRACT_REFERENCE, shortnameLists: { short: [...rest, head ?? ''] } };
    const { reports } = await migrateToLatest(db(), reordered);
    // Back to today's names too: the contracts, not the last release, decide.
    expect(reports[0]?.details).toEqual({ agencies: 'yt', catalogue: firstItem.short, shortnames: 'short' });
    const stored = await db()
      .selectFrom('resource_shortnames')
      .select('short')
      .where('list', '=', 'short')
      .orderBy('sort_order')
      .execute();
    expect(stored.map((r) => r.short)).toEqual(reordered.shortnameLists.short);
  });

  it('gives the catalogue a new ETag when an item is renamed: the new name, never a 304 for the old tag', async () => {
    await migrateToLatest(db());
    const itemName = async (headers: Record<string, string> = {}) => {
      const res = await ctx().app.inject({ url: '/v1/resource/options', headers });
      const name =
        res.statusCode === 200
          ? ResourceOptions.parse(res.json()).resources[firstCategory.code]?.[firstSub.code]?.find(
              (i) => i.field_item_short === firstItem.short,
            )?.field_item_en
          : undefined;
      return { status: res.statusCode, etag: res.headers.etag, name };
    };
    const before = await itemName();
    expect(before).toMatchObject({ status: 200, name: firstItem.name.en });
    expect((await itemName({ 'if-none-match': String(before.etag) })).status).toBe(304);

    // A rename changes no count, no active flag and no order: only the name.
    expect((await migrateToLatest(db(), later)).reports[0]?.details).toMatchObject({
      catalogue: firstItem.short,
    });
    const after = await itemName();
    expect(after).toMatchObject({ status: 200, name: 'Renamed item' });
    expect(after.etag).not.toBe(before.etag);
    expect(await itemName({ 'if-none-match': String(before.etag) })).toMatchObject({
      status: 200,
      name: 'Renamed item',
    });
  });
});
