/**
 * `npx tsx bench/agency-sitrep-save.ts [saves=1000]`: server time per agency sitrep save
 * for a full form with 20 priority fires and 30 mobilization rows, and the number of versions
 * kept after the run. The data API runs in process (app.inject: routing, zod validation, identity
 * from a real content system, the rules and the SQL; no socket), on SQLite, or on PostgreSQL with
 * DATABASE_URL. Each save is based on the version the previous one returned.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD, demoReportNumbers } from '@ciffc/contracts';
import { countVersions } from '../api/src/agency-sitrep/store.ts';
import { buildApp } from '../api/src/app.ts';
import { loadConfig } from '../api/src/config.ts';
import { ensureCmsBuilt, freePort, loadOrCreateSecrets, loginCms, startCms } from '../scripts/lib/stack.ts';
import { reportFigure } from './lib.ts';

const SAVES = Number(process.argv[2] ?? 1000);
const dataDir = mkdtempSync(join(tmpdir(), 'ciffc-bench-sitrep-'));

function fullForm(i: number) {
  const resources = { category: 'crews', subcategory: 'type-1-unit-crew', item: 'UC20' };
  return {
    // Every number of the registry, so a new one is in the full form; the figures below override.
    ...demoReportNumbers(() => 0.5),
    en_ops_summary:
      `Save ${i}: hot and dry conditions persist; lightning started several new fires overnight.`.repeat(4),
    fr_ops_summary: `Enregistrement ${i} : les conditions chaudes et sèches persistent.`.repeat(4),
    a_ltg: i % 17,
    a_hum: 3,
    a_oth: 1,
    b_oc: 12,
    b_bh: 4,
    b_uc: 2,
    b_active_hectares: 15_234.5,
    b_total_out: 140,
    b_out_hectares: 2_345.2,
    c_act: 5,
    c_out: 20,
    c_total_hectares: 800.1,
    c2_act: 3,
    c2_out: 9,
    c2_total_hectares: 4_000,
    e_act: 1,
    e_out: 2,
    e_total_hectares: 55,
    priority_fires: Array.from({ length: 20 }, (_, k) => ({
      key: `p${k}`,
      fires: `G8${String(k).padStart(4, '0')}`,
      latitude: 50 + k / 10,
      longitude: -120 - k / 10,
      stage_of_control: ['OC', 'BH', 'UC', 'OUT'][k % 4],
      size: 100 + k,
      incident_type: 1 + (k % 5),
      percent_contained: (k * 5) % 100,
      comments_en: 'Values at risk nearby; crews and air support assigned.',
      comments_fr: 'Valeurs à risque à proximité; équipes et soutien aérien affectés.',
    })),
    fop_ltg: 10,
    fop_nat: 4,
    current_fire_hazard: 3,
    current_fire_load: 3,
    expected_fire_load: 3,
    agency_resource_levels: 2,
    ciffc_response_capacity: 3,
    prep_level_override: 0,
    en_prep_comment: 'Reviewed at the morning briefing.',
    fr_prep_comment: 'Revu au breffage du matin.',
    en_porr_text: 'Possible request for two unit crews.',
    fr_porr_text: 'Demande possible de deux équipes.',
    chh_light: 4,
    chh_int: 2,
    chh_med: 1,
    chh_heavy: 0,
    mobs_grouped: Array.from({ length: 30 }, (_, k) => ({
      key: `m${k}`,
      group: `g${Math.floor(k / 3)}`,
      to: 'bc',
      from: 'ab',
      resources: { ...resources, amount: 1 + (k % 5) },
    })),
    mobs: [],
    demobs: [],
    rars: [{ key: 'r0', available: 3, resources }],
    duty_officer: 'AB Duty Officer',
    duty_officer_24_hour_cell: '555-0100',
    fire_statistics_as_of: '2025-07-01',
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

await ensureCmsBuilt();
const secrets = loadOrCreateSecrets(dataDir);
const cms = await startCms({ dataDir, port: await freePort(), demo: true, secrets });
try {
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      databaseUrl: process.env.DATABASE_URL,
      sqliteFile: join(dataDir, 'api.db'),
      jwtSecret: secrets.JWT_SECRET,
      cmsUrl: cms.url,
      logLevel: 'silent',
    },
  );
  const app = await buildApp({ config, migrate: true });
  try {
    const headers = { authorization: `Bearer ${await loginCms(cms.url, 'ab', DEMO_PASSWORD)}` };
    const claim = await app.inject({
      method: 'POST',
      url: '/v1/sitrep/agency/claim?agency=ab',
      headers,
      payload: {},
    });
    let version = claim.json().version_number as number;
    const body = JSON.stringify({ ...fullForm(0), version_number: 0 });
    const times: number[] = [];
    for (let i = 0; i < SAVES; i++) {
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/v1/sitrep/agency?agency=ab',
        headers,
        payload: { ...fullForm(i), version_number: version },
      });
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`save ${i}: ${res.statusCode} ${res.body}`);
      if (Object.keys(res.json().validationErrors).length) throw new Error(`save ${i}: ${res.body}`);
      version = res.json().version_number;
    }
    times.sort((a, b) => a - b);
    const kept = await countVersions(app.db.kysely, 'ab', 'save');
    const engine = app.db.engine === 'postgres' ? 'PostgreSQL' : 'SQLite';
    console.log(`\nagency sitrep save on ${engine}, ${SAVES} sequential saves, body ${body.length} bytes`);
    console.log('| engine | saves | p50 ms | p99 ms | max ms | versions kept |');
    console.log('|---|---|---|---|---|---|');
    console.log(
      `| ${engine} | ${SAVES} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 99).toFixed(2)} | ${(times.at(-1) ?? 0).toFixed(2)} | ${kept} |`,
    );
    if (app.db.engine === 'sqlite')
      reportFigure(
        'agency-sitrep-save',
        `p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms (${SAVES} saves, ${kept} versions kept)`,
      );
  } finally {
    await app.close();
  }
} finally {
  await cms.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
