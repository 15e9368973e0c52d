/**
 * Content reads through the gateway: the site's alias list and a page, answered from the
 * gateway's content cache keyed on the content version (polled every second in the background).
 * Starts a real content system (demo data) and the gateway on a fresh data folder; 5 s per path.
 * `npx tsx bench/content-reads.ts`. With the former 900 s cache: 9,073 req/s for the alias list.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, loadOrCreateSecrets, startCms, startGateway } from '../scripts/lib/stack.ts';
import { measure, printResults } from './lib.ts';

const PATHS = [
  '/api/static-contents?fields%5B0%5D=Alias&pagination%5BpageSize%5D=100&locale=en',
  '/api/pages?filters%5BAlias%5D%5B%24eq%5D=about&locale=en&populate=localizations',
];

const dataDir = mkdtempSync(join(tmpdir(), 'ciffc-bench-content-'));
const cms = await startCms({
  dataDir,
  port: await freePort(),
  demo: true,
  secrets: loadOrCreateSecrets(dataDir),
  timeoutMs: 300_000,
});
const gateway = await startGateway({
  dataDir,
  port: await freePort(),
  apiUrl: 'http://127.0.0.1:9',
  cmsUrl: cms.url,
});
try {
  const results = [];
  for (const path of PATHS) {
    await fetch(gateway.url + path); // warm the cache: the first read goes to the content system
    results.push(await measure(gateway.url, path, 5, 50));
  }
  printResults('Content reads through the gateway (5 s, 50 connections)', results);
} finally {
  await Promise.all([gateway.stop(), cms.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
}
