import { fieldError, nationalMobRowTotal, nationalPublishErrors } from '@ciffc/contracts';
import { expect, it } from 'vitest';
import { bearer, forEachEngine, signToken, tokenFor } from '../../test/context.ts';
import { fire } from '../../test/fixtures.ts';
import { LEASE_MS } from '../db/lease.ts';
import { upsertFires } from '../fires/store.ts';
import { loadResourceIndex } from '../resources/store.ts';
import * as service from './service.ts';

const TODAY = '2026-07-15';
// 15:00 Central (America/Winnipeg, UTC-5 in summer) on TODAY.
const AT = (date: string, hour = 20) => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00.000Z`);

/** Where the catalogue files the items these tests use. */
const CATALOGUE_PLACE: Record<string, [string, string]> = {
  UC20: ['crews', 'type-1-unit-crew'],
  HM: ['aircraft', 'rotary-wing'],
};

const mobRow = (key: string, to: string, from: string, item = 'UC20', amount = 2) => {
  const [category, subcategory] = CATALOGUE_PLACE[item] ?? ['crews', 'type-1-unit-crew'];
  return { key, group: `${to}-${from}`, to, from, resources: { amount, category, subcategory, item } };
};

const validDraft = (over: Record<string, unknown> = {}) => ({
  en_summary_comments: 'Busy day in the west.',
  fr_summary_comments: 'Journée chargée dans l’Ouest.',
  preparedness_level: '4',
  duty_officer_name: 'Jordan Whitehorse',
  outstanding_resource_requests: '',
  mobs_grouped: [mobRow('a', 'bc', 'on'), mobRow('b', 'bc', 'on', 'HM', 1)],
  demobs: [mobRow('c', 'qc', 'ab', 'UC20', 1)],
  national_to_mobs: { UC20: { resources: 'UC20', bc: 4, ab: 2, ciffc: 1, fed: null, intl: 3 } },
  national_from_mobs: { UC20: { resources: 'UC20', on: 5, qc: null, intl: 5 } },
  us_preparedness_level: 3,
  us_fires: 120,
  us_acres: 5400.5,
  us_ytd_fires: 25000,
  us_ytd_acres: 1800000,
  ...over,
});

const agencyDoc = (summary: string) => ({
  en_ops_summary: summary,
  fr_ops_summary: `${summary} (fr)`,
  a_ltg: 3,
  a_hum: 1,
  a_oth: 0,
  b_oc: 2,
  b_bh: 1,
  b_uc: 4,
  b_active_hectares: 1250.5,
  b_total_out: 10,
  b_out_hectares: 30,
  fop_ltg: 7,
  fop_nat: 2,
  chh_light: 1,
  chh_int: 0,
  chh_med: 2,
  chh_heavy: 0,
  en_porr_text: 'Two unit crews within 48 hours',
  fr_porr_text: 'Deux équipes d’unité d’ici 48 heures',
  current_fire_hazard: 4,
  current_fire_load: 4,
  expected_fire_load: 4,
  agency_resource_levels: 3,
  ciffc_response_capacity: 4,
  priority_fires: [
    {
      fires: 'HWF-042',
      latitude: 56.1,
      longitude: -117.2,
      stage_of_control: 'OC',
      size: 1200,
      incident_type: 2,
      percent_contained: 10,
    },
  ],
  rars: [{ available: 2, resources: { category: 'crews', subcategory: 'type-1-unit-crew', item: 'UC20' } }],
});

forEachEngine('national sitrep', (ctx) => {
  const app = () => ctx().app;
  const setNow = (d: Date) => {
    app().config.now = () => d;
  };
  const as = async (user: string) => bearer(await tokenFor(ctx(), user));
  const inject = async (method: 'GET' | 'POST', url: string, user?: string, payload?: unknown) =>
    app().inject({
      method,
      url,
      headers: user ? await as(user) : {},
      ...(payload !== undefined ? { payload: payload as object } : method === 'POST' ? { payload: {} } : {}),
    });

  it('answers 404 on the public reads before any publication, and 400 naming date for a malformed date', async () => {
    setNow(AT(TODAY));
    expect((await inject('GET', '/v1/sitrep')).statusCode).toBe(404);
    expect((await inject('GET', '/v1/sitrep/latest')).statusCode).toBe(404);
    const bad = await inject('GET', '/v1/sitrep?date=2026-13-40');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().validationErrors)).toEqual(['date']);
    const archive = await inject('GET', '/v1/sitrep/archive');
    expect(archive.statusCode).toBe(200);
    expect(archive.json()).toEqual({ latest: null, years: [] });
  });

  it('lets only the national centre read, claim, save, release and publish the draft', async () => {
    const writes = [
      '/v1/sitrep/national',
      '/v1/sitrep/national/claim',
      '/v1/sitrep/national/release',
      '/v1/sitrep/national/publish',
    ];
    for (const url of writes) {
      expect((await inject('POST', url)).statusCode, `anonymous ${url}`).toBe(401);
      expect((await inject('POST', url, 'ab')).statusCode, `ab ${url}`).toBe(403);
    }
    for (const url of ['/v1/sitrep/national', '/v1/duty-officers']) {
      expect((await inject('GET', url)).statusCode).toBe(401);
      expect((await inject('GET', url, 'bc')).statusCode).toBe(403);
      const okRes = await inject('GET', url, 'ciffc');
      if (okRes.statusCode !== 200) console.log('DEBUG', url, okRes.body);
      expect(okRes.statusCode).toBe(200);
    }
    const expired = await signToken(ctx().jwtSecret, { expiresIn: -10 });
    expect(
      (await app().inject({ method: 'GET', url: '/v1/sitrep/national', headers: bearer(expired) }))
        .statusCode,
    ).toBe(401);
    // The status for the overview: any signed-in user.
    expect((await inject('GET', '/v1/sitrep/stats/national')).statusCode).toBe(401);
    const stats = await inject('GET', '/v1/sitrep/stats/national', 'ab');
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toMatchObject({
      version: 0,
      claimed_by: null,
      is_published: false,
      published_version: null,
    });
    expect((await inject('GET', '/v1/sitrep/stats', 'ciffc')).json()).toMatchObject({ version: 0 });
  });

  it('answers the empty draft with every field of 3.2', async () => {
    const res = await inject('GET', '/v1/sitrep/national', 'ciffc');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toMatchObject({
      en_summary_comments: '',
      preparedness_level: '0',
      mobs_grouped: [],
      national_to_mobs: {},
      national_from_mobs: {},
      us_preparedness_level: null,
      sitrep: { agency_sitreps: [] },
      previous: null,
      version_number: 0,
      requires_manual_sync: false,
      is_published: false,
      claimed_by: null,
      validationErrors: {},
    });
    expect(Array.isArray(res.json().duty_officer_options)).toBe(true);
  });

  it('refuses a save without the claim, and answers 409 naming the holder when another user claims a live lease', async () => {
    const unclaimed = await inject('POST', '/v1/sitrep/national', 'ciffc', validDraft());
    expect(unclaimed.statusCode).toBe(409);
    // The refusals travel as codes of the site's catalogues too, so French users read them in French.
    expect(unclaimed.json()).toMatchObject({ code: 'national.claim_first_to_save', params: {} });
    await service.claim(
      app().db.kysely,
      { id: 90_001, username: 'other-duty-officer', role: 'CIFFC' },
      AT(TODAY),
    );
    const res = await inject('POST', '/v1/sitrep/national/claim', 'ciffc');
    expect(res.statusCode).toBe(409);
    // The holder travels in the body (no header of its own).
    expect(res.headers['x-claimed-by']).toBeUndefined();
    expect(res.json().message).toContain('other-duty-officer');
    expect(res.json()).toMatchObject({ code: 'national.locked', params: { name: 'other-duty-officer' } });
    const locked = await inject('GET', '/v1/sitrep/national', 'ciffc');
    expect(locked.json()).toMatchObject({ locked: true, claimed_by: 90_001, status: 'E' });
    // The lease lapses after its idle time; then anyone of the centre may claim.
    setNow(new Date(AT(TODAY).getTime() + LEASE_MS + 1_000));
    const claimed = await inject('POST', '/v1/sitrep/national/claim', 'ciffc');
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().claimed_by).toBeGreaterThan(0);
    expect(claimed.json().status).toBe('E');
  });

  it('keeps every autosave as a version and answers the status fields', async () => {
    const first = await inject(
      'POST',
      '/v1/sitrep/national',
      'ciffc',
      validDraft({ preparedness_level: '3' }),
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'E',
      version_number: 1,
      requires_manual_sync: false,
      is_published: false,
      validationErrors: {},
    });
    expect(first.json().last_edit).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const second = await inject('POST', '/v1/sitrep/national', 'ciffc', {
      ...validDraft(),
      version_number: 1,
    });
    expect(second.json().version_number).toBe(2);
    const versions = await app()
      .db.kysely.selectFrom('national_sitrep_versions')
      .select('version_number')
      .execute();
    expect(versions.map((v) => v.version_number).sort()).toEqual([1, 2]);
    const draft = (await inject('GET', '/v1/sitrep/national', 'ciffc')).json();
    expect(draft.preparedness_level).toBe('4');
    expect(draft.mobs).toHaveLength(1);
    expect(draft.mobs[0]).toMatchObject({ to: 'bc', from: 'on' });
    expect(draft.locked).toBe(false);
  });

  it('keeps a draft that breaks a bound and answers 400 with the validationErrors keys of 5.4', async () => {
    const res = await inject(
      'POST',
      '/v1/sitrep/national',
      'ciffc',
      validDraft({
        mobs_grouped: [
          mobRow('a', 'bc', 'on'),
          {
            ...mobRow('b', '', 'on'),
            resources: { amount: 0, category: 'crews', subcategory: 'type-1-unit-crew', item: 'UC20' },
          },
        ],
        national_to_mobs: { UC20: { resources: 'UC20', ab: -1 } },
        national_from_mobs: { UC20: { resources: 'UC20' } },
        demobs: [mobRow('c', 'qc', '')],
        us_preparedness_level: 7,
        us_fires: -1,
      }),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.version_number).toBe(3);
    // The refusal travels as a code of the site's catalogue too, for French users.
    expect(body.code).toBe('national.invalid');
    const CODED = { code: expect.stringMatching(/^field\./), params: expect.any(Object) };
    expect(body.validationErrors).toMatchObject({
      'mobs_grouped.1.to': CODED,
      'mobs_grouped.1.resources': CODED,
      'national_to_mobs.UC20.ab': CODED,
      'demobs.0.from': CODED,
      us_preparedness_level: CODED,
      us_fires: CODED,
      form_8: CODED,
      form_9: CODED,
      form_10: CODED,
      form_11: CODED,
    });
    // A body of the wrong type is no draft at all: 400 naming the field, nothing kept.
    const wrong = await inject('POST', '/v1/sitrep/national', 'ciffc', { us_fires: 'many' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().validationErrors).toHaveProperty('us_fires');
    // Publishing refuses while the draft breaks a bound.
    const publish = await inject('POST', '/v1/sitrep/national/publish', 'ciffc');
    expect(publish.statusCode).toBe(400);
    expect(publish.json().validationErrors).toHaveProperty('us_fires');
  });

  it('flags 99,999,999,999,999 US fires and a grid cell beyond any season with the allowed range', async () => {
    expect((await inject('POST', '/v1/sitrep/national/claim', 'ciffc')).statusCode).toBe(200);
    const res = await inject(
      'POST',
      '/v1/sitrep/national',
      'ciffc',
      validDraft({
        national_to_mobs: { UC20: { resources: 'UC20', ab: 99_999_999_999_999 } },
        us_fires: 99_999_999_999_999,
        us_acres: 999_999_999_999,
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().validationErrors).toMatchObject({
      'national_to_mobs.UC20.ab': { code: 'field.between', params: { min: 0, max: 100_000 } },
      us_fires: {
        code: 'field.between',
        params: { min: 0, max: 500_000 },
        message: 'Must be between 0 and 500000',
      },
      us_acres: { code: 'field.between', params: { min: 0, max: 100_000_000 } },
    });
    const publish = await inject('POST', '/v1/sitrep/national/publish', 'ciffc');
    expect(publish.statusCode).toBe(400);
    expect(publish.json().validationErrors.us_fires.code).toBe('field.between');
  });

  it('answers the other keys of 5.4: a row From, a demobilization To and resource, a From column, a To/From mismatch', async () => {
    const res = await inject(
      'POST',
      '/v1/sitrep/national',
      'ciffc',
      validDraft({
        mobs_grouped: [mobRow('a', 'bc', '')],
        demobs: [
          { ...mobRow('c', '', 'ab'), resources: { amount: 1, category: '', subcategory: '', item: '' } },
        ],
        national_to_mobs: { UC20: { resources: 'UC20' }, HM: { resources: 'HM' } },
        national_from_mobs: { UC20: { resources: 'UC20', qc: 1.5 } },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().validationErrors).toEqual({
      'mobs_grouped.0.from': fieldError('field.required'),
      'demobs.0.to': fieldError('field.required'),
      'demobs.0.resources': fieldError('field.required'),
      'national_from_mobs.UC20.qc': fieldError('field.whole'),
      form_8: fieldError('field.section_has_errors'),
      form_9: fieldError('field.section_has_errors'),
      form_10: fieldError('field.section_has_errors'),
    });
    // With the counts fixed, the resource listed in To only is named on the From side.
    const mismatch = await inject(
      'POST',
      '/v1/sitrep/national',
      'ciffc',
      validDraft({
        national_to_mobs: { UC20: { resources: 'UC20' }, HM: { resources: 'HM' } },
        national_from_mobs: { UC20: { resources: 'UC20', qc: 1 } },
      }),
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().validationErrors).toEqual({
      'national_from_mobs.HM': fieldError('field.missing_from'),
      form_9: fieldError('field.section_has_errors'),
    });
  });

  it('copies To and From of the first row of a mobilization group to its later rows on save (4.6)', async () => {
    const first = mobRow('a', 'bc', 'on');
    const later = { ...mobRow('b', 'ab', 'qc', 'HM', 1), group: first.group };
    const res = await inject(
      'POST',
      '/v1/sitrep/national',
      'ciffc',
      validDraft({ mobs_grouped: [first, later] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const draft = (await inject('GET', '/v1/sitrep/national', 'ciffc')).json();
    expect(draft.mobs_grouped.map((r: { to: string; from: string }) => [r.to, r.from])).toEqual([
      ['bc', 'on'],
      ['bc', 'on'],
    ]);
    expect(draft.mobs).toHaveLength(1);
  });

  it('checks every resource against the catalogue, as the agency sitrep does (5.2)', async () => {
    const res = await inject(
      'POST',
      '/v1/sitrep/national',
      'ciffc',
      validDraft({
        // HM is a helicopter, not a crew.
        mobs_grouped: [
          {
            ...mobRow('a', 'bc', 'on'),
            resources: { amount: 1, category: 'crews', subcategory: 'type-1-unit-crew', item: 'HM' },
          },
        ],
        demobs: [
          {
            ...mobRow('c', 'qc', 'ab'),
            resources: { amount: 1, category: 'boats', subcategory: 'x', item: 'y' },
          },
        ],
        national_to_mobs: { BOGUS: { resources: 'BOGUS', ab: 1 } },
        national_from_mobs: { BOGUS: { resources: 'BOGUS', on: 1 } },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().validationErrors).toEqual({
      'mobs_grouped.0.resources': fieldError('field.not_item'),
      'demobs.0.resources': fieldError('field.unknown_category'),
      'national_to_mobs.BOGUS.resources': fieldError('field.not_catalogue_item'),
      'national_from_mobs.BOGUS.resources': fieldError('field.not_catalogue_item'),
      form_8: fieldError('field.section_has_errors'),
      form_9: fieldError('field.section_has_errors'),
      form_10: fieldError('field.section_has_errors'),
    });
    // The draft read answers the same errors, and publishing refuses.
    const draft = (await inject('GET', '/v1/sitrep/national', 'ciffc')).json();
    expect(draft.validationErrors).toHaveProperty(['national_to_mobs.BOGUS.resources']);
    const publish = await inject('POST', '/v1/sitrep/national/publish', 'ciffc');
    expect(publish.statusCode).toBe(400);
    expect(publish.json().validationErrors).toHaveProperty(['demobs.0.resources']);
  });

  it('publishes with the approved agency copies; a later change of an agency draft does not alter the report', async () => {
    // Alberta files and the centre approves.
    const claimed = await inject('POST', '/v1/sitrep/agency/claim?agency=ab', 'ab');
    expect(claimed.statusCode).toBe(200);
    const saved = await inject('POST', '/v1/sitrep/agency?agency=ab', 'ab', {
      ...agencyDoc('Alberta approved summary'),
      version_number: claimed.json().version_number,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await inject('POST', '/v1/sitrep/agency/submit', 'ab', { agency: 'ab' })).statusCode).toBe(200);
    const viewed = saved.json().version_number;
    expect(
      (await inject('POST', '/v1/sitrep/agency/approve', 'ciffc', { agency: 'ab', version_number: viewed }))
        .statusCode,
    ).toBe(200);

    const draft = (await inject('GET', '/v1/sitrep/national', 'ciffc')).json();
    expect(draft.sitrep.agency_sitreps).toHaveLength(1);
    expect(draft.sitrep.agency_sitreps[0]).toMatchObject({
      agency: 'ab',
      en_ops_summary: 'Alberta approved summary',
    });

    const res = await inject('POST', '/v1/sitrep/national/publish', 'ciffc', validDraft());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_published: true, status: 'PUBLISHED', validationErrors: {} });
    expect((await inject('GET', '/v1/sitrep/agency/published?agency=ab', 'ab')).json().en_ops_summary).toBe(
      'Alberta approved summary',
    );

    // Alberta edits its draft afterwards.
    await inject('POST', '/v1/sitrep/agency/claim?agency=ab', 'ab');
    const later = await inject('POST', '/v1/sitrep/agency?agency=ab', 'ab', {
      ...agencyDoc('Alberta later draft'),
      version_number: saved.json().version_number,
    });
    expect(later.statusCode, later.body).toBe(200);
    expect((await inject('GET', '/v1/sitrep/agency?agency=ab', 'ab')).json().en_ops_summary).toBe(
      'Alberta later draft',
    );
    const report = (await inject('GET', `/v1/sitrep?date=${TODAY}`)).json();
    expect(report.field_date).toBe(TODAY);
    expect(report.agencies_sitereps.ab.sitrep.field_en_operations_summary).toBe('Alberta approved summary');
    expect(report.agencies_sitereps.ab.sitrep.field_full_active_area).toBe(1250.5);
    expect(report.agencies_sitereps.ab.priority_fires[0].field_fire_id).toBe('HWF-042');
    expect(report.agencies_sitereps.bc.sitrep).toBeNull();
  });

  it('holds every field of the public report, with the row Totals of the national mobilizations', async () => {
    const report = (await inject('GET', '/v1/sitrep')).json();
    expect(report).toMatchObject({
      field_date: TODAY,
      field_preparedness_level: '4',
      field_en_summary_comments: 'Busy day in the west.',
      field_fr_summary_comments: 'Journée chargée dans l’Ouest.',
      field_us_preparedness_level: 3,
      field_us_fires: 120,
      field_us_acres: 5400.5,
      field_us_ytd_fires: 25000,
      field_us_ytd_acres: 1800000,
      field_version: 1,
      expanded_data: false,
    });
    expect(report.system_edit_timestamp).toBe(
      AT(TODAY).toISOString().slice(0, 13) + report.system_edit_timestamp.slice(13),
    );
    expect(report.agencies).toHaveLength(13);
    expect(report.recent_mobilizations).toHaveLength(2);
    expect(report.recent_mobilizations[0]).toMatchObject({
      field_to: 'bc',
      field_from: 'on',
      field_amount: 2,
    });
    expect(report.recent_mobilizations[0].field_en_resource).toContain('Type 1 unit crew');
    expect(report.recent_demobilizations).toHaveLength(1);
    const to = report.national_mobilizations_to[0];
    expect(to.field_resource).toBe('UC20');
    expect(to.total).toBe(10);
    expect(to.total).toBe(nationalMobRowTotal(to.counts));
    expect(report.national_mobilizations_from[0].total).toBe(10);
    expect(report.resources.UC20.field_item_fr).toContain('Équipe');
    expect(report.historical).toHaveLength(13);
    expect(report.historical[0]).toHaveProperty('current_year.fires');
    expect(report.historical[0]).toHaveProperty('last_year.area');
    expect(report.historical_averages[0]).toHaveProperty('years25.fires');
    expect(Array.isArray(report.agencies_sitereps.ab.carry_over_fires)).toBe(true);
  });

  it('gives the expanded data to signed-in readers only', async () => {
    const anonymous = await inject('GET', '/v1/sitrep');
    const ab = anonymous.json().agencies_sitereps.ab.sitrep;
    expect(anonymous.json().expanded_data).toBe(false);
    expect(ab).not.toHaveProperty('field_occurrence_prediction_lightning');
    expect(ab).not.toHaveProperty('field_casual_helicopter_medium');
    expect(ab).not.toHaveProperty('field_en_possibility_of_resources');
    expect(anonymous.json().national_availability).toEqual([]);
    expect(anonymous.json().resource_requirements).toEqual([]);
    expect(anonymous.headers['cache-control']).toBe('public, max-age=900');

    const signedIn = await inject('GET', '/v1/sitrep', 'bc');
    expect(signedIn.json().expanded_data).toBe(true);
    expect(signedIn.headers['cache-control']).toBe('private, max-age=900');
    const s = signedIn.json().agencies_sitereps.ab.sitrep;
    expect(s).toMatchObject({
      field_occurrence_prediction_lightning: 7,
      field_occurrence_prediction_human: 2,
      field_casual_helicopter_medium: 2,
      field_en_possibility_of_resources: 'Two unit crews within 48 hours',
    });
    expect(signedIn.json().national_availability[0]).toMatchObject({
      field_agency_code: 'ab',
      field_available: 2,
    });
    expect(signedIn.json().resource_requirements[0]).toMatchObject({ field_for: 'ab' });
    expect(signedIn.headers.etag).not.toBe(anonymous.headers.etag);

    // A stale token still reads the public report, without the extras.
    const stale = await signToken(ctx().jwtSecret, { expiresIn: -10 });
    const withStale = await app().inject({ method: 'GET', url: '/v1/sitrep', headers: bearer(stale) });
    expect(withStale.statusCode).toBe(200);
    expect(withStale.json().expanded_data).toBe(false);
  });

  it('answers the public reads with Cache-Control 900 and an ETag, 304 on a match', async () => {
    for (const url of ['/v1/sitrep', '/v1/sitrep/latest', '/v1/sitrep/archive', `/v1/sitrep?date=${TODAY}`]) {
      const first = await inject('GET', url);
      expect(first.headers['cache-control'], url).toBe('public, max-age=900');
      const again = await app().inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(again.statusCode, url).toBe(304);
    }
    const latest = (await inject('GET', '/v1/sitrep/latest')).json();
    expect(latest).toEqual({
      field_preparedness_level: '4',
      field_date: TODAY,
      field_en_summary_comments: 'Busy day in the west.',
      field_fr_summary_comments: 'Journée chargée dans l’Ouest.',
    });
    expect((await inject('GET', '/v1/sitrep?date=2026-07-01')).statusCode).toBe(404);
  });

  it('says ready to update after a change to a published day, and a republish replaces the day and keeps the earlier one', async () => {
    const before = (await inject('GET', `/v1/sitrep?date=${TODAY}`)).json();
    expect((await inject('POST', '/v1/sitrep/national/claim', 'ciffc')).statusCode).toBe(200);
    const saved = await inject(
      'POST',
      '/v1/sitrep/national',
      'ciffc',
      validDraft({ preparedness_level: '5' }),
    );
    expect(saved.json()).toMatchObject({ is_published: true, requires_manual_sync: true });
    // The public report does not move until the republish.
    expect((await inject('GET', '/v1/sitrep/latest')).json().field_preparedness_level).toBe('4');
    const stats = (await inject('GET', '/v1/sitrep/stats/national', 'ciffc')).json();
    expect(stats.published_version).toBeLessThan(stats.version);

    const republished = await inject('POST', '/v1/sitrep/national/publish', 'ciffc');
    expect(republished.statusCode).toBe(200);
    expect(republished.json().requires_manual_sync).toBe(false);
    const after = (await inject('GET', `/v1/sitrep?date=${TODAY}`)).json();
    expect(after.field_preparedness_level).toBe('5');
    expect(after.field_version).toBe(2);
    expect(after.system_edit_timestamp >= before.system_edit_timestamp).toBe(true);
    const history = await app()
      .db.kysely.selectFrom('national_sitrep_publications')
      .select(['publication_number', 'current', 'preparedness_level'])
      .where('report_date', '=', TODAY)
      .orderBy('publication_number')
      .execute();
    expect(history).toEqual([
      { publication_number: 1, current: 0, preparedness_level: '4' },
      { publication_number: 2, current: 1, preparedness_level: '5' },
    ]);
    // The claim went with the publication.
    expect((await inject('GET', '/v1/sitrep/stats/national', 'ciffc')).json().claimed_by).toBeNull();
    // The duty officer of the report is now a suggestion.
    const officers = (await inject('GET', '/v1/duty-officers', 'ciffc')).json().items;
    expect(officers[0]).toMatchObject({ name: 'Jordan Whitehorse', last_on_duty: TODAY });
  });

  it('publishes for the report date in America/Winnipeg, offers yesterday as previous, and lists every date in the archive', async () => {
    // 02:00 UTC on the 17th is still the 16th in Winnipeg.
    const next = '2026-07-16';
    setNow(new Date('2026-07-17T02:00:00.000Z'));
    const draft = (await inject('GET', '/v1/sitrep/national', 'ciffc')).json();
    expect(draft.is_published).toBe(false);
    expect(draft.report_date).toBe(next);
    expect(draft.previous).toMatchObject({ field_date: TODAY, national_to_mobs: { UC20: { bc: 4 } } });
    await inject('POST', '/v1/sitrep/national/claim', 'ciffc');
    const res = await inject(
      'POST',
      '/v1/sitrep/national/publish',
      'ciffc',
      validDraft({ preparedness_level: '2' }),
    );
    expect(res.statusCode).toBe(200);
    expect((await inject('GET', '/v1/sitrep/latest')).json()).toMatchObject({
      field_date: next,
      field_preparedness_level: '2',
    });

    const archive = (await inject('GET', '/v1/sitrep/archive')).json();
    expect(archive.latest).toMatchObject({ field_date: next });
    expect(archive.years).toEqual([
      {
        year: 2026,
        months: [
          {
            month: 7,
            days: [
              { day: 15, date: TODAY, data: { field_preparedness_level: '5' } },
              { day: 16, date: next, data: { field_preparedness_level: '2' } },
            ],
          },
        ],
      },
    ]);
    const rows = await service.listPublishedNationalSitreps(app().db.kysely, 2026);
    expect(rows.map((r) => [r.date, r.national_preparedness_level])).toEqual([
      [TODAY, '5'],
      [next, '2'],
    ]);
    expect(rows[0]).toMatchObject({ agencies_reporting: 1, new_fires: 4, national_mobilizations: 10 });
    expect(await service.listPublishedNationalSitreps(app().db.kysely, 2025)).toEqual([]);
  });

  it('keeps the fields a save leaves out (the body is laid over the current draft)', async () => {
    setNow(AT(TODAY));
    expect((await inject('POST', '/v1/sitrep/national/claim', 'ciffc')).statusCode).toBe(200);
    const full = await inject(
      'POST',
      '/v1/sitrep/national',
      'ciffc',
      validDraft({ en_summary_comments: 'Keep me', preparedness_level: '3' }),
    );
    expect(full.statusCode, full.body).toBe(200);
    const partial = await inject('POST', '/v1/sitrep/national', 'ciffc', { preparedness_level: '2' });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().version_number).toBe(full.json().version_number + 1);
    const draft = (await inject('GET', '/v1/sitrep/national', 'ciffc')).json();
    expect(draft).toMatchObject({
      preparedness_level: '2',
      en_summary_comments: 'Keep me',
      duty_officer_name: 'Jordan Whitehorse',
      us_fires: 120,
    });
    expect(draft.mobs_grouped).toHaveLength(2);
    // A field sent as null is sent: it clears.
    await inject('POST', '/v1/sitrep/national', 'ciffc', { us_fires: null });
    expect((await inject('GET', '/v1/sitrep/national', 'ciffc')).json()).toMatchObject({
      us_fires: null,
      en_summary_comments: 'Keep me',
    });
    await inject('POST', '/v1/sitrep/national/release', 'ciffc');
  });

  it('accepts a save over a newer version only from the editing session that wrote it (two tabs of one account: 409)', async () => {
    setNow(AT(TODAY));
    expect((await inject('POST', '/v1/sitrep/national/claim', 'ciffc')).statusCode).toBe(200);
    const base = (await inject('GET', '/v1/sitrep/national', 'ciffc')).json().version_number as number;
    // Tab A saves twice in a row on the same base (its first save was cancelled on the client but landed).
    const tabA = 'tab-a-0123456789';
    const a1 = await inject('POST', '/v1/sitrep/national', 'ciffc', {
      en_summary_comments: 'A first',
      version_number: base,
      edit_session: tabA,
    });
    expect(a1.statusCode, a1.body).toBe(200);
    const a2 = await inject('POST', '/v1/sitrep/national', 'ciffc', {
      en_summary_comments: 'A second',
      version_number: base,
      edit_session: tabA,
    });
    expect(a2.statusCode, a2.body).toBe(200);
    expect(a2.json().version_number).toBe(base + 2);
    // Tab B of the same account, still on the base, is refused and writes nothing.
    const b = await inject('POST', '/v1/sitrep/national', 'ciffc', {
      en_summary_comments: 'B over A',
      version_number: base,
      edit_session: 'tab-b-0123456789',
    });
    expect(b.statusCode, b.body).toBe(409);
    expect(b.json()).toMatchObject({
      code: 'national.stale',
      params: { based_on: base, current: base + 2 },
    });
    // Without a session id, an old base is refused even for the same user (it used to be accepted).
    const none = await inject('POST', '/v1/sitrep/national', 'ciffc', {
      en_summary_comments: 'No session',
      version_number: base,
    });
    expect(none.statusCode, none.body).toBe(409);
    const draft = (await inject('GET', '/v1/sitrep/national', 'ciffc')).json();
    expect(draft).toMatchObject({ en_summary_comments: 'A second', version_number: base + 2 });
    // A malformed session id is a 400 naming it.
    const bad = await inject('POST', '/v1/sitrep/national', 'ciffc', { edit_session: 'x y' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('edit_session');
    await inject('POST', '/v1/sitrep/national/release', 'ciffc');
  });

  it('answers 400 naming the field for a NUL in a JSON body, and keeps no version', async () => {
    expect((await inject('POST', '/v1/sitrep/national/claim', 'ciffc')).statusCode).toBe(200);
    const before = (await inject('GET', '/v1/sitrep/stats/national', 'ciffc')).json().version;
    const res = await inject(
      'POST',
      '/v1/sitrep/national',
      'ciffc',
      validDraft({ duty_officer_name: 'A\u0000' }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().validationErrors).toEqual({ duty_officer_name: fieldError('field.nul') });
    expect((await inject('GET', '/v1/sitrep/stats/national', 'ciffc')).json().version).toBe(before);
    await inject('POST', '/v1/sitrep/national/release', 'ciffc');
  });

  it("sets each agency's published_version to the version the report shows, with an approval racing the publish", async () => {
    setNow(AT(TODAY));
    const claimed = await inject('POST', '/v1/sitrep/agency/claim?agency=sk', 'sk');
    const saved = await inject('POST', '/v1/sitrep/agency?agency=sk', 'sk', {
      ...agencyDoc('Saskatchewan summary'),
      version_number: claimed.json().version_number,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await inject('POST', '/v1/sitrep/agency/submit', 'sk', { agency: 'sk' })).statusCode).toBe(200);
    expect((await inject('POST', '/v1/sitrep/national/claim', 'ciffc')).statusCode).toBe(200);
    const [published, approved] = await Promise.all([
      inject('POST', '/v1/sitrep/national/publish', 'ciffc', validDraft()),
      inject('POST', '/v1/sitrep/agency/approve', 'ciffc', {
        agency: 'sk',
        version_number: saved.json().version_number,
      }),
    ]);
    expect(published.statusCode, published.body).toBe(200);
    expect(approved.statusCode, approved.body).toBe(200);
    const report = (await inject('GET', `/v1/sitrep?date=${TODAY}`)).json();
    const rows = await app()
      .db.kysely.selectFrom('agency_sitreps')
      .select(['agency', 'published_version'])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const shown = report.agencies_sitereps[row.agency]?.sitrep?.field_version ?? null;
      expect(row.published_version, row.agency).toBe(shown);
    }
    expect(report.agencies_sitereps.ab.sitrep.field_version).toEqual(expect.any(Number));
  });

  it('refuses to publish without the claim', async () => {
    const res = await inject('POST', '/v1/sitrep/national/publish', 'ciffc');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'national.claim_first_to_publish', params: {} });
  });

  it('counts the carry-over fires in the fires this year and says how many (the asterisk of the table)', async () => {
    const date = '2026-08-20';
    setNow(AT(date));
    const nt = (id: string, reported: string, stage: string, size: number) =>
      fire({
        agency_code: 'nt',
        agency_fire_id: id,
        agency_data_timezone: 'America/Yellowknife',
        situation_report_date: reported,
        status_date: reported,
        stage_of_control: stage,
        fire_size: size,
      });
    await upsertFires(app().db.kysely, [
      nt('NT-2025-1', '2025-09-01', 'UC', 40), // carried over: started last year, still burning
      nt('NT-2025-2', '2025-08-01', 'OUT', 500), // out: neither this year's nor carried over
      nt('NT-2026-1', '2026-06-01', 'OC', 10),
      nt('NT-2026-2', '2026-07-01', 'OUT', 2.5),
    ]);
    expect((await inject('POST', '/v1/sitrep/national/claim', 'ciffc')).statusCode).toBe(200);
    const published = await inject('POST', '/v1/sitrep/national/publish', 'ciffc', validDraft());
    expect(published.statusCode, published.body).toBe(200);
    const report = (await inject('GET', `/v1/sitrep?date=${date}`)).json();
    const row = (code: string) =>
      report.historical.find((h: { field_agency_code: string }) => h.field_agency_code === code);
    expect(row('nt').current_year).toEqual({ fires: 3, area: 52.5 });
    expect(row('nt').carry_over).toEqual({ fires: 1, area: 40 });
    expect(
      report.agencies_sitereps.nt.carry_over_fires.map((f: { field_fire_id: string }) => f.field_fire_id),
    ).toEqual(['NT-2025-1']);
    expect(row('yt').carry_over).toEqual({ fires: 0, area: 0 });
  });
});

forEachEngine('national sitrep demo', (ctx) => {
  it('publishes a plausible report for each of the last 60 days, once', async () => {
    const { seedNationalDemo } = await import('./demo.ts');
    const now = new Date('2026-07-15T20:00:00.000Z');
    expect(await seedNationalDemo(ctx().app.db, { now })).toBe(60);
    expect(await seedNationalDemo(ctx().app.db, { now })).toBe(0);
    const archive = (await ctx().app.inject({ method: 'GET', url: '/v1/sitrep/archive' })).json();
    const days = archive.years.flatMap((y: { months: { days: unknown[] }[] }) =>
      y.months.flatMap((m) => m.days),
    );
    expect(days).toHaveLength(60);
    expect(archive.latest.field_date).toBe('2026-07-14');
    const report = (await ctx().app.inject({ method: 'GET', url: '/v1/sitrep?date=2026-06-01' })).json();
    expect(
      Object.values(report.agencies_sitereps).every((a) => (a as { sitrep: unknown }).sitrep !== null),
    ).toBe(true);
    expect(['1', '2', '3', '4', '5']).toContain(report.field_preparedness_level);
  });

  it('writes demo drafts that pass every check, the catalogue included', async () => {
    const { demoNationalFields } = await import('./demo.ts');
    const index = await loadResourceIndex(ctx().app.db.kysely);
    for (const level of [1, 2, 3, 4, 5]) {
      for (const date of ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04']) {
        expect(nationalPublishErrors(demoNationalFields(date, level, 'Duty officer'), index), date).toEqual(
          {},
        );
      }
    }
  });
});
