import { randomBytes } from 'node:crypto';
import { DEMO_ADMIN, fieldError, INVENTORY_PAGE_SIZE } from '@ciffc/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, type CmsInfo, forEachEngine, tokenFor } from '../../test/context.ts';
import { applyInventorySave, listInventoryVersions } from './store.ts';

const hm = { category: 'aircraft', subcategory: 'rotary-wing', item: 'HM' };
const mk3 = { category: 'equipment', subcategory: 'pumps', item: 'MK3' };
const uc20 = { category: 'crews', subcategory: 'type-1-unit-crew', item: 'UC20' };

/** A national sitrep that passes the publish rules; the test sets its mobilization tables. */
const nationalDraft = {
  en_summary_comments: 'Quiet day.',
  fr_summary_comments: 'Journée calme.',
  preparedness_level: '2',
  duty_officer_name: 'Jordan Whitehorse',
  outstanding_resource_requests: '',
  mobs_grouped: [],
  demobs: [],
  us_preparedness_level: 2,
  us_fires: 10,
  us_acres: 100,
  us_ytd_fires: 1000,
  us_ytd_acres: 20000,
};

async function cmsCall(
  cms: CmsInfo,
  path: string,
  init: { body?: unknown; token?: string } = {},
): Promise<unknown> {
  const res = await fetch(new URL(path, cms.url), {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * A token of a signed-in user with the Authenticated role and no agency_code. Such accounts are
 * made in the content system's admin panel (self-registration is off), so the test makes one the
 * same way, through the admin API, then signs in as it like any user.
 */
async function tokenWithoutAgency(cms: CmsInfo): Promise<string> {
  const login = (await cmsCall(cms, '/admin/login', { body: DEMO_ADMIN })) as { data: { token: string } };
  const admin = login.data.token;
  const { roles } = (await cmsCall(cms, '/users-permissions/roles', { token: admin })) as {
    roles: { id: number; type: string }[];
  };
  const role = roles.find((r) => r.type === 'authenticated');
  if (!role) throw new Error('the content system has no Authenticated role');
  const username = `no-agency-${randomBytes(4).toString('hex')}`;
  const password = `Pw-${randomBytes(8).toString('hex')}`;
  await cmsCall(cms, '/content-manager/collection-types/plugin::users-permissions.user', {
    token: admin,
    body: {
      username,
      email: `${username}@test.ciffc.local`,
      password,
      confirmed: true,
      blocked: false,
      agency_code: null,
      role: role.id,
    },
  });
  const stack = await import('../../../scripts/lib/stack.ts');
  return stack.loginCms(cms.url, username, password);
}

forEachEngine('inventory', (ctx) => {
  const as = async (user: string) => bearer(await tokenFor(ctx(), user));
  const inject = async (user: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    ctx().app.inject({
      method,
      url,
      headers: user ? await as(user) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  describe('permission matrix', () => {
    const form = { inventory: [], inventory_to_remove: [] };
    it.each([
      // [user, method, url, expected status]
      [null, 'GET', '/v1/inventory/input', 401],
      ['ab', 'GET', '/v1/inventory/input', 200],
      ['ciffc', 'GET', '/v1/inventory/input', 403],
      [null, 'POST', '/v1/inventory/input', 401],
      ['ab', 'POST', '/v1/inventory/input', 200],
      ['ciffc', 'POST', '/v1/inventory/input', 403],
      [null, 'POST', '/v1/inventory/input/save', 401],
      ['ciffc', 'POST', '/v1/inventory/input/save', 403],
      [null, 'GET', '/v1/inventory/national', 401],
      ['bc', 'GET', '/v1/inventory/national', 200],
      ['ciffc', 'GET', '/v1/inventory/national', 200],
      [null, 'GET', '/v1/resource/options', 200],
    ] as const)('%s %s %s → %i', async (user, method, url, status) => {
      const res = await inject(user, method, url, method === 'POST' ? form : undefined);
      expect(res.statusCode).toBe(status);
    });

    it('refuses inventory input and both exports to a signed-in user without an agency code', async () => {
      const cms = ctx().cms;
      if (!cms) throw new Error('This test needs the content system (unset CIFFC_TEST_CMS=0)');
      const headers = bearer(await tokenWithoutAgency(cms));
      const me = await ctx().app.inject({ method: 'GET', url: '/v1/inventory/national', headers });
      expect(me.statusCode, 'the token is a valid sign-in').toBe(200);
      for (const url of ['/v1/inventory/input', '/v1/inventory/input/save']) {
        const res = await ctx().app.inject({ method: 'POST', url, headers, payload: form });
        expect(res.statusCode, url).toBe(403);
      }
      const year = new Date().getFullYear();
      for (const kind of ['national', 'agency']) {
        const url = `/v1/sitrep/${kind}/export?export=true&year=${year}`;
        expect((await ctx().app.inject({ method: 'GET', url, headers })).statusCode, url).toBe(403);
      }
    });

    it('only the national centre locks an inventory', async () => {
      expect(
        (await inject(null, 'POST', '/v1/inventory/lock', { agency: 'nb', locked: true })).statusCode,
      ).toBe(401);
      expect(
        (await inject('nb', 'POST', '/v1/inventory/lock', { agency: 'nb', locked: true })).statusCode,
      ).toBe(403);
    });
  });

  describe('input, validation and saving', () => {
    it('starts empty and unlocked', async () => {
      const res = await inject('mb', 'GET', '/v1/inventory/input');
      expect(res.json()).toEqual({
        agency: 'mb',
        inventory: [],
        inventory_to_remove: [],
        locked: false,
        version_number: 0,
        last_update: null,
      });
    });

    it('validates without saving, keying errors by row index', async () => {
      const res = await inject('mb', 'POST', '/v1/inventory/input', {
        inventory: [
          { resources: hm, seasonal: 4, exportable: 2, is_new: 1 },
          {
            resources: { category: 'aircraft', subcategory: 'pumps', item: '' },
            seasonal: -1,
            exportable: 1.5,
            is_new: 1,
          },
          { resources: hm, seasonal: 1, exportable: 3, is_new: 1 },
        ],
        inventory_to_remove: [],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        locked: false,
        validationErrors: {
          'inventory.1.resources.subcategory': { code: 'field.not_subcategory', params: {} },
          'inventory.1.resources.item': { code: 'field.required', params: {} },
          'inventory.1.seasonal': {
            code: 'field.between',
            params: { min: 0, max: 1_000_000 },
            message: 'Must be between 0 and 1000000',
          },
          'inventory.1.exportable': { code: 'field.invalid', params: {} },
          'inventory.2.exportable': { code: 'field.exportable_above_seasonal', params: {} },
          'inventory.2.resources.item': { code: 'field.duplicate_resource', params: {} },
        },
      });
      expect(Object.keys(res.json().validationErrors).some((k) => k.startsWith('inventory.0.'))).toBe(false);
      expect((await inject('mb', 'GET', '/v1/inventory/input')).json().inventory).toEqual([]);

      const ok = await inject('mb', 'POST', '/v1/inventory/input', {
        inventory: [{ resources: hm, seasonal: 4, exportable: 2, is_new: 1 }],
        inventory_to_remove: [],
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ locked: false, validationErrors: {} });
    });

    it('answers 400 with the row field, never 500, when a count is not a number', async () => {
      const res = await inject('mb', 'POST', '/v1/inventory/input/save', {
        inventory: [{ resources: hm, seasonal: 'four', exportable: 0 }],
        inventory_to_remove: [],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().validationErrors).toEqual({
        'inventory.0.seasonal': fieldError('field.invalid'),
      });
      expect(res.json().locked).toBe(false);
    });

    it('refuses 99,999,999,999,999 seasonal with the allowed range and saves nothing', async () => {
      const res = await inject('mb', 'POST', '/v1/inventory/input/save', {
        inventory: [{ resources: hm, seasonal: 99_999_999_999_999, exportable: 0 }],
        inventory_to_remove: [],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().validationErrors).toEqual({
        'inventory.0.seasonal': fieldError('field.between', { min: 0, max: 1_000_000 }),
      });
      expect((await inject('mb', 'GET', '/v1/inventory/input')).json().inventory).toEqual([]);
    });

    it('refuses a save based on a version another tab saved since (409), and accepts the same tab’s own', async () => {
      const v0 = (await inject('ns', 'GET', '/v1/inventory/input')).json().version_number as number;
      // Empty forms: what matters here is which saves become versions.
      const save = (_label: number, version: number, session?: string) =>
        inject('ns', 'POST', '/v1/inventory/input/save', {
          inventory: [],
          inventory_to_remove: [],
          version_number: version,
          ...(session ? { edit_session: session } : {}),
        });
      // Tab A saves twice on the same base (its first answer was lost): both accepted.
      expect((await save(5, v0, 'tab-a-0123456789')).statusCode).toBe(200);
      expect((await save(6, v0, 'tab-a-0123456789')).json()).toMatchObject({ version_number: v0 + 2 });
      // Tab B, still on v0: refused, nothing written.
      const b = await save(7, v0, 'tab-b-0123456789');
      expect(b.statusCode).toBe(409);
      expect(b.json()).toMatchObject({ code: 'inventory.stale', version_number: v0 + 2, locked: false });
      // Without a session an old base is refused too; on the current version it is accepted.
      expect((await save(8, v0 + 1)).statusCode).toBe(409);
      expect((await save(9, v0 + 2)).statusCode).toBe(200);
      const versions = await listInventoryVersions(ctx().app.db.kysely, 'ns');
      expect(versions.map((v) => v.version_number)).toEqual([v0 + 1, v0 + 2, v0 + 3]);
    });

    it('saves new rows, updates and removes saved ones, and keeps a version for every save', async () => {
      const first = await inject('sk', 'POST', '/v1/inventory/input/save', {
        inventory: [
          { resources: hm, seasonal: 4, exportable: 2, is_new: 1, key: 'a' },
          { resources: mk3, seasonal: 30, exportable: 10, is_new: 1, key: 'b' },
        ],
        inventory_to_remove: [],
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ locked: false, validationErrors: {}, version_number: 1 });

      const loaded = (await inject('sk', 'GET', '/v1/inventory/input')).json();
      expect(loaded.version_number).toBe(1);
      expect(loaded.inventory.map((r: { resources: { item: string } }) => r.resources.item)).toEqual([
        'HM',
        'MK3',
      ]);
      const [heli, pump] = loaded.inventory;
      expect(heli).toMatchObject({ resources: hm, seasonal: 4, exportable: 2, is_new: 0 });
      expect(typeof heli.id).toBe('string');

      // Change the pump count, remove the helicopter, add a crew.
      const second = await inject('sk', 'POST', '/v1/inventory/input/save', {
        inventory: [
          { ...pump, seasonal: 25 },
          { resources: uc20, seasonal: 3, exportable: 1, is_new: 1 },
        ],
        inventory_to_remove: [heli],
      });
      expect(second.json()).toEqual({ locked: false, validationErrors: {}, version_number: 2 });
      const after = (await inject('sk', 'GET', '/v1/inventory/input')).json();
      expect(
        after.inventory.map((r: { resources: { item: string }; seasonal: number }) => [
          r.resources.item,
          r.seasonal,
        ]),
      ).toEqual([
        ['UC20', 3],
        ['MK3', 25],
      ]);
      expect(after.inventory.find((r: { id: string }) => r.id === pump.id)).toBeTruthy();

      const versions = await listInventoryVersions(ctx().app.db.kysely, 'sk');
      expect(versions.map((v) => [v.version_number, v.saved_by])).toEqual([
        [1, 'sk'],
        [2, 'sk'],
      ]);
      expect(JSON.parse(versions[0]?.rows ?? '[]')).toHaveLength(2);
      expect(JSON.parse(versions[1]?.rows ?? '[]').map((r: { item_short: string }) => r.item_short)).toEqual([
        'UC20',
        'MK3',
      ]);

      // Another agency's row id is not this agency's to edit.
      const foreign = await inject('pe', 'POST', '/v1/inventory/input/save', {
        inventory: [{ ...pump, seasonal: 20 }],
        inventory_to_remove: [],
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().validationErrors).toEqual({ 'inventory.0.id': fieldError('field.unknown_row') });
    });

    it('refuses to save a locked inventory with 409 and locked true, and says so on load and validate', async () => {
      expect(
        (await inject('ciffc', 'POST', '/v1/inventory/lock', { agency: 'yt', locked: true })).statusCode,
      ).toBe(200);
      expect((await inject('yt', 'GET', '/v1/inventory/input')).json().locked).toBe(true);
      const form = { inventory: [{ resources: hm, seasonal: 1, exportable: 0 }], inventory_to_remove: [] };
      expect((await inject('yt', 'POST', '/v1/inventory/input', form)).json()).toEqual({
        locked: true,
        validationErrors: {},
      });
      const save = await inject('yt', 'POST', '/v1/inventory/input/save', form);
      expect(save.statusCode).toBe(409);
      expect(save.json()).toMatchObject({ locked: true, code: 'inventory.locked', params: {} });
      await inject('ciffc', 'POST', '/v1/inventory/lock', { agency: 'yt', locked: false });
      expect((await inject('yt', 'POST', '/v1/inventory/input/save', form)).statusCode).toBe(200);
    });
  });

  describe('national summary', () => {
    it('filters by agency, category, subcategory and item, pages by 20 and exports every row', async () => {
      // 25 rows for ns across the catalogue, 1 for nl.
      const options = (await inject(null, 'GET', '/v1/resource/options')).json();
      const items = Object.values(
        options.resources as Record<
          string,
          Record<
            string,
            {
              field_item_short: string;
              field_category: string;
              field_subcategory: string;
              field_active: boolean;
            }[]
          >
        >,
      )
        .flatMap((bySub) => Object.values(bySub).flat())
        .filter((i) => i.field_active)
        .slice(0, 25);
      const save = await inject('ns', 'POST', '/v1/inventory/input/save', {
        inventory: items.map((i, n) => ({
          resources: {
            category: i.field_category,
            subcategory: i.field_subcategory,
            item: i.field_item_short,
          },
          seasonal: n + 1,
          exportable: 0,
        })),
        inventory_to_remove: [],
      });
      expect(save.statusCode).toBe(200);
      await inject('nl', 'POST', '/v1/inventory/input/save', {
        inventory: [{ resources: mk3, seasonal: 12, exportable: 4 }],
        inventory_to_remove: [],
      });

      const page1 = (await inject('ciffc', 'GET', '/v1/inventory/national?agency=ns')).json();
      expect(page1.rows).toHaveLength(INVENTORY_PAGE_SIZE);
      expect(page1.meta).toMatchObject({ total_results: 25, total_pages: 2, page: 1 });
      const page2 = (await inject('ciffc', 'GET', '/v1/inventory/national?agency=ns&page=2')).json();
      expect(page2.rows).toHaveLength(5);
      expect(page2.rows[0]).toEqual(
        expect.objectContaining({ agency: 'ns', seasonal: 21, exportable: 0, available: 21 }),
      );
      expect(Object.keys(page2.rows[0])).toEqual(
        expect.arrayContaining([
          'agency',
          'category',
          'subcategory',
          'item',
          'seasonal',
          'exportable',
          'available',
          'last_update',
        ]),
      );

      const pumps = (
        await inject('ab', 'GET', '/v1/inventory/national?category=equipment&subcategory=pumps&item=MK3')
      ).json();
      expect(pumps.rows.map((r: { agency: string }) => r.agency)).toEqual(['nl', 'sk']);
      expect(pumps.rows[0]).toMatchObject({
        category: 'Equipment',
        subcategory: 'Pumps',
        item: 'Mark-3 high-pressure pump',
        seasonal: 12,
        exportable: 4,
      });
      expect(
        pumps.meta.filter_subcategories.every((s: { field_code: string }) =>
          ['sprinkler-kits', 'pumps', 'hose', 'heads', 'heavy-equipment'].includes(s.field_code),
        ),
      ).toBe(true);
      expect(pumps.meta.filter_items.map((i: { field_code: string }) => i.field_code)).toContain('WICK375');
      expect(pumps.meta.filter_categories).toHaveLength(4);

      const french = (await inject('ab', 'GET', '/v1/inventory/national?item=MK3&lang=fr')).json();
      expect(french.rows[0]).toMatchObject({ category: 'Équipement', item: 'Pompe haute pression Mark-3' });

      const all = (await inject('ciffc', 'GET', '/v1/inventory/national?agency=ns&export=true')).json();
      expect(all.rows).toHaveLength(25);

      const csv = await inject('ciffc', 'GET', '/v1/inventory/national?item=MK3&export=true&format=csv');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="CIFFC.csv"');
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(
        csv.body.startsWith(
          '\uFEFF"agency","category","subcategory","item","seasonal","exportable","available","last_update"\r\n',
        ),
      ).toBe(true);

      const none = (await inject('ciffc', 'GET', '/v1/inventory/national?agency=qc&export=true')).json();
      expect(none).toMatchObject({ rows: [], meta: { total_results: 0, total_pages: 0 } });

      const bad = await inject('ciffc', 'GET', '/v1/inventory/national?agency=zz');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().validationErrors).toHaveProperty('agency');
    });
  });

  describe('available', () => {
    it('is seasonal minus what the published national sitrep lists as mobilized from the agency, never below 0', async () => {
      const save = await inject('nt', 'POST', '/v1/inventory/input/save', {
        inventory: [
          { resources: hm, seasonal: 4, exportable: 2 },
          { resources: mk3, seasonal: 30, exportable: 10 },
          { resources: uc20, seasonal: 2, exportable: 1 },
        ],
        inventory_to_remove: [],
      });
      expect(save.statusCode).toBe(200);
      const available = async () => {
        const res = (await inject('ciffc', 'GET', '/v1/inventory/national?agency=nt&export=true')).json();
        const byItem = Object.fromEntries(
          res.rows.map((r: { item_short: string; available: number }) => [r.item_short, r.available]),
        );
        return { byItem, source: res.meta.mobilized_source as string };
      };
      expect(await available()).toEqual({ byItem: { HM: 4, MK3: 30, UC20: 2 }, source: 'none' });

      expect((await inject('ciffc', 'POST', '/v1/sitrep/national/claim', {})).statusCode).toBe(200);
      const publish = await inject('ciffc', 'POST', '/v1/sitrep/national/publish', {
        ...nationalDraft,
        national_to_mobs: {
          HM: { resources: 'HM', bc: 1 },
          UC20: { resources: 'UC20', bc: 5 },
        },
        national_from_mobs: {
          // 1 of 4 helicopters out; 5 unit crews sent by an agency with 2 (floored at 0);
          // other agencies' numbers do not count for nt.
          HM: { resources: 'HM', nt: 1, ab: 3 },
          UC20: { resources: 'UC20', nt: 5 },
        },
      });
      expect(publish.statusCode, publish.body).toBe(200);
      const after = await available();
      expect(after.byItem).toEqual({ HM: 3, MK3: 30, UC20: 0 });
      expect(after.source).toMatch(
        /^national_from_mobs of the national sitrep published for \d{4}-\d{2}-\d{2}$/,
      );
      // CIFFC.csv from the data API: the same figure, the agency code upper case as on the site.
      const csv = await inject(
        'ciffc',
        'GET',
        '/v1/inventory/national?agency=nt&item=HM&export=true&format=csv',
      );
      const [, row] = csv.body.split('\r\n');
      expect(row?.replace(/,"[^"]*"$/, '')).toBe(
        '"NT","Aircraft","Rotary Wing","Medium helicopter (Bell 205, 212, 412)","4","2","3"',
      );
    });
  });

  describe('concurrent saves', () => {
    it('accepts 10 concurrent saves of one agency, each its own version, and refuses a save after lock with 409', async () => {
      const first = await inject('on', 'POST', '/v1/inventory/input/save', {
        inventory: [{ resources: mk3, seasonal: 1, exportable: 0 }],
        inventory_to_remove: [],
      });
      expect(first.json()).toMatchObject({ version_number: 1 });
      const [pump] = (await inject('on', 'GET', '/v1/inventory/input')).json().inventory;
      // Saves that write no inventory row: nothing but the counter orders them.
      const saves = await Promise.all(
        Array.from({ length: 10 }, () =>
          inject('on', 'POST', '/v1/inventory/input/save', { inventory: [], inventory_to_remove: [] }),
        ),
      );
      expect(saves.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(saves.map((r) => r.json().version_number).sort((a, b) => a - b)).toEqual([
        2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
      ]);
      const versions = await listInventoryVersions(ctx().app.db.kysely, 'on');
      expect(versions.map((v) => v.version_number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      expect((await inject('on', 'GET', '/v1/inventory/input')).json().version_number).toBe(11);

      await inject('ciffc', 'POST', '/v1/inventory/lock', { agency: 'on', locked: true });
      const locked = await inject('on', 'POST', '/v1/inventory/input/save', {
        inventory: [{ ...pump, seasonal: 99 }],
        inventory_to_remove: [],
      });
      expect(locked.statusCode).toBe(409);
      expect(locked.json()).toMatchObject({ locked: true, code: 'inventory.locked', params: {} });
      // The lock is checked again inside the save's transaction (a lock taken after the form's check).
      await expect(
        applyInventorySave(ctx().app.db.kysely, 'on', { removeIds: [], rows: [] }, 'on', new Date()),
      ).resolves.toEqual({ saved: false, locked: true, current: 11 });
      expect((await listInventoryVersions(ctx().app.db.kysely, 'on')).length).toBe(11);
      await inject('ciffc', 'POST', '/v1/inventory/lock', { agency: 'on', locked: false });
    });
  });
});
