import {
  boundsOf,
  HECTARES_MAX,
  RESOURCE_COUNT_MAX,
  type ReportFieldCode,
  SITREP_COUNT_FIELDS,
  SITREP_HECTARE_FIELDS,
} from '@ciffc/contracts';
import { describe, expect, it, vi } from 'vitest';
import { bearer, forEachEngine, signToken, type TestContext, tokenFor } from '../../test/context.ts';
import { LEASE_MS, claim as takeLease } from '../db/lease.ts';
import { upsertFires } from '../fires/store.ts';
import { HttpError } from '../http/errors.ts';
import { centreToday } from '../http/time.ts';
import { getApprovedSnapshot, listApprovedAgencySitreps, publishApprovedCopies } from './published.ts';
import { sitrepLease } from './refusals.ts';
import { countVersions, getSitrepRow, listHistory } from './store.ts';
import { approve, reject } from './transitions.ts';

type Role = 'anonymous' | 'own' | 'other' | 'ciffc';

const rars = [
  { available: 2, resources: { category: 'crews', subcategory: 'type-1-unit-crew', item: 'UC20' } },
];
const fire = {
  fires: 'G80123',
  latitude: 55.1,
  longitude: -120.3,
  stage_of_control: 'OC',
  size: 1200.5,
  incident_type: 2,
  percent_contained: 40,
};

async function as(ctx: TestContext, user: string | null) {
  return user ? bearer(await tokenFor(ctx, user)) : {};
}

function send(
  ctx: TestContext,
  headers: Record<string, string>,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function claimAndVersion(ctx: TestContext, user: string, agency = user): Promise<number> {
  const h = await as(ctx, user);
  const claim = await send(ctx, h, 'POST', `/v1/sitrep/agency/claim?agency=${agency}`, {});
  expect(claim.statusCode, claim.body).toBe(200);
  return claim.json().version_number;
}

async function saveAs(
  ctx: TestContext,
  user: string,
  doc: Record<string, unknown>,
  version: number,
  agency = user,
) {
  return send(ctx, await as(ctx, user), 'POST', `/v1/sitrep/agency?agency=${agency}`, {
    ...doc,
    version_number: version,
  });
}

forEachEngine('agency sitrep', (ctx) => {
  describe('permissions (anonymous, own agency, other agency, CIFFC) for every call', () => {
    // `nl` is the own agency, `ns` the other one; statuses are checked per role, in call order.
    const users: Record<Role, string | null> = { anonymous: null, own: 'nl', other: 'nl', ciffc: 'ciffc' };
    const target: Record<Role, string> = { anonymous: 'nl', own: 'nl', other: 'ns', ciffc: 'nl' };
    const calls: [
      string,
      'GET' | 'POST',
      (agency: string) => string,
      ((agency: string) => unknown) | undefined,
      Record<Role, number>,
    ][] = [
      [
        'GET draft',
        'GET',
        (a) => `/v1/sitrep/agency?agency=${a}`,
        undefined,
        { anonymous: 401, own: 200, other: 403, ciffc: 200 },
      ],
      [
        'GET approved',
        'GET',
        (a) => `/v1/sitrep/agency/approved?agency=${a}`,
        undefined,
        { anonymous: 401, own: 404, other: 403, ciffc: 404 },
      ],
      [
        'GET published',
        'GET',
        (a) => `/v1/sitrep/agency/published?agency=${a}`,
        undefined,
        { anonymous: 401, own: 404, other: 403, ciffc: 404 },
      ],
      [
        'claim',
        'POST',
        (a) => `/v1/sitrep/agency/claim?agency=${a}`,
        () => ({}),
        { anonymous: 401, own: 200, other: 403, ciffc: 403 },
      ],
      [
        'save',
        'POST',
        (a) => `/v1/sitrep/agency?agency=${a}`,
        () => ({ version_number: 0, a_ltg: 1 }),
        { anonymous: 401, own: 200, other: 403, ciffc: 403 },
      ],
      [
        'release',
        'POST',
        (a) => `/v1/sitrep/agency/release?agency=${a}`,
        () => ({}),
        { anonymous: 401, own: 200, other: 403, ciffc: 403 },
      ],
      [
        'submit',
        'POST',
        () => '/v1/sitrep/agency/submit',
        (a) => ({ agency: a }),
        { anonymous: 401, own: 200, other: 403, ciffc: 403 },
      ],
      [
        'approve',
        'POST',
        () => '/v1/sitrep/agency/approve',
        // The own agency saved version 1 above (the save row) and submitted it.
        (a) => ({ agency: a, version_number: 1 }),
        { anonymous: 401, own: 403, other: 403, ciffc: 200 },
      ],
      [
        'reject',
        'POST',
        () => '/v1/sitrep/agency/reject',
        (a) => ({ agency: a, version_number: 1 }),
        { anonymous: 401, own: 403, other: 403, ciffc: 200 },
      ],
      [
        'states list',
        'GET',
        () => '/v1/sitrep/stats/agency',
        undefined,
        { anonymous: 401, own: 200, other: 200, ciffc: 200 },
      ],
    ];
    for (const [name, method, url, body, expected] of calls) {
      it(`${name}: anonymous ${expected.anonymous}, own ${expected.own}, other agency ${expected.other}, CIFFC ${expected.ciffc}`, async () => {
        for (const role of ['anonymous', 'other', 'own', 'ciffc'] as Role[]) {
          const agency = target[role];
          const res = await send(ctx(), await as(ctx(), users[role]), method, url(agency), body?.(agency));
          expect(res.statusCode, `${role}: ${res.body}`).toBe(expected[role]);
        }
      });
    }

    it('answers 401 to an expired or foreign token, and 403 for an unknown agency', async () => {
      const expired = await signToken(ctx().jwtSecret, { expiresIn: -10, issuedAt: 1 });
      const res = await send(ctx(), bearer(expired), 'GET', '/v1/sitrep/agency?agency=nl');
      expect(res.statusCode).toBe(401);
      const foreign = await signToken('not-the-secret');
      expect((await send(ctx(), bearer(foreign), 'GET', '/v1/sitrep/stats/agency')).statusCode).toBe(401);
      expect(
        (await send(ctx(), await as(ctx(), 'ciffc'), 'GET', '/v1/sitrep/agency?agency=zz')).statusCode,
      ).toBe(403);
    });

    it('gives an agency user its own states row and CIFFC all 13, with sections_with_data', async () => {
      const own = await send(ctx(), await as(ctx(), 'nl'), 'GET', '/v1/sitrep/stats/agency');
      expect(own.json().items.map((i: { agency: string }) => i.agency)).toEqual(['nl']);
      expect(own.json().items[0]).toMatchObject({ sections_with_data: 1, section_count: 13 });
      const all = await send(ctx(), await as(ctx(), 'ciffc'), 'GET', '/v1/sitrep/stats/agency');
      expect(all.json().items).toHaveLength(13);
      expect(all.json().items[0]).toMatchObject({
        agency: 'ab',
        status: 'N',
        version_number: 0,
        claimed_by: null,
      });
    });
  });

  describe('bounds: every bound rejected with its field named, the draft kept', () => {
    type Case = [string, Record<string, unknown>, string, string];
    const mob = { to: 'bc', from: 'mb', resources: { ...rars[0]?.resources, amount: 2 } };
    // Every count and hectare field of the field registry with its own bounds, so a field added there is covered here.
    const countMax = (f: ReportFieldCode) => boundsOf(f).max;
    const numeric: Case[] = [
      ...SITREP_COUNT_FIELDS.flatMap((f): Case[] => [
        [`${f} below 0`, { [f]: -1 }, f, `Must be between 0 and ${countMax(f)}`],
        [`${f} above its bound`, { [f]: countMax(f) + 1 }, f, `Must be between 0 and ${countMax(f)}`],
        [`${f} fractional`, { [f]: 2.5 }, f, 'Must be a whole number'],
      ]),
      ...SITREP_HECTARE_FIELDS.flatMap((f): Case[] => [
        [`${f} below 0`, { [f]: -0.5 }, f, `Must be between 0 and ${HECTARES_MAX}`],
        [`${f} above its bound`, { [f]: HECTARES_MAX + 0.5 }, f, `Must be between 0 and ${HECTARES_MAX}`],
      ]),
    ];
    const cases: Case[] = [
      ...numeric,
      ...(
        [
          ['latitude', 90.5, 'Must be between -90 and 90'],
          ['latitude', -91, 'Must be between -90 and 90'],
          ['longitude', 180.5, 'Must be between -180 and 180'],
          ['longitude', -181, 'Must be between -180 and 180'],
          ['fires', '', 'This field is required.'],
          ['fires', '   ', 'This field is required.'],
        ] as const
      ).map(
        ([k, v, message]): Case => [
          `priority fire ${k} ${JSON.stringify(v)}`,
          { priority_fires: [{ ...fire, [k]: v }] },
          `priority_fires.0.${k}`,
          message,
        ],
      ),
      ...(['mobs', 'mobs_grouped', 'demobs'] as const).flatMap((list) =>
        (['to', 'from'] as const).map(
          (k): Case => [
            `${list} without ${k}`,
            { [list]: [{ ...mob, [k]: '' }] },
            `${list}.0.${k}`,
            'This field is required.',
          ],
        ),
      ),
      ...(['category', 'item'] as const).flatMap((k) => [
        [
          `rars without ${k}`,
          { rars: [{ available: 1, resources: { ...rars[0]?.resources, [k]: '' } }] },
          `rars.0.resources.${k}`,
          'This field is required.',
        ] as Case,
        [
          `mobs without ${k}`,
          { mobs: [{ ...mob, resources: { ...mob.resources, [k]: '' } }] },
          `mobs.0.resources.${k}`,
          'This field is required.',
        ] as Case,
      ]),
      [
        'fire_statistics_as_of not a date',
        { fire_statistics_as_of: 'yesterday' },
        'fire_statistics_as_of',
        'Invalid format',
      ],
      [
        'percent_contained above 100',
        { priority_fires: [fire, fire, { ...fire, percent_contained: 101 }] },
        'priority_fires.2.percent_contained',
        'Must be between 0 and 100',
      ],
      [
        'percent_contained below 0',
        { priority_fires: [{ ...fire, percent_contained: -1 }] },
        'priority_fires.0.percent_contained',
        'Must be between 0 and 100',
      ],
      [
        'incident_type 6',
        { priority_fires: [{ ...fire, incident_type: 6 }] },
        'priority_fires.0.incident_type',
        'Must be between 1 and 5',
      ],
      [
        'incident_type 0',
        { priority_fires: [{ ...fire, incident_type: 0 }] },
        'priority_fires.0.incident_type',
        'Must be between 1 and 5',
      ],
      [
        'stage_of_control XX',
        { priority_fires: [{ ...fire, stage_of_control: 'XX' }] },
        'priority_fires.0.stage_of_control',
        'Must be one of OC, BH, UC, OUT',
      ],
      [
        'priority fire size below 0',
        { priority_fires: [{ ...fire, size: -1 }] },
        'priority_fires.0.size',
        `Must be between 0 and ${HECTARES_MAX}`,
      ],
      [
        'rars available 0',
        { rars: [{ ...rars[0], available: 0 }] },
        'rars.0.available',
        `Must be between 1 and ${RESOURCE_COUNT_MAX}`,
      ],
      [
        'mobilization amount 0',
        { mobs: [{ to: 'bc', from: 'mb', resources: { ...rars[0]?.resources, amount: 0 } }] },
        'mobs.0.resources.amount',
        `Must be between 1 and ${RESOURCE_COUNT_MAX}`,
      ],
      [
        'grouped mobilization amount 0',
        { mobs_grouped: [{ to: 'bc', from: 'mb', resources: { ...rars[0]?.resources, amount: 0 } }] },
        'mobs_grouped.0.resources.amount',
        `Must be between 1 and ${RESOURCE_COUNT_MAX}`,
      ],
      [
        'demobilization amount 0',
        { demobs: [{ to: 'bc', from: 'mb', resources: { ...rars[0]?.resources, amount: 0 } }] },
        'demobs.0.resources.amount',
        `Must be between 1 and ${RESOURCE_COUNT_MAX}`,
      ],
      [
        'an item outside its subcategory',
        {
          rars: [
            {
              available: 1,
              resources: { category: 'crews', subcategory: 'type-1-unit-crew', item: 'CL415' },
            },
          ],
        },
        'rars.0.resources.item',
        'Not an item of the subcategory',
      ],
      [
        'a missing subcategory',
        { rars: [{ available: 1, resources: { category: 'crews', subcategory: '', item: 'UC20' } }] },
        'rars.0.resources.subcategory',
        'This field is required.',
      ],
      ...([
        'current_fire_hazard',
        'current_fire_load',
        'expected_fire_load',
        'agency_resource_levels',
        'ciffc_response_capacity',
      ].flatMap((f) => [
        [`${f} 0`, { [f]: 0 }, f, 'Must be between 1 and 5'],
        [`${f} 6`, { [f]: 6 }, f, 'Must be between 1 and 5'],
      ]) as [string, Record<string, unknown>, string, string][]),
      ['prep_level_override 6', { prep_level_override: 6 }, 'prep_level_override', 'Must be between 0 and 5'],
      [
        'prep_level_override -1',
        { prep_level_override: -1 },
        'prep_level_override',
        'Must be between 0 and 5',
      ],
    ];

    it.each(cases)('flags %s', async (_name, doc, field, message) => {
      const version = await claimAndVersion(ctx(), 'mb');
      const res = await saveAs(ctx(), 'mb', { en_ops_summary: 'kept', ...doc }, version);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().validationErrors[field].message).toBe(message);
      expect(res.json().version_number).toBe(version + 1);
      expect(Object.keys(res.json().validationErrors).some((k) => k.startsWith('form_'))).toBe(true);
      // Nothing valid is thrown away: the draft holds what was typed.
      const draft = await send(ctx(), await as(ctx(), 'mb'), 'GET', '/v1/sitrep/agency?agency=mb');
      expect(draft.json().en_ops_summary).toBe('kept');
      expect(draft.json().validationErrors[field].message).toBe(message);
    });

    it('answers 400 naming the field when a value is not even of the right type, and stores nothing', async () => {
      const version = await claimAndVersion(ctx(), 'mb');
      const res = await saveAs(ctx(), 'mb', { a_ltg: 'five' }, version);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().validationErrors)).toContain('a_ltg');
      const draft = await send(ctx(), await as(ctx(), 'mb'), 'GET', '/v1/sitrep/agency?agency=mb');
      expect(draft.json().version_number).toBe(version);
    });

    it('answers 400 naming version_number for a version beyond a 32-bit integer, and stores nothing', async () => {
      const version = await claimAndVersion(ctx(), 'mb');
      const res = await saveAs(ctx(), 'mb', { a_ltg: 1 }, 3_000_000_000);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().validationErrors)).toContain('version_number');
      const draft = await send(ctx(), await as(ctx(), 'mb'), 'GET', '/v1/sitrep/agency?agency=mb');
      expect(draft.json().version_number).toBe(version);
    });

    it('answers 400 naming the field for a NUL character in any text of the body, and stores nothing', async () => {
      const version = await claimAndVersion(ctx(), 'mb');
      const history = await countVersions(ctx().app.db.kysely, 'mb');
      const res = await saveAs(
        ctx(),
        'mb',
        { en_ops_summary: 'ok', priority_fires: [fire, fire, { ...fire, comments_en: 'A\u0000B' }] },
        version,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().validationErrors).toEqual({
        'priority_fires.2.comments_en': {
          code: 'field.nul',
          params: {},
          message: 'Must not contain a NUL character',
        },
      });
      expect(res.json()).toMatchObject({ code: 'request.invalid', params: { part: 'body' } });
      const draft = await send(ctx(), await as(ctx(), 'mb'), 'GET', '/v1/sitrep/agency?agency=mb');
      expect(draft.json().version_number).toBe(version);
      expect(await countVersions(ctx().app.db.kysely, 'mb')).toBe(history);
    });

    it('refuses to submit a draft with errors (400 with validationErrors and status)', async () => {
      const res = await send(ctx(), await as(ctx(), 'mb'), 'POST', '/v1/sitrep/agency/submit', {
        agency: 'mb',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'E', locked: false, edited_by: 'mb' });
      expect(res.json().validationErrors.prep_level_override).toBeDefined();
      expect(res.json().last_edit).toEqual(expect.any(String));
    });

    it('keeps 99,999,999,999,999 human-caused fires and 999,999,999,999 ha flagged with the allowed range', async () => {
      const version = await claimAndVersion(ctx(), 'mb');
      const res = await saveAs(
        ctx(),
        'mb',
        { a_hum: 99_999_999_999_999, b_active_hectares: 999_999_999_999, chh_light: 200_000 },
        version,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'sitrep.kept_with_errors', params: { version: version + 1 } });
      expect(res.json().validationErrors).toMatchObject({
        a_hum: {
          code: 'field.between',
          params: { min: 0, max: 50_000 },
          message: 'Must be between 0 and 50000',
        },
        b_active_hectares: { code: 'field.between', params: { min: 0, max: 50_000_000 } },
        chh_light: { code: 'field.between', params: { min: 0, max: 100_000 } },
        form_1: { code: 'field.section_error', params: {} },
      });
      const submit = await send(ctx(), await as(ctx(), 'mb'), 'POST', '/v1/sitrep/agency/submit', {
        agency: 'mb',
      });
      expect(submit.statusCode).toBe(400);
      expect(submit.json()).toMatchObject({ code: 'sitrep.invalid', params: {} });
      expect(submit.json().validationErrors.a_hum.code).toBe('field.between');
    });
  });

  describe('claim', () => {
    it('answers 409 naming the holder when another user claims a live lease', async () => {
      const db = ctx().app.db.kysely;
      const now = new Date();
      await takeLease(db, sitrepLease('sk'), { id: 987654, username: 'sk-colleague' }, now);
      const h = await as(ctx(), 'sk');
      const claim = await send(ctx(), h, 'POST', '/v1/sitrep/agency/claim?agency=sk', {});
      expect(claim.statusCode).toBe(409);
      expect(claim.json().message).toContain('sk-colleague');
      expect(claim.json()).toMatchObject({
        claimed_by: 987654,
        claimed_by_name: 'sk-colleague',
        locked: true,
      });
      const release = await send(ctx(), h, 'POST', '/v1/sitrep/agency/release?agency=sk', {});
      expect(release.statusCode).toBe(409);
      const save = await saveAs(ctx(), 'sk', { a_ltg: 1 }, 0);
      expect(save.statusCode).toBe(409);
      const submit = await send(ctx(), h, 'POST', '/v1/sitrep/agency/submit', { agency: 'sk' });
      expect(submit.statusCode).toBe(409);
      expect(submit.json().locked).toBe(true);
      const draft = await send(ctx(), h, 'GET', '/v1/sitrep/agency?agency=sk');
      expect(draft.json()).toMatchObject({ locked: true, claimed_by: 987654 });
      // The refused save is still in the history.
      expect(await countVersions(db, 'sk', 'stale-rejected')).toBe(1);
    });

    it('lets a user take a lapsed lease, claim again (another tab), and release', async () => {
      const db = ctx().app.db.kysely;
      await db
        .updateTable('agency_sitreps')
        .set({ claim_expires_at: '2000-01-01T00:00:00.000Z' })
        .where('agency', '=', 'sk')
        .execute();
      const h = await as(ctx(), 'sk');
      const first = await send(ctx(), h, 'POST', '/v1/sitrep/agency/claim?agency=sk', {});
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ locked: false, claimed_by_name: 'sk' });
      expect(first.json().claimed_by).toBeGreaterThan(0);
      expect((await send(ctx(), h, 'POST', '/v1/sitrep/agency/claim?agency=sk', {})).statusCode).toBe(200);
      const ciffc = await send(ctx(), await as(ctx(), 'ciffc'), 'GET', '/v1/sitrep/agency?agency=sk');
      expect(ciffc.json()).toMatchObject({ locked: true, claimed_by_name: 'sk' });
      const release = await send(ctx(), h, 'POST', '/v1/sitrep/agency/release?agency=sk', {});
      expect(release.json()).toMatchObject({ claimed_by: null, locked: false });
      // A save without a claim is refused.
      const unclaimed = await saveAs(ctx(), 'sk', { a_ltg: 1 }, 0);
      expect(unclaimed.statusCode).toBe(409);
      expect(unclaimed.json().message).toMatch(/Start editing/);
    });
  });

  describe('lease', () => {
    it('is renewed by the holder’s save, poll of the states list and re-claim', async () => {
      const db = ctx().app.db.kysely;
      const h = await as(ctx(), 'qc');
      const version = await claimAndVersion(ctx(), 'qc');
      const soon = async () => {
        const at = new Date(Date.now() + 30_000).toISOString();
        await db
          .updateTable('agency_sitreps')
          .set({ claim_expires_at: at })
          .where('agency', '=', 'qc')
          .execute();
      };
      const renewed = async (by: string) => {
        const row = await getSitrepRow(db, 'qc');
        const expires = Date.parse(row?.claim_expires_at ?? '');
        expect(expires, by).toBeGreaterThan(Date.now() + LEASE_MS - 60_000);
      };
      await soon();
      expect((await saveAs(ctx(), 'qc', { a_ltg: 1 }, version)).statusCode).toBe(200);
      await renewed('save');
      await soon();
      expect((await send(ctx(), h, 'GET', '/v1/sitrep/stats/agency')).statusCode).toBe(200);
      await renewed('poll');
      await soon();
      const again = await send(ctx(), h, 'POST', '/v1/sitrep/agency/claim?agency=qc', {});
      expect(again.statusCode, again.body).toBe(200);
      await renewed('re-claim');
      // Another user's poll does not renew it.
      await soon();
      await send(ctx(), await as(ctx(), 'ciffc'), 'GET', '/v1/sitrep/stats/agency');
      const row = await getSitrepRow(db, 'qc');
      expect(Date.parse(row?.claim_expires_at ?? '')).toBeLessThan(Date.now() + 60_000);
      await send(ctx(), h, 'POST', '/v1/sitrep/agency/release?agency=qc', {});
    });
  });

  describe('saves', () => {
    it('keeps every version and answers 409 to stale ones: 20 concurrent saves lose nothing', async () => {
      const db = ctx().app.db.kysely;
      const base = await claimAndVersion(ctx(), 'yt');
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          saveAs(ctx(), 'yt', { en_ops_summary: `save ${i}`, a_ltg: i }, base),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      const history = await listHistory(db, 'yt');
      const saved = history.filter((h) => h.kind === 'save');
      const stale = history.filter((h) => h.kind === 'stale-rejected');
      expect(saved).toHaveLength(1);
      expect(saved[0]?.version).toBe(base + 1);
      expect(stale).toHaveLength(19);
      const texts = history.map((h) => JSON.parse(h.document).en_ops_summary).sort();
      expect(texts).toEqual(Array.from({ length: 20 }, (_, i) => `save ${i}`).sort());
      for (const r of results.filter((r) => r.statusCode === 409)) {
        expect(r.json()).toMatchObject({ code: 'sitrep.stale', params: { based_on: base } });
        expect(r.json().version_number).toBe(base + 1);
      }
    });

    it('chains 20 concurrent saves each based on the version before: every accepted one is a version', async () => {
      const db = ctx().app.db.kysely;
      let version = await claimAndVersion(ctx(), 'yt');
      const before = await countVersions(db, 'yt', 'save');
      // Each round fires 2 saves on the same base; one wins, one is stale.
      let accepted = 0;
      let refused = 0;
      for (let round = 0; round < 10; round++) {
        const pair = await Promise.all(
          [0, 1].map((k) => saveAs(ctx(), 'yt', { en_ops_summary: `r${round}k${k}` }, version)),
        );
        for (const r of pair) {
          if (r.statusCode === 200) {
            accepted++;
            version = r.json().version_number;
          } else {
            expect(r.statusCode).toBe(409);
            refused++;
          }
        }
      }
      expect(accepted).toBe(10);
      expect(refused).toBe(10);
      expect(await countVersions(db, 'yt', 'save')).toBe(before + 10);
      const draft = await send(ctx(), await as(ctx(), 'yt'), 'GET', '/v1/sitrep/agency?agency=yt');
      expect(draft.json().version_number).toBe(version);
    });

    it('accepts a save over a newer version only from the editing session that wrote it', async () => {
      const tabA = 'tab-a-0123456789';
      const tabB = 'tab-b-0123456789';
      const save = async (summary: string, version: number, session?: string) =>
        send(ctx(), await as(ctx(), 'yt'), 'POST', '/v1/sitrep/agency?agency=yt', {
          en_ops_summary: summary,
          version_number: version,
          ...(session ? { edit_session: session } : {}),
        });
      const base = await claimAndVersion(ctx(), 'yt');
      // Tab A: its save on base was cancelled on the client but landed; the next one is based on base too.
      expect((await save('A first', base, tabA)).statusCode).toBe(200);
      const a2 = await save('A second', base, tabA);
      expect(a2.statusCode, a2.body).toBe(200);
      expect(a2.json().version_number).toBe(base + 2);
      // Tab B of the same account, still on base: 409 with a code, nothing written over A.
      const b = await save('B over A', base, tabB);
      expect(b.statusCode).toBe(409);
      expect(b.json()).toMatchObject({ code: 'sitrep.stale', version_number: base + 2 });
      expect(b.json().params).toMatchObject({ based_on: base, current: base + 2, name: 'yt' });
      // Without a session, an older base is refused as before.
      expect((await save('no session', base + 1)).statusCode).toBe(409);
      const draft = async () =>
        (await send(ctx(), await as(ctx(), 'yt'), 'GET', '/v1/sitrep/agency?agency=yt')).json();
      expect((await draft()).en_ops_summary).toBe('A second');
      // B reloads and saves on the current version; A's older base is then refused.
      expect((await save('B after reload', base + 2, tabB)).statusCode).toBe(200);
      expect((await save('A late', base + 1, tabA)).statusCode).toBe(409);
      expect(await draft()).toMatchObject({ en_ops_summary: 'B after reload', version_number: base + 3 });
      // A's run restarts at the version it next saves over: its own older base before that is refused.
      expect((await save('A again', base + 3, tabA)).statusCode).toBe(200);
      expect((await save('A on its old run', base + 2, tabA)).statusCode).toBe(409);
      // Every refused document is kept in the history with its session.
      const stale = (await listHistory(ctx().app.db.kysely, 'yt')).filter((h) => h.kind === 'stale-rejected');
      expect(stale.map((h) => [JSON.parse(h.document).en_ops_summary, h.edit_session]).slice(-4)).toEqual([
        ['B over A', tabB],
        ['no session', null],
        ['A late', tabA],
        ['A on its old run', tabA],
      ]);
      const bad = await save('bad', base + 4, 'not a session!');
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('edit_session');
    });

    it('copies To and From of a group’s first row to its later rows', async () => {
      const version = await claimAndVersion(ctx(), 'yt');
      const r = (to: string, from: string) => ({
        group: 'g',
        to,
        from,
        resources: { ...rars[0]?.resources, amount: 2 },
      });
      const res = await saveAs(ctx(), 'yt', { mobs_grouped: [r('bc', 'yt'), r('on', 'qc')] }, version);
      expect(res.json().validationErrors).toEqual({});
      const draft = await send(ctx(), await as(ctx(), 'yt'), 'GET', '/v1/sitrep/agency?agency=yt');
      expect(draft.json().mobs_grouped[1]).toMatchObject({ to: 'bc', from: 'yt' });
    });
  });

  describe('transitions (docs/spec/data-entry.md 4.1) and the copies', () => {
    const doc = {
      en_ops_summary: 'Quiet day',
      fr_ops_summary: 'Journée calme',
      a_ltg: 2,
      a_hum: 1,
      rars,
      priority_fires: [fire],
      prep_level_override: 3,
    };

    it('submit → approve → reject, each disabled where it does not apply', async () => {
      const ciffc = await as(ctx(), 'ciffc');
      const pe = await as(ctx(), 'pe');
      // A sitrep never started (version 0) can be neither submitted, approved nor rejected.
      for (const [action, who] of [
        ['submit', pe],
        ['approve', ciffc],
        ['reject', ciffc],
      ] as const) {
        const res = await send(ctx(), who, 'POST', `/v1/sitrep/agency/${action}`, {
          agency: 'pe',
          version_number: 0,
        });
        expect(res.statusCode, action).toBe(409);
        expect(res.json()).toMatchObject({
          status: 'N',
          version_number: 0,
          code: 'sitrep.not_started',
          params: { action },
        });
      }
      const version = await claimAndVersion(ctx(), 'pe');
      const saved = await saveAs(ctx(), 'pe', doc, version);
      expect(saved.json()).toMatchObject({ status: 'E', version_number: version + 1, validationErrors: {} });
      const submitted = await send(ctx(), pe, 'POST', '/v1/sitrep/agency/submit', { agency: 'pe' });
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(submitted.json()).toMatchObject({ status: 'S', claimed_by: null, version_number: version + 1 });
      const viewed = { agency: 'pe', version_number: version + 1 };
      const approved = await send(ctx(), ciffc, 'POST', '/v1/sitrep/agency/approve', viewed);
      expect(approved.json()).toMatchObject({ status: 'A', approved_version: version + 1 });
      expect((await send(ctx(), ciffc, 'POST', '/v1/sitrep/agency/approve', viewed)).statusCode).toBe(409);
      const copy = await send(ctx(), pe, 'GET', '/v1/sitrep/agency/approved?agency=pe');
      expect(copy.json()).toMatchObject({
        variant: 'approved',
        locked: true,
        version_number: version + 1,
        en_ops_summary: 'Quiet day',
        rars,
      });
      const rejected = await send(ctx(), ciffc, 'POST', '/v1/sitrep/agency/reject', viewed);
      expect(rejected.json()).toMatchObject({ status: 'R', approved_version: version + 1 });
      const again = await send(ctx(), ciffc, 'POST', '/v1/sitrep/agency/reject', viewed);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ status: 'R', edited_by: 'pe', locked: false });
      // The draft offers the approved copy for bring forward.
      const draft = await send(ctx(), pe, 'GET', '/v1/sitrep/agency?agency=pe');
      expect(draft.json().previous).toMatchObject({ en_ops_summary: 'Quiet day', priority_fires: [fire] });
      const kinds = (await listHistory(ctx().app.db.kysely, 'pe')).map((h) => h.kind);
      expect(kinds).toEqual(['save', 'submit', 'approve', 'reject']);
    });

    it('approves and rejects only the version viewed (409 changed since you opened it), keeps the reason', async () => {
      const ciffc = await as(ctx(), 'ciffc');
      const nt = await as(ctx(), 'nt');
      const version = await claimAndVersion(ctx(), 'nt');
      expect((await saveAs(ctx(), 'nt', doc, version)).statusCode).toBe(200);
      const submitted = await send(ctx(), nt, 'POST', '/v1/sitrep/agency/submit', {
        agency: 'nt',
        version_number: version + 1,
      });
      expect(submitted.json()).toMatchObject({ status: 'S', submitted_version: version + 1 });
      // The national user opens version+1; meanwhile the agency saves version+2.
      const viewed = version + 1;
      await claimAndVersion(ctx(), 'nt');
      const later = await saveAs(ctx(), 'nt', { ...doc, a_ltg: 9 }, viewed);
      expect(later.json()).toMatchObject({ version_number: viewed + 1, changed_since_submitted: true });
      for (const action of ['approve', 'reject']) {
        const res = await send(ctx(), ciffc, 'POST', `/v1/sitrep/agency/${action}`, {
          agency: 'nt',
          version_number: viewed,
        });
        expect(res.statusCode, action).toBe(409);
        expect(res.json()).toMatchObject({
          code: 'sitrep.changed_since_opened',
          params: { viewed, current: viewed + 1 },
          version_number: viewed + 1,
        });
        expect(res.json().message).toMatch(/changed since you opened it/);
      }
      // Approve and reject need the version (400 naming it).
      const missing = await send(ctx(), ciffc, 'POST', '/v1/sitrep/agency/approve', { agency: 'nt' });
      expect(missing.statusCode).toBe(400);
      expect(missing.body).toContain('version_number');
      // While the agency holds its editing claim, neither decision (409 naming who is editing).
      for (const action of ['approve', 'reject']) {
        const res = await send(ctx(), ciffc, 'POST', `/v1/sitrep/agency/${action}`, {
          agency: 'nt',
          version_number: viewed + 1,
        });
        expect(res.statusCode, action).toBe(409);
        expect(res.json()).toMatchObject({ code: 'sitrep.decide_while_editing', params: { name: 'nt' } });
      }
      expect((await send(ctx(), nt, 'POST', '/v1/sitrep/agency/release?agency=nt', {})).statusCode).toBe(200);
      // Approving a version the agency never submitted takes a confirmation naming the submitted one.
      const unconfirmed = await send(ctx(), ciffc, 'POST', '/v1/sitrep/agency/approve', {
        agency: 'nt',
        version_number: viewed + 1,
      });
      expect(unconfirmed.statusCode).toBe(409);
      expect(unconfirmed.json()).toMatchObject({
        code: 'sitrep.not_submitted',
        params: { current: viewed + 1, submitted: viewed },
        status: 'E',
      });
      // Not Approved of the current version, with a reason kept with it and shown to the agency.
      const rejected = await send(ctx(), ciffc, 'POST', '/v1/sitrep/agency/reject', {
        agency: 'nt',
        version_number: viewed + 1,
        reason: 'The French summary is missing the fire count.',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      const reason = 'The French summary is missing the fire count.';
      expect(rejected.json()).toMatchObject({
        status: 'R',
        rejected_version: viewed + 1,
        rejected_reason: reason,
      });
      const draft = (await send(ctx(), nt, 'GET', '/v1/sitrep/agency?agency=nt')).json();
      expect(draft).toMatchObject({ rejected_reason: reason, rejected_version: viewed + 1 });
      const states = (await send(ctx(), nt, 'GET', '/v1/sitrep/stats/agency')).json();
      expect(states.items[0]).toMatchObject({ agency: 'nt', rejected_reason: reason });
      const history = await listHistory(ctx().app.db.kysely, 'nt');
      expect(history.at(-1)).toMatchObject({ kind: 'reject', version: viewed + 1, reason });
      // The approval clears it (confirmed: this version was never submitted).
      const approved = await send(ctx(), ciffc, 'POST', '/v1/sitrep/agency/approve', {
        agency: 'nt',
        version_number: viewed + 1,
        confirm_unsubmitted: true,
      });
      expect(approved.json()).toMatchObject({ status: 'A', rejected_reason: null, rejected_version: null });
    });

    /** The national centre's identity as the service functions take it (calls fired without HTTP). */
    const nationalIdentity = async () => {
      const me = (await send(ctx(), await as(ctx(), 'ciffc'), 'GET', '/v1/me')).json();
      return { id: me.id, username: me.username, role: me.role, agency_code: null };
    };

    it('lets exactly one of two identical transitions fired at once succeed; the other answers 409', async () => {
      const identity = await nationalIdentity();
      const on = await as(ctx(), 'on');
      let decided = 0;
      // Two approves (or two rejects) at once: whether they interleave (the conditional update
      // catches the second) or run one after the other (the status check does), one wins.
      for (const act of [approve, reject, approve, reject]) {
        const version = await claimAndVersion(ctx(), 'on');
        expect((await saveAs(ctx(), 'on', doc, version)).statusCode).toBe(200);
        const submitted = await send(ctx(), on, 'POST', '/v1/sitrep/agency/submit', { agency: 'on' });
        expect(submitted.json().status).toBe('S');
        const now = new Date();
        const outcomes = await Promise.allSettled([
          act(ctx().app.db.kysely, identity, 'on', now),
          act(ctx().app.db.kysely, identity, 'on', now),
        ]);
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        const lost = outcomes.find((o) => o.status === 'rejected')?.reason as unknown;
        expect(lost).toBeInstanceOf(HttpError);
        expect(lost instanceof HttpError && lost.statusCode).toBe(409);
        decided += 1;
        const kinds = (await listHistory(ctx().app.db.kysely, 'on')).map((h) => h.kind);
        expect(kinds.filter((k) => k === 'approve' || k === 'reject')).toHaveLength(decided);
      }
    });

    it('records approve and reject fired at once as the transitions that happened, none lost or doubled', async () => {
      const identity = await nationalIdentity();
      const on = await as(ctx(), 'on');
      for (let round = 0; round < 3; round++) {
        const version = await claimAndVersion(ctx(), 'on');
        expect((await saveAs(ctx(), 'on', doc, version)).statusCode).toBe(200);
        await send(ctx(), on, 'POST', '/v1/sitrep/agency/submit', { agency: 'on' });
        const before = (await listHistory(ctx().app.db.kysely, 'on')).length;
        const now = new Date();
        const outcomes = await Promise.allSettled([
          approve(ctx().app.db.kysely, identity, 'on', now),
          reject(ctx().app.db.kysely, identity, 'on', now),
        ]);
        // Interleaved, only the first applies; one after the other, an approved report may still
        // be rejected (4.1). Either way every success is one history row and the status is the last.
        const won = outcomes.filter((o) => o.status === 'fulfilled').length;
        expect(won).toBeGreaterThanOrEqual(1);
        for (const o of outcomes)
          if (o.status === 'rejected') expect((o.reason as HttpError).statusCode).toBe(409);
        const added = (await listHistory(ctx().app.db.kysely, 'on')).slice(before).map((h) => h.kind);
        expect(added).toHaveLength(won);
        const status = (await send(ctx(), on, 'GET', '/v1/sitrep/agency?agency=on')).json().status;
        expect(status).toBe(added.at(-1) === 'approve' ? 'A' : 'R');
      }
    });

    it('publishing makes the approved copy the published copy; the export lists the approvals', async () => {
      const db = ctx().app.db.kysely;
      const pe = await as(ctx(), 'pe');
      expect((await send(ctx(), pe, 'GET', '/v1/sitrep/agency/published?agency=pe')).statusCode).toBe(404);
      const published = await publishApprovedCopies(db);
      expect(published.find((p) => p.agency === 'pe')).toBeDefined();
      const copy = await send(ctx(), pe, 'GET', '/v1/sitrep/agency/published?agency=pe');
      expect(copy.json()).toMatchObject({ variant: 'published', en_ops_summary: 'Quiet day' });
      const snapshot = await getApprovedSnapshot(db, 'pe');
      expect(snapshot?.document.fr_ops_summary).toBe('Journée calme');
      const rows = await listApprovedAgencySitreps(db, new Date().getUTCFullYear());
      expect(rows.find((r) => r.agency === 'pe')).toMatchObject({
        a_total: 3,
        preparedness_level: 3,
        priority_fires: 1,
      });
      const stats = await send(ctx(), pe, 'GET', '/v1/sitrep/stats/agency');
      expect(stats.json().items[0]).toMatchObject({
        status: 'R',
        published_version: copy.json().version_number,
      });
    });
  });

  describe('the approved and published copies show their own version', () => {
    it('takes status, last_edit and edited_by from the version, not from the draft', async () => {
      const db = ctx().app.db.kysely;
      const nb = await as(ctx(), 'nb');
      const ciffc = await as(ctx(), 'ciffc');
      const first = await claimAndVersion(ctx(), 'nb');
      const saved = await saveAs(ctx(), 'nb', { en_ops_summary: 'approved text', rars }, first);
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await send(ctx(), nb, 'POST', '/v1/sitrep/agency/submit', { agency: 'nb' })).statusCode).toBe(
        200,
      );
      const approve = { agency: 'nb', version_number: first + 1 };
      expect((await send(ctx(), ciffc, 'POST', '/v1/sitrep/agency/approve', approve)).statusCode).toBe(200);
      await publishApprovedCopies(db, { versions: new Map([['nb', first + 1]]) });
      // The draft moves on: a later save of the agency, status E, once the clock (ms) has moved on.
      const savedAt = Date.now();
      await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(savedAt), { interval: 1 });
      const next = await saveAs(
        ctx(),
        'nb',
        { en_ops_summary: 'draft text' },
        await claimAndVersion(ctx(), 'nb'),
      );
      expect(next.json()).toMatchObject({ status: 'E', version_number: first + 2 });
      expect(next.json().last_edit).not.toBe(saved.json().last_edit);
      for (const variant of ['approved', 'published']) {
        const copy = await send(ctx(), ciffc, 'GET', `/v1/sitrep/agency/${variant}?agency=nb`);
        expect(copy.json(), variant).toMatchObject({
          variant,
          status: 'A',
          version_number: first + 1,
          last_edit: saved.json().last_edit,
          edited_by: 'nb',
          en_ops_summary: 'approved text',
        });
      }
      await send(ctx(), nb, 'POST', '/v1/sitrep/agency/release?agency=nb', {});
    });
  });

  describe('has_dip_feed', () => {
    it('takes the fire statistics groups of bc from the fires data and offers its known fires', async () => {
      const db = ctx().app.db.kysely;
      const today = centreToday(new Date());
      const base = {
        agency_code: 'bc',
        agency_data_timezone: 'America/Vancouver',
        status_date: today,
        fire_cause: 'N',
        updated_at: new Date().toISOString(),
        latitude: 50.5,
        longitude: -120.5,
      };
      await upsertFires(db, [
        {
          ...base,
          agency_fire_id: 'K10001',
          situation_report_date: today,
          stage_of_control: 'OC',
          response_type: 'FUL',
          fire_size: 10.5,
        },
        {
          ...base,
          agency_fire_id: 'K10002',
          situation_report_date: today,
          stage_of_control: 'OUT',
          response_type: 'FUL',
          fire_size: 2,
        },
        {
          ...base,
          agency_fire_id: 'K10003',
          situation_report_date: today,
          stage_of_control: 'UC',
          response_type: 'MOD',
          fire_size: 7,
        },
      ]);
      const version = await claimAndVersion(ctx(), 'bc');
      const res = await saveAs(ctx(), 'bc', { b_oc: 999, c_act: 999, en_ops_summary: 'typed' }, version);
      expect(res.json().has_dip_feed).toBe(true);
      const draft = await send(ctx(), await as(ctx(), 'bc'), 'GET', '/v1/sitrep/agency?agency=bc');
      expect(draft.json()).toMatchObject({
        b_oc: 1,
        b_total_out: 1,
        b_active_hectares: 10.5,
        c_act: 1,
        c_total_hectares: 7,
        en_ops_summary: 'typed',
      });
      expect(Object.keys(draft.json().fire_options).sort()).toEqual(['K10001', 'K10003']);
      expect(draft.json().fire_options.K10001).toMatchObject({
        latitude: 50.5,
        longitude: -120.5,
        stage_of_control: 'OC',
        size: 10.5,
      });
    });
  });
});
