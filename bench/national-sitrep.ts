/**
 * `npx tsx bench/national-sitrep.ts`: the national sitrep, on SQLite and on a
 * throwaway PostgreSQL 15 cluster (or DATABASE_URL):
 *  1. publish time with 13 approved agency reports of realistic size (in process, 20 publications
 *     of the same day: the first publish and 19 republishes);
 *  2. GET /v1/sitrep (and the archive and latest) requests per second and p99 with autocannon, 50
 *     connections, against a data API process in demo mode (60 published days).
 */

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AGENCY_CODES, type AgencyCode, type AgencySitrepData, type Identity } from '@ciffc/contracts';
import * as agency from '../api/src/agency-sitrep/service.ts';
import { approve, submit } from '../api/src/agency-sitrep/transitions.ts';
import { buildApp } from '../api/src/app.ts';
import { loadConfig } from '../api/src/config.ts';
import { seedDemo } from '../api/src/fires/demo.ts';
import { centreToday } from '../api/src/http/time.ts';
import { demoAgencySitrep, demoNationalFields, EMPTY_DAY } from '../api/src/national-sitrep/demo.ts';
import * as national from '../api/src/national-sitrep/service.ts';
import { startPostgres } from '../api/test/postgres.ts';
import { type BenchResult, measure, printResults, reportFigure, startBenchApi } from './lib.ts';

const ITEMS: [string, string, string][] = [
  ['crews', 'type-1-unit-crew', 'UC20'],
  ['overhead', 'imt', 'IMT2'],
  ['aircraft', 'airtankers', 'CL415'],
  ['aircraft', 'rotary-wing', 'HM'],
  ['overhead', 'operations', 'DIVS'],
  ['equipment', 'sprinkler-kits', 'SK'],
];
const words = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => ['crews', 'fire', 'north', 'lightning', 'held', 'rain', 'wind'][i % 7],
  ).join(' ');

/** A busy day's agency report: long summaries, 10 priority fires, 20 mobilization rows, 6 availability rows. */
function realisticReport(code: AgencyCode, date: string): AgencySitrepData {
  const base = demoAgencySitrep(code, date, EMPTY_DAY);
  const others = AGENCY_CODES.filter((c) => c !== code);
  return {
    ...(base as AgencySitrepData),
    // The demo's helicopter counts go below 0 on a quiet day (n(level - 2) at level 1).
    chh_light: 2,
    chh_int: 1,
    chh_med: 1,
    en_ops_summary: words(250),
    fr_ops_summary: words(250),
    priority_fires: Array.from({ length: 10 }, (_, i) => ({
      fires: `${code.toUpperCase()}-${i + 100}`,
      latitude: 50 + i / 3,
      longitude: -120 + i,
      stage_of_control: 'OC',
      size: 1000 + i * 250,
      incident_type: 2,
      percent_contained: 10 + i,
      comments_en: words(20),
      comments_fr: words(20),
    })),
    mobs_grouped: Array.from({ length: 20 }, (_, i) => {
      const [category, subcategory, item] = ITEMS[i % ITEMS.length] as [string, string, string];
      return {
        key: `m${i}`,
        group: `g${Math.floor(i / 4)}`,
        to: code,
        from: others[Math.floor(i / 4) % others.length] as string,
        resources: { amount: 1 + (i % 4), category, subcategory, item },
      };
    }),
    rars: ITEMS.map(([category, subcategory, item], i) => ({
      available: 1 + i,
      resources: { category, subcategory, item },
    })),
  } as AgencySitrepData;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function publishTimes(databaseUrl: string | undefined): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'ciffc-bench-ns-'));
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { databaseUrl, sqliteFile: join(dir, 'api.db'), jwtSecret: 'bench', logLevel: 'silent' },
  );
  const app = await buildApp({ config, migrate: true });
  try {
    const now = new Date();
    await seedDemo(app.db, { now });
    const date = centreToday(now);
    const ciffc: Identity = { id: 9_000, username: 'ciffc', role: 'CIFFC' };
    let bytes = 0;
    for (const [i, code] of AGENCY_CODES.entries()) {
      const user: Identity = { id: 100 + i, username: code, role: 'Authenticated', agency_code: code };
      const claimed = await agency.claim(app.db.kysely, user, code, now);
      const doc = realisticReport(code, date);
      bytes += JSON.stringify(doc).length;
      await agency.save(app.db.kysely, user, code, doc, claimed.version_number, now);
      await submit(app.db.kysely, user, code, now);
      await approve(app.db.kysely, ciffc, code, now);
    }
    const times: number[] = [];
    let reportBytes = 0;
    for (let i = 0; i < 20; i++) {
      await national.claim(app.db.kysely, ciffc, now);
      const fields = demoNationalFields(date, 4, 'Bench Officer');
      const started = performance.now();
      const outcome = await national.publish(app.db.kysely, ciffc, fields, now);
      times.push(performance.now() - started);
      if (Object.keys(outcome.validationErrors).length > 0)
        throw new Error(JSON.stringify(outcome.validationErrors));
      reportBytes = JSON.stringify(outcome.report).length;
    }
    const sorted = [...times].sort((a, b) => a - b);
    const engine = databaseUrl ? 'postgres' : 'sqlite';
    reportFigure(`national-publish-${engine}`, `p50 ${quantile(sorted, 0.5).toFixed(1)} ms`);
    return `13 approved agency reports (${(bytes / 1024).toFixed(0)} KB in all), public report ${(reportBytes / 1024).toFixed(0)} KB; 20 publications (save + publish): p50 ${quantile(sorted, 0.5).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`;
  } finally {
    await app.close();
  }
}

async function reads(): Promise<BenchResult[]> {
  const api = await startBenchApi({ demo: true });
  try {
    const yesterday = new Date(Date.now() - 2 * 86_400_000);
    const date = centreToday(yesterday);
    const body = await (await fetch(`${api.url}/v1/sitrep`)).text();
    console.log(`GET /v1/sitrep (a demo day, anonymous): ${(body.length / 1024).toFixed(1)} KB`);
    // Warm-up (JIT, caches, the database's first reads after the demo seeding), not reported.
    await measure(api.url, '/v1/sitrep', 3);
    return [
      await measure(api.url, '/v1/sitrep'),
      await measure(api.url, `/v1/sitrep?date=${date}`),
      await measure(api.url, '/v1/sitrep/archive'),
      await measure(api.url, '/v1/sitrep/latest'),
    ];
  } finally {
    await api.stop();
  }
}

const engines: ('sqlite' | 'postgres')[] = process.argv.includes('--sqlite-only')
  ? ['sqlite']
  : ['sqlite', 'postgres'];
for (const engine of engines) {
  let pg: { url: string; stop: () => void } | undefined;
  const saved = process.env.DATABASE_URL;
  if (engine === 'postgres') {
    pg = saved ? { url: saved, stop: () => {} } : await startPostgres();
    process.env.DATABASE_URL = pg.url;
  } else {
    delete process.env.DATABASE_URL;
  }
  try {
    console.log(`\n[${engine}] publish: ${await publishTimes(process.env.DATABASE_URL)}`);
    const results = await reads();
    printResults(`[${engine}] public reads, 50 connections, 10 s`, results);
    const [latest] = results;
    if (engine === 'sqlite' && latest)
      reportFigure(
        'national-reads-sqlite',
        `${latest.requestsPerSecond.toLocaleString('en-CA')} req/s, p99 ${latest.p99} ms`,
      );
  } finally {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
    pg?.stop();
  }
}
