/**
 * `npx tsx bench/ogc-items.ts [fires]` (default the demo season): the OGC fires layer read as a GIS
 * client reads it, through the gateway of `npm start` (data API on SQLite with the demo data):
 * every page of `items?limit=1000` followed by its `next` link, first from a cold cache, then
 * again (cached); then items per second under load (8 connections asking the first page).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, startApi, startGateway } from '../scripts/lib/stack.ts';
import { reportFigure } from './lib.ts';

const LIMIT = 1000;
const FIRST_PAGE = `/v1/ogc/collections/fires/items?limit=${LIMIT}`;

/** The whole layer, page by page as GDAL pages: requests, features and seconds. */
async function walk(base: string): Promise<{ requests: number; features: number; seconds: number }> {
  const started = performance.now();
  let url: string | undefined = base + FIRST_PAGE;
  let requests = 0;
  let features = 0;
  while (url) {
    const response = await fetch(url, {
      headers: { accept: 'application/geo+json', 'accept-encoding': 'gzip' },
    });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    const page = (await response.json()) as { features: unknown[]; links: { rel: string; href: string }[] };
    requests++;
    features += page.features.length;
    url = page.links.find((link) => link.rel === 'next')?.href;
  }
  return { requests, features, seconds: (performance.now() - started) / 1000 };
}

const dataDir = mkdtempSync(join(tmpdir(), 'ciffc-bench-ogc-'));
const [apiPort, port] = [await freePort(), await freePort()];
// No content system: the layer is public; the identity look-up of a signed-in call would fail fast.
const noCms = 'http://127.0.0.1:9';
const api = await startApi({ dataDir, port: apiPort, demo: true, jwtSecret: 'x'.repeat(64), cmsUrl: noCms });
const gateway = await startGateway({ dataDir, port, apiUrl: `http://127.0.0.1:${apiPort}`, cmsUrl: noCms });
try {
  const base = `http://127.0.0.1:${port}`;
  const cold = await walk(base);
  const warm = await walk(base);
  const load = await autocannon({
    url: base + FIRST_PAGE,
    connections: 8,
    duration: 10,
    headers: { accept: 'application/geo+json', 'accept-encoding': 'gzip' },
  });
  const perSecond = (n: number, s: number) => Math.round(n / s).toLocaleString('en-CA');
  const figure =
    `the whole layer (${cold.features.toLocaleString('en-CA')} fires, ${cold.requests} requests of ${LIMIT}): ` +
    `${cold.seconds.toFixed(2)} s cold (${perSecond(cold.features, cold.seconds)} items/s), ` +
    `${warm.seconds.toFixed(2)} s cached (${perSecond(warm.features, warm.seconds)} items/s); ` +
    `first page under 8 connections: ${Math.round(load.requests.average)} req/s, p99 ${load.latency.p99} ms ` +
    `(${perSecond(load.requests.average * LIMIT, 1)} items/s)`;
  console.log(figure);
  reportFigure('ogc-items', figure);
} finally {
  await gateway.stop();
  await api.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
