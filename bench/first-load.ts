/**
 * `BASE_URL=http://localhost:8105 npx tsx bench/first-load.ts`: the first-load budget of the home
 * page ("What must work" 6) against a running stack (`npm start`, or the e2e stack).
 *
 * Loads `/` cold (a new browser context per run) in Debian's Chromium, as e2e/playwright.config.ts
 * does, for two profiles:
 *   - laptop: 1366 × 900, no throttling;
 *   - phone: 390 × 844, 4x CPU slowdown (CDP Emulation.setCPUThrottlingRate) and a 4G-like network
 *     (CDP Network.emulateNetworkConditions: 9 Mbit/s down, 1.5 Mbit/s up, 150 ms latency).
 * Reports, per profile, the median of RUNS runs of the time the map has drawn its fires (from
 * navigation start on the laptop, from the tap on "Show the map" on the phone, as the map's status
 * line says it), First Contentful Paint, Largest Contentful Paint (with the element that made it,
 * so a change of the LCP element shows) and Cumulative Layout Shift (every shift without recent
 * input, from navigation until the map has drawn its fires and the page has been quiet for
 * QUIET_MS), and the JavaScript of the first run: each chunk's brotli size (compressed here at
 * quality 11, as a precompressed production build would serve it, whatever the test server sends)
 * and the total of the chunks requested before the map's chunk (FiresMapCanvas).
 * Also when the map's downloads started and ended, and the main thread's time in long tasks before
 * the fires were drawn: what is left once the downloads are over.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import type { Browser, Page, Request } from '@playwright/test';
import { emulateProfile, launchChromium, PROFILES, type Profile } from './browser.ts';
import { median } from './lib.ts';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:8105';
const RUNS = Number(process.env.RUNS ?? 3);
const QUIET_MS = Number(process.env.QUIET_MS ?? 1500);
const MAP_CHUNK = /FiresMapCanvas-[^/]*\.js$/;

interface Chunk {
  file: string;
  brotli: number;
  beforeMap: boolean;
}

interface Run {
  fcp: number;
  /** Navigation start until the map says it drew fires (its status line's `data-drawn`). */
  drawn: number;
  /** When the map's own downloads started, from navigation start: the chunk, worker, base map, fires. */
  starts: Record<string, number>;
  /** When each of those downloads ended (responseEnd), from navigation start. */
  ends: Record<string, number>;
  /** Main-thread time in long tasks (over 50 ms) before the fires were drawn. */
  longTasks: number;
  lcp: number;
  /** The LCP element as `tag.firstClass`, e.g. `span` (the heading's text) or `p.fires-map-hint`. */
  lcpElement: string;
  cls: number;
  chunks: Chunk[];
}

/** Collects LCP (time and element) and layout shifts from the first paint on (buffered observers). */
const OBSERVERS = `
  window.__lcp = 0; window.__lcpElement = ''; window.__cls = 0; window.__drawn = 0; window.__longTasks = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
  new MutationObserver(() => {
    const v = window.__drawn ? '' : document.querySelector('.fires-map-status')?.getAttribute('data-drawn');
    if (v && v !== '0') window.__drawn = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-drawn'] });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) {
    window.__lcp = e.startTime;
    const el = e.element;
    window.__lcpElement = el ? el.tagName.toLowerCase() + (el.classList[0] ? '.' + el.classList[0] : '')
      + (el.closest('h1') ? ' in h1' : '') : (e.url || '(removed)');
  } }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
`;

const brotli = (body: Buffer) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Waits until the map reports drawn fires, then until no request has started for QUIET_MS. */
async function settle(page: Page, lastRequest: () => number) {
  await page
    .locator('.fires-map-status[data-drawn]:not([data-drawn="0"]):not([data-drawn=""])')
    .waitFor({ state: 'attached', timeout: 60_000 });
  while (Date.now() - lastRequest() < QUIET_MS) await page.waitForTimeout(250);
}

async function run(browser: Browser, profile: Profile): Promise<Run> {
  const context = await browser.newContext({
    viewport: profile.viewport,
    isMobile: profile.mobile,
    hasTouch: profile.mobile,
    deviceScaleFactor: profile.mobile ? 3 : 1,
  });
  const page = await context.newPage();
  await emulateProfile(context, page, profile);
  await page.addInitScript({ content: OBSERVERS });

  let mapRequested = false;
  let lastRequest = Date.now();
  // The scripts' bodies are read and compressed once the load is measured: done as they arrive,
  // the brotli compression took a core from the page being timed (fires drawn 0.8 s later).
  const scripts: { request: Request; file: string; beforeMap: boolean }[] = [];
  page.on('request', (request) => {
    lastRequest = Date.now();
    if (request.resourceType() !== 'script') return;
    const file = new URL(request.url()).pathname;
    const beforeMap = !mapRequested && !MAP_CHUNK.test(file);
    if (MAP_CHUNK.test(file)) mapRequested = true;
    scripts.push({ request, file, beforeMap });
  });

  await page.goto(BASE_URL, { waitUntil: 'load' });
  // On a phone the map waits for a tap (docs/decisions.md, "The map on a phone waits for a tap"):
  // the page settles first, then the tap; the map's times count from the tap.
  let tapAt = 0;
  if (profile.mobile) {
    while (Date.now() - lastRequest < QUIET_MS) await page.waitForTimeout(250);
    const show = page.getByRole('button', { name: 'Show the map' });
    await show.waitFor({ timeout: 60_000 });
    tapAt = await page.evaluate(() => performance.now());
    await show.tap();
  }
  await settle(page, () => lastRequest);
  const measured = await page.evaluate(() => {
    const w = globalThis as unknown as {
      __lcp: number;
      __lcpElement: string;
      __cls: number;
      __drawn: number;
      __longTasks: [number, number][];
    };
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
    const starts: Record<string, number> = {};
    const ends: Record<string, number> = {};
    const names: [string, RegExp][] = [
      ['map chunk', /FiresMapCanvas-[^/]*\.js$/],
      ['worker', /maplibre-gl-worker/],
      ['base map', /canada\.topo/],
      ['fires', /\/v1\/dashboard\/fires\?map=true/],
    ];
    for (const entry of performance.getEntriesByType('resource')) {
      const name = names.find(([, pattern]) => pattern.test(entry.name))?.[0];
      if (name && !(name in starts)) {
        starts[name] = entry.startTime;
        ends[name] = (entry as unknown as { responseEnd: number }).responseEnd;
      }
    }
    const longTasks = w.__longTasks
      .filter(([start]) => start < w.__drawn)
      .reduce((sum, [, duration]) => sum + duration, 0);
    return {
      fcp,
      lcp: w.__lcp,
      lcpElement: w.__lcpElement,
      cls: w.__cls,
      drawn: w.__drawn,
      starts,
      ends,
      longTasks,
    };
  });
  if (tapAt) {
    measured.drawn -= tapAt;
    for (const name of Object.keys(measured.starts)) {
      if (name === 'fires') continue; // asked with the page, before the tap
      measured.starts[name] = (measured.starts[name] ?? 0) - tapAt;
      measured.ends[name] = (measured.ends[name] ?? 0) - tapAt;
    }
  }
  const chunks: Chunk[] = [];
  for (const { request, file, beforeMap } of scripts) {
    const body = await request
      .response()
      .then((response) => response?.body())
      .catch(() => undefined);
    if (body) chunks.push({ file, brotli: brotli(body), beforeMap });
  }
  await context.close();
  return { ...measured, chunks };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(profile: Profile, runs: Run[]) {
  const first = runs[0];
  if (!first) return;
  console.log(`\n${profile.name}: median of ${runs.length} cold loads`);
  console.log(
    `  FCP ${Math.round(median(runs.map((r) => r.fcp)))} ms  (runs: ${runs.map((r) => Math.round(r.fcp)).join(', ')})`,
  );
  console.log(
    `  LCP ${Math.round(median(runs.map((r) => r.lcp)))} ms  (runs: ${runs.map((r) => Math.round(r.lcp)).join(', ')})`,
  );
  console.log(
    `  fires drawn ${Math.round(median(runs.map((r) => r.drawn)))} ms ${profile.mobile ? 'after the tap on "Show the map"' : 'after navigation'}  (runs: ${runs.map((r) => Math.round(r.drawn)).join(', ')})`,
  );
  const started = Object.keys(first.starts).map(
    (name) => `${name} ${Math.round(median(runs.map((r) => r.starts[name] ?? Number.NaN)))}`,
  );
  console.log(`  downloads started at (ms, median): ${started.join(', ')}`);
  const ended = Object.keys(first.ends).map(
    (name) => `${name} ${Math.round(median(runs.map((r) => r.ends[name] ?? Number.NaN)))}`,
  );
  console.log(`  downloads ended at (ms, median): ${ended.join(', ')}`);
  console.log(
    `  main thread in long tasks before the fires were drawn: ${Math.round(median(runs.map((r) => r.longTasks)))} ms (median)`,
  );
  console.log(`  LCP element (runs): ${runs.map((r) => r.lcpElement).join(', ')}`);
  console.log(
    `  CLS ${median(runs.map((r) => r.cls)).toFixed(3)}  (runs: ${runs.map((r) => r.cls.toFixed(3)).join(', ')})`,
  );
  const before = first.chunks.filter((c) => c.beforeMap).reduce((s, c) => s + c.brotli, 0);
  console.log(`  JavaScript before the map's chunk: ${kb(before)} (brotli)`);
  for (const c of first.chunks)
    console.log(`    ${c.beforeMap ? ' ' : '+'} ${kb(c.brotli).padStart(9)}  ${c.file.replace(/^.*\//, '')}`);
  console.log('    (+ = requested with or after the map chunk)');
}

const browser = await launchChromium();
try {
  console.log(`first load of ${BASE_URL}/`);
  for (const profile of PROFILES) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await run(browser, profile));
    report(profile, runs);
  }
} finally {
  await browser.close();
}
