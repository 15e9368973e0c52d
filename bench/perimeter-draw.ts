/**
 * `npx tsx bench/perimeter-draw.ts`: the home page drawing 2,000 perimeters of 500 vertices each on
 * the profiles of bench/first-load.ts (laptop; phone = 390 × 844, 4x CPU, 9 Mbit/s, 150 ms), for
 * the perimeters' record: "draw time of 2,000 perimeters" and "the phone draws them without
 * freezing". Recorded by hand (minutes a run, a browser on a throttled CPU): not in `npm run bench`.
 * RUNS (default 3) cold loads per profile (BENCH_PROFILE=laptop or phone for one); BENCH_POLYGONS (2,000) perimeters; WEB_DIST to serve a
 * site already built there (otherwise the site is built into a temporary folder first); BENCH_LOG=1
 * prints when each map download (tiles, base map, fires) started and ended; BENCH_TRACE=<path> writes
 * a Chromium trace of a load (main thread, MapLibre's worker, network) to <path>-<profile>.json (the last run's).
 *
 * Brings up its own real stack, loopback only: the built site through the gateway (gateway/src,
 * `npm start`'s), the data API on a temporary SQLite database with the demo season (DATABASE_URL
 * for PostgreSQL, as bench/lib.ts), and a stand-in content system that only answers the token's
 * user as the national centre's (as bench/fires-import.ts); no API answer is mocked. The
 * perimeters are imported through POST /v1/perimeters/import (files of IMPORT_BATCH): lobed rings of 500 vertices spread
 * over the boreal, inside the home page's first view (the map fits Canada on every screen) and
 * sized 13-46 km across so that none is left out of the first zoom band's shapes (a ring under
 * about half a pixel is, docs/perimeters.md). The map draws them from the API's vector tiles
 * (`/v1/ogc/collections/perimeters/tiles`); every tile of matrices 0 to 4 over Canada is asked once
 * before the runs, so each run reads the API's cached tiles, as production's microcache gives (the
 * API builds those ahead itself once a tile is asked, api/src/ogc/tiles/warm.ts; 0 to 5 were 144
 * tiles, more than the 100 the response cache keeps of one route, so the first views' were dropped).
 *
 * Per profile, the median of RUNS loads of `/` in a new browser context (Debian's Chromium,
 * --disable-gpu, as first-load.ts), from navigation (laptop) or from the tap on "Show the map"
 * (phone, where the map waits for one), of:
 *   - navigation → fires drawn (the map's status line's `data-drawn`, as first-load.ts);
 *   - navigation → perimeters drawn: its `data-perimeters-drawn` reaching every current perimeter
 *     (every one is in view); when it stops short, the count it reached and when;
 *   - the longest main-thread task and the total blocking time (the part of each task over 50 ms)
 *     from navigation until the perimeters were drawn (PerformanceObserver 'longtask');
 *   - the bytes of the perimeters' tiles (as sent, gzip from the API, and decoded) and their number.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { tileMatrixSetLimits } from '../api/src/ogc/tiles/matrix.ts';
import { ensureWebBuilt, freePort, type Part, startGateway, tail } from '../scripts/lib/stack.ts';
import { emulateProfile, launchChromium, PROFILES, type Profile } from './browser.ts';
import { median, reportFigure, startBenchApi } from './lib.ts';
import { lobedPerimeters } from './perimeter-shapes.ts';

const RUNS = Number(process.env.RUNS ?? 3);
/** BENCH_PROFILE=laptop or phone: that profile only. */
const ONLY = process.env.BENCH_PROFILE;
const POLYGONS = Number(process.env.BENCH_POLYGONS ?? 2_000);
const VERTICES = 500;
/**
 * Perimeters per import request, the whole file by default (39 MB for 2,000). It once exhausted the
 * API's 4 GB heap: the body check walked the file's bytes (api/src/plugins/errors.ts).
 */
const IMPORT_BATCH = Number(process.env.IMPORT_BATCH ?? POLYGONS);
/** The status line stopping short of every perimeter: given up after this long without a change. */
const STILL_MS = Number(process.env.STILL_MS ?? 10_000);
const TIMEOUT_MS = Number(process.env.TIMEOUT_MS ?? 240_000);
const SECRET = 'bench-secret-not-for-production';

/** `POLYGONS` rings between 48° and 60° N and 125° and 62° W, 0.06° to 0.21° of latitude in radius. */
const benchFeatures = (now: Date): unknown[] =>
  lobedPerimeters(POLYGONS, VERTICES, { lon: [-125, 63], lat: [48, 12], radius: [0.06, 0.15] }, now);

/** Answers /api/users/me as the national centre's user, whatever the token; nothing else. */
async function standInContentSystem(): Promise<{ url: string; close(): void }> {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/api/users/me'))
      res.end(JSON.stringify({ id: 1, username: 'ciffc', role: { name: 'CIFFC' }, agency_code: null }));
    else res.writeHead(404).end('{"error":{"status":404,"message":"not in this benchmark"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  };
}

async function importBenchPerimeters(api: Part): Promise<void> {
  const token = await new SignJWT({ id: 1 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(SECRET));
  const features = benchFeatures(new Date());
  const started = performance.now();
  let bytes = 0;
  for (let first = 0; first < features.length; first += IMPORT_BATCH) {
    const file = JSON.stringify({
      type: 'FeatureCollection',
      features: features.slice(first, first + IMPORT_BATCH),
    });
    bytes += file.length;
    const res = await fetch(`${api.url}/v1/perimeters/import?file_name=bench-${first}.geojson`, {
      method: 'POST',
      headers: { 'content-type': 'application/geo+json', authorization: `Bearer ${token}` },
      body: file,
    }).catch((error: unknown) => {
      throw new Error(`import failed; the API's log:\n${tail(api.logFile)}`, { cause: error });
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`import answered ${res.status}: ${text.slice(0, 300)}`);
    const body = JSON.parse(text) as { accepted_count: number };
    const sent = Math.min(IMPORT_BATCH, features.length - first);
    if (body.accepted_count !== sent)
      throw new Error(`import accepted ${body.accepted_count} of ${sent}: ${text.slice(0, 500)}`);
  }
  console.log(
    `imported ${POLYGONS} perimeters x ${VERTICES} vertices (${(bytes / 2 ** 20).toFixed(1)} MB, files of ${IMPORT_BATCH}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** The map's status line's values over time, and the main thread's long tasks, from the start. */
const OBSERVERS = `
  window.__drawn = 0; window.__perimeters = []; window.__longTasks = [];
  new MutationObserver(() => {
    const status = document.querySelector('.fires-map-status');
    if (!status) return;
    if (!window.__mapMade && document.querySelector('canvas.maplibregl-canvas')) window.__mapMade = performance.now();
    const d = status.getAttribute('data-drawn');
    if (!window.__drawn && d && d !== '0') window.__drawn = performance.now();
    const p = status.getAttribute('data-perimeters-drawn');
    const last = window.__perimeters[window.__perimeters.length - 1];
    if (p && (!last || last[1] !== Number(p))) window.__perimeters.push([performance.now(), Number(p)]);
  }).observe(document, { subtree: true, childList: true, attributes: true,
    attributeFilter: ['data-drawn', 'data-perimeters-drawn'] });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
`;

interface Run {
  firesDrawn: number;
  /** When the status line first said `reached` perimeters (every one of `target` when equal). */
  perimetersDrawn: number;
  reached: number;
  target: number;
  longestTask: number;
  blocking: number;
  /** Bytes of the perimeters' tiles: as sent and decoded, and how many. */
  encoded: number;
  decoded: number;
  requests: number;
}

interface PageState {
  drawn: number;
  perimeters: [number, number][];
  longTasks: [number, number][];
  now: number;
}

const state = (page: Page) =>
  page.evaluate<PageState>(`(() => ({
    drawn: window.__drawn, perimeters: window.__perimeters, longTasks: window.__longTasks, now: performance.now(),
  }))()`);

async function run(browser: Browser, baseUrl: string, profile: Profile, target: number): Promise<Run> {
  const context = await browser.newContext({
    viewport: profile.viewport,
    isMobile: profile.mobile,
    hasTouch: profile.mobile,
    deviceScaleFactor: profile.mobile ? 3 : 1,
  });
  try {
    const page = await context.newPage();
    await emulateProfile(context, page, profile);
    await page.addInitScript({ content: OBSERVERS });
    // MapLibre fetches tiles from its worker, whose requests the page's Resource Timing does not
    // list: they are counted here, as the browser received them.
    const answers: { encoded: number; decoded: number }[] = [];
    const seen = new Set<string>();
    // BENCH_LOG=1: when each map download (tiles, base map) started and ended, from navigation.
    const downloads: string[] = [];
    page.on('response', (response) => {
      if (process.env.BENCH_LOG && /tiles|topo|fires/.test(response.url())) {
        const t = response.request().timing();
        void response
          .finished()
          .then(() =>
            downloads.push(
              `${new URL(response.url()).pathname.replace(/.*\/(tiles|assets)\//, '')} ${t.startTime.toFixed(0)} +${t.responseEnd.toFixed(0)}`,
            ),
          );
      }
      // Each tile once: the map reads the tiles of its first view ahead into the HTTP cache, where
      // its worker finds them (a second response, not a second download).
      if (!response.url().includes('/collections/perimeters/tiles/') || seen.has(response.url())) return;
      seen.add(response.url());
      void Promise.all([response.request().sizes(), response.body()])
        // Under the phone's network emulation Chromium reports no body size (-1): not known then.
        .then(([sizes, body]) =>
          answers.push({
            encoded: sizes.responseBodySize >= 0 ? sizes.responseBodySize : Number.NaN,
            decoded: body.length,
          }),
        )
        .catch(() => {});
    });
    const trace = process.env.BENCH_TRACE;
    if (trace)
      await browser.startTracing(page, {
        path: `${trace}-${profile.name}.json`,
        screenshots: false,
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'toplevel',
          'disabled-by-default-v8.cpu_profiler',
        ],
      });
    await page.goto(baseUrl, { waitUntil: 'load', timeout: TIMEOUT_MS });
    // On a phone the map waits for a tap (docs/decisions.md, "The map on a phone waits for a tap"):
    // its times count from the tap.
    let start = 0;
    const show = page.getByRole('button', { name: 'Show the map' });
    if (profile.mobile) {
      await show.waitFor({ timeout: TIMEOUT_MS });
      start = await page.evaluate(() => performance.now());
      await show.tap();
    }
    const deadline = Date.now() + TIMEOUT_MS;
    let s = await state(page);
    for (;;) {
      const last = s.perimeters[s.perimeters.length - 1];
      const reached = last?.[1] ?? 0;
      const answered = answers.length > 0;
      if (answered && s.drawn && reached >= target && target > 0) break;
      // Stopped short: the count has not changed for STILL_MS since the tiles came.
      if (answered && s.drawn && last && s.now - last[0] > STILL_MS) break;
      if (Date.now() > deadline)
        throw new Error(
          `${profile.name}: perimeters not drawn after ${TIMEOUT_MS} ms: ${JSON.stringify(last)}`,
        );
      await page.waitForTimeout(250);
      s = await state(page);
    }
    if (trace) await browser.stopTracing();
    if (process.env.BENCH_LOG) {
      const origin = await page.evaluate(() => performance.timeOrigin);
      console.log(
        `  ${profile.name}: from ${start.toFixed(0)} ms; fires ${s.drawn.toFixed(0)}; perimeters ${JSON.stringify(s.perimeters.map(([t, n]) => [Math.round(t), n]))}`,
      );
      // The page's own downloads (scripts, styles, data): when asked and when in, from navigation.
      const resources = await page.evaluate<[string, number, number][]>(`performance
        .getEntriesByType('resource')
        .map((e) => [e.name.replace(/^.*\\/(assets|v1)\\//, ''), e.startTime, e.responseEnd])`);
      for (const [name, at, end] of resources)
        console.log(`    page: ${name.slice(0, 60)} at ${at.toFixed(0)} ms, in at ${end.toFixed(0)} ms`);
      const made = await page.evaluate<number>('window.__mapMade ?? 0');
      console.log(`    map's canvas in the page at ${made.toFixed(0)} ms`);
      for (const d of downloads)
        console.log(
          `    ${d.replace(/ (\d+) /, (_, at: string) => ` at ${(Number(at) - origin).toFixed(0)} ms, `)}`,
        );
    }
    const series = s.perimeters;
    const reached = Math.max(...series.map(([, n]) => n));
    const perimetersDrawn = series.find(([, n]) => n >= reached)?.[0] ?? Number.NaN;
    const before = s.longTasks.filter(([at]) => at >= start && at < perimetersDrawn);
    return {
      firesDrawn: s.drawn - start,
      perimetersDrawn: perimetersDrawn - start,
      reached,
      target,
      longestTask: Math.max(0, ...before.map(([, d]) => d)),
      blocking: before.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0),
      encoded: answers.reduce((sum, a) => sum + a.encoded, 0),
      decoded: answers.reduce((sum, a) => sum + a.decoded, 0),
      requests: answers.length,
    };
  } finally {
    await context.close();
  }
}

const ms = (n: number) => `${Math.round(n).toLocaleString('en')} ms`;
const kb = (n: number) => (Number.isFinite(n) ? `${(n / 1024).toFixed(1)} KB` : 'not reported');

function summary(profile: Profile, runs: Run[]): string {
  const m = (pick: (r: Run) => number) => median(runs.map(pick));
  const all = (pick: (r: Run) => number) => runs.map((r) => Math.round(pick(r))).join(', ');
  const reached = runs.map((r) => `${r.reached}/${r.target}`).join(', ');
  console.log(
    `| ${profile.name} | ${ms(m((r) => r.firesDrawn))} | ${ms(m((r) => r.perimetersDrawn))} | ${reached} | ${ms(m((r) => r.longestTask))} | ${ms(m((r) => r.blocking))} | ${kb(m((r) => r.encoded))} (${kb(m((r) => r.decoded))}), ${all((r) => r.requests)} |`,
  );
  console.log(
    `|   runs | ${all((r) => r.firesDrawn)} | ${all((r) => r.perimetersDrawn)} | | ${all((r) => r.longestTask)} | ${all((r) => r.blocking)} | |`,
  );
  return `${profile.name}: perimeters drawn ${ms(m((r) => r.perimetersDrawn))} (${reached}), fires ${ms(m((r) => r.firesDrawn))}, longest task ${ms(m((r) => r.longestTask))}, TBT ${ms(m((r) => r.blocking))}`;
}

const dataDir = mkdtempSync(join(tmpdir(), 'ciffc-bench-perimeter-draw-'));
process.env.WEB_DIST ??= join(dataDir, 'web');
process.env.HOST = '127.0.0.1';
let cms: { close(): void } | undefined;
const parts: Part[] = [];
let browser: Browser | undefined;
try {
  const step = (what: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${what}`);
  step('site build (when WEB_DIST has none)');
  await ensureWebBuilt();
  step('data API (demo season) and gateway');
  const contentSystem = await standInContentSystem();
  cms = contentSystem;
  process.env.CMS_URL = contentSystem.url;
  const api = await startBenchApi({ demo: true });
  parts.push(api);
  const gateway = await startGateway({
    dataDir,
    port: await freePort(),
    apiUrl: api.url,
    cmsUrl: contentSystem.url,
  });
  parts.push(gateway);
  step('import');
  await importBenchPerimeters(api);
  // Every tile the first views and first zooms ask (matrices 0 to 4 over Canada): computed once here.
  let warmed = 0;
  for (const limits of tileMatrixSetLimits().slice(0, 5))
    for (let row = limits.minTileRow; row <= limits.maxTileRow; row++)
      for (let col = limits.minTileCol; col <= limits.maxTileCol; col++) {
        const url = `/v1/ogc/collections/perimeters/tiles/WebMercatorQuad/${limits.tileMatrix}/${row}/${col}`;
        await fetch(gateway.url + url, { headers: { 'accept-encoding': 'gzip' } }).then((r) =>
          r.arrayBuffer(),
        );
        warmed++;
      }
  const current = (await (
    await fetch(`${gateway.url}/v1/ogc/collections/perimeters/items?limit=1`)
  ).json()) as { numberMatched: number };
  console.log(`${warmed} tiles asked once; ${current.numberMatched} current perimeters, every one in view`);

  browser = await launchChromium();
  console.log(
    `\nPerimeters drawn on / (${POLYGONS} imported, ${VERTICES} vertices each), median of ${RUNS} cold loads`,
  );
  console.log(
    '| profile | fires drawn | perimeters drawn | reached / current perimeters | longest task | TBT | perimeters tiles (decoded), requests |',
  );
  console.log('|---|---|---|---|---|---|---|');
  const figures: string[] = [];
  for (const profile of PROFILES.filter((p) => !ONLY || p.name === ONLY)) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await run(browser, gateway.url, profile, current.numberMatched));
    figures.push(summary(profile, runs));
  }
  reportFigure('perimeter-draw', figures.join('; '));
} finally {
  await browser?.close();
  await Promise.all(parts.map((p) => p.stop()));
  cms?.close();
  rmSync(dataDir, { recursive: true, force: true });
  // The data API's own folder (bench/lib.ts's startBenchApi): its log is in <folder>/logs.
  const api = parts.find((p) => p.name === 'data API');
  if (api) rmSync(dirname(dirname(api.logFile)), { recursive: true, force: true });
}
