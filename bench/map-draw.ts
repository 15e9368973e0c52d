/**
 * `npx tsx bench/map-draw.ts`: the home page's JavaScript (gzipped) and the time for the dashboard
 * map to draw 5,000 fires in Chromium.
 *
 * Builds the site into a temporary folder, serves it from a small static server that answers
 * GET /v1/dashboard/fires?map=true with 5,000 deterministic fires inside the map's first view
 * (every other /v1 and /api call gets an empty answer), opens /map in Debian's Chromium with
 * --disable-gpu (software WebGL, as on a server without a GPU) and times, per run:
 *   - load → drawn: navigation start until the map reports all 5,000 fires rendered;
 *   - data → drawn: the map answer's responseEnd until then (parsing, MapLibre worker, first frame).
 * The map reports after MapLibre's `idle` event (queryRenderedFeatures on the fires layer).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { repoRoot } from '../scripts/lib/stack.ts';
import { median } from './lib.ts';

const FIRES = Number(process.env.FIRES ?? 5000);
const RUNS = Number(process.env.RUNS ?? 5);
const outDir = join(tmpdir(), 'ciffc-bench-web');

execFileSync('npx', ['vite', 'build', '-c', 'web/vite.config.ts', '--outDir', outDir, '--emptyOutDir'], {
  cwd: repoRoot,
  stdio: 'ignore',
});

/**
 * Deterministic fires (a linear congruential generator) inside lat 47-69, lon -125 to -55: the
 * part of Canada inside the map's first view at 1280 px (the map shares the row with the legend),
 * so every fire is drawn.
 */
function fires(n: number): string {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const stages = ['OC', 'BH', 'UC'];
  const responses = ['FUL', 'MOD', 'MON'];
  const features = Array.from({ length: n }, (_, i) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [-125 + random() * 70, 47 + random() * 22] },
    properties: {
      field_agency_fire_id: `B${i}`,
      field_fire_size: Math.round(10 ** (random() * 4.5) * 10) / 10,
      field_stage_of_control_status: stages[Math.floor(random() * 3)],
      field_response_type: responses[Math.floor(random() * 3)],
      field_status_date: '2026-07-01',
      field_agency_code: 'bc',
      field_situation_report_date: '2026-07-01',
    },
  }));
  return JSON.stringify({ type: 'FeatureCollection', features });
}
const mapBody = fires(FIRES);

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/v1/dashboard/fires' && url.searchParams.get('map') === 'true') {
    res.writeHead(200, { 'content-type': 'application/geo+json' }).end(mapBody);
    return;
  }
  if (url.pathname.startsWith('/v1/') || url.pathname.startsWith('/api/')) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not in this benchmark"}');
    return;
  }
  let file = join(outDir, url.pathname);
  if (!url.pathname.startsWith('/assets/') || !statSync(file, { throwIfNoEntry: false })?.isFile())
    file = join(outDir, 'index.html');
  res
    .writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
    .end(readFileSync(file));
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const address = server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

/** Evaluated in the page (the bench has no DOM types): the map status line's drawn count. */
const drawnAtLeast = (n: number) =>
  `Number(document.querySelector('.fires-map-status')?.getAttribute('data-drawn')) >= ${n}`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  // JavaScript of the home page: what "/" loads before the map chunk, and the lazy map chunk.
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const scripts = new Set<string>();
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (/\.(m?js)$/.test(path)) scripts.add(path);
  });
  await page.goto(`${base}/`);
  await page.waitForFunction(drawnAtLeast(1), null, { timeout: 120_000 });

  const gz = (path: string) => gzipSync(readFileSync(join(outDir, path))).length;
  const isMap = (p: string) => /FiresMapCanvas|maplibre-gl-worker/.test(p);
  const initial = [...scripts].filter((p) => !isMap(p));
  const map = [...scripts].filter((p) => isMap(p) && p.endsWith('.js'));
  const worker = [...scripts].filter((p) => p.includes('maplibre-gl-worker'));
  const sum = (list: string[]) => list.reduce((s, p) => s + gz(p), 0);
  const topo = readdirSync(join(outDir, 'assets')).find((f) => f.startsWith('canada.topo'));
  console.log('\nHome page JavaScript (gzip -6 of each file the page loaded)');
  console.log(`| initial + dashboard (${initial.length} files) | ${(sum(initial) / 1024).toFixed(1)} KB |`);
  console.log(`| lazy map chunk (MapLibre + map) | ${(sum(map) / 1024).toFixed(1)} KB |`);
  console.log(`| MapLibre worker | ${(sum(worker) / 1024).toFixed(1)} KB |`);
  if (topo) console.log(`| Canada base map (JSON asset) | ${(gz(`/assets/${topo}`) / 1024).toFixed(1)} KB |`);
  await page.close();

  const loadToDrawn: number[] = [];
  const dataToDrawn: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await context.newPage();
    await p.goto(`${base}/map`);
    try {
      await p.waitForFunction(drawnAtLeast(FIRES), null, { timeout: 60_000, polling: 'raf' });
    } catch (error) {
      const status = await p.evaluate<string>(
        `(() => { const s = document.querySelector('.fires-map-status'); const c = document.querySelector('.fires-map canvas');
          return JSON.stringify({ shown: s?.getAttribute('data-shown'), drawn: s?.getAttribute('data-drawn'), width: c?.clientWidth, height: c?.clientHeight }); })()`,
      );
      throw new Error(`the map did not draw ${FIRES} fires: ${status}`, { cause: error });
    }
    const t = await p.evaluate<{ now: number; dataEnd: number }>(`(() => {
      const data = performance.getEntriesByType('resource')
        .find((e) => e.name.includes('/v1/dashboard/fires') && e.name.includes('map=true'));
      return { now: performance.now(), dataEnd: data ? data.responseEnd : NaN };
    })()`);
    loadToDrawn.push(t.now);
    dataToDrawn.push(t.now - t.dataEnd);
    await context.close();
  }
  console.log(
    `\nMap draw of ${FIRES} fires, /map, Chromium --disable-gpu, 1280x900, ${RUNS} runs (median, min-max)`,
  );
  console.log(
    `| load → drawn | ${median(loadToDrawn).toFixed(0)} ms | ${Math.min(...loadToDrawn).toFixed(0)}-${Math.max(...loadToDrawn).toFixed(0)} ms |`,
  );
  console.log(
    `| data → drawn | ${median(dataToDrawn).toFixed(0)} ms | ${Math.min(...dataToDrawn).toFixed(0)}-${Math.max(...dataToDrawn).toFixed(0)} ms |`,
  );
} finally {
  await browser.close();
  server.close();
}
