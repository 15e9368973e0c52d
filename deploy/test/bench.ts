/**
 * Benchmark of the production layout, loopback only, a few seconds per run:
 * `npx tsx deploy/test/bench.ts [fires] [seconds]`. Seeds the fires, then measures
 * /v1/wildfires?page=1 and /v1/summary through nginx to 1 and 2 instances with the microcache on
 * and off, and the API direct; then the failed requests during a kill -9 and a rolling restart.
 */

import autocannon from 'autocannon';
import { createDb } from '../../api/src/db/index.ts';
import { seedDemo } from '../../api/src/fires/demo.ts';
import { freePort } from '../../scripts/lib/stack.ts';
import {
  nginxSettings,
  startApi,
  startNginx,
  startProductionStack,
  stopProductionStack,
  waitFor,
} from './stack.ts';

const fires = Number(process.argv[2] ?? 100_000);
const seconds = Number(process.argv[3] ?? 5);
const PATHS = ['/v1/wildfires?page=1', '/v1/summary'];

async function measure(label: string, base: string, path: string) {
  const result = await autocannon({
    url: `${base}${path}`,
    connections: 20,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip' },
  });
  console.log(
    `${label.padEnd(28)} ${path.padEnd(22)} ${String(Math.round(result.requests.average)).padStart(6)} req/s  p99 ${result.latency.p99} ms  non-2xx ${result.non2xx}  errors ${result.errors}`,
  );
}

const stack = await startProductionStack({ instances: 2 });
try {
  const db = createDb({ databaseUrl: stack.pgUrl('ciffc_api'), sqliteFile: ':memory:' });
  const seeded = await seedDemo(db, { count: fires });
  await db.close();
  console.log(`seeded ${seeded.fires} fires`);
  const [a] = stack.apiPorts as [number, number];
  const variants: [string, number[], boolean][] = [
    ['nginx -> 1 instance, cache', [a], true],
    ['nginx -> 1 instance, no cache', [a], false],
    ['nginx -> 2 instances, no cache', stack.apiPorts, false],
  ];
  const extra: (() => Promise<void>)[] = [];
  const bases: [string, string][] = [['nginx -> 2 instances, cache', stack.nginxUrl]];
  for (const [label, ports, microcache] of variants) {
    const port = await freePort();
    const name = `nginx-${extra.length}`;
    extra.push(
      await startNginx(
        stack.dir,
        nginxSettings({ dir: stack.dir, apiPorts: ports, cmsUrl: stack.cms.url, port, microcache, name }),
        name,
      ),
    );
    bases.push([label, `http://127.0.0.1:${port}`]);
  }
  bases.push(['API direct (1 instance)', `http://127.0.0.1:${a}`]);
  for (const [, base] of bases) await waitFor(`${base}/v1/health`);
  for (const [label, base] of bases) for (const path of PATHS) await measure(label, base, path);

  // Failures during a kill -9 and during a rolling restart (SIGTERM, then start again), GETs through
  // the 2-instance nginx without its cache.
  const noCache = bases.find(([label]) => label === 'nginx -> 2 instances, no cache')?.[1] as string;
  for (const mode of ['kill -9', 'rolling restart'] as const) {
    const load = autocannon({ url: `${noCache}/v1/wildfires?page=1`, connections: 10, duration: 8 });
    // The benchmark's rhythm, not an event: 2 s of steady load, then the failure, in an 8 s run.
    await new Promise((done) => setTimeout(done, 2_000));
    for (const index of mode === 'kill -9' ? [1] : [0, 1]) {
      const part = stack.api[index];
      const port = stack.apiPorts[index] as number;
      if (!part) continue;
      if (mode === 'kill -9') process.kill(part.process.pid as number, 'SIGKILL');
      else await part.stop();
      await part.exited;
      stack.api[index] = await startApi(
        stack.dir,
        port,
        stack.pgUrl('ciffc_api'),
        stack.cms.url,
        stack.secrets.JWT_SECRET,
      );
    }
    const result = await load;
    console.log(
      `${mode.padEnd(16)} ${result.requests.total} GETs, ${result.non2xx} non-2xx, ${result.errors} errors`,
    );
  }
  for (const stop of extra) await stop();
} finally {
  await stopProductionStack(stack);
}
