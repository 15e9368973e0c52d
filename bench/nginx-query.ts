/**
 * What a request with junk in its query costs through nginx against the cached answer: the
 * production layout of deploy/ (deploy/test/stack.ts: nginx with its microcache, two data API
 * instances on PostgreSQL), loopback only, 5 s and 50 connections per address.
 * `npx tsx bench/nginx-query.ts [fires] [seconds]`.
 *
 * A proxy keys its cache on the raw address, so a random parameter makes every request new to
 * nginx: nginx refuses a public read's parameter its route does not declare, or a repeated one,
 * itself (the data API's 400, from deploy/nginx/query-params.json), and the site's pages are kept on
 * path and language only. `<random>` is a new value on every request.
 *
 * 28 Nov 2026, 2 cores (load 1.3 at the start), req/s and p99: cached /v1/wildfires?page=1 6,190
 * (16 ms); the same with &x=<random> 9,220 (11 ms, refused by nginx; 822 and 215 ms when each was
 * a 400 from an instance); page=1&page=1 8,777 (11 ms); page=1&page=<random> 8,702 (12 ms);
 * /situation 7,698 (25 ms) and with ?utm_source=<random> 8,312 (15 ms).
 */
import autocannon from 'autocannon';
import { createDb } from '../api/src/db/index.ts';
import { seedDemo } from '../api/src/fires/demo.ts';
import { startProductionStack, stopProductionStack } from '../deploy/test/stack.ts';

const fires = Number(process.argv[2] ?? 20_000);
const seconds = Number(process.argv[3] ?? 5);
const RANDOM = '<random>';

/** Each address's load: the cached one first, then the ways around the cache it is compared to. */
const ADDRESSES = [
  '/v1/wildfires?page=1',
  `/v1/wildfires?page=1&x=${RANDOM}`,
  '/v1/wildfires?page=1&page=1',
  `/v1/wildfires?page=1&page=${RANDOM}`,
  '/situation',
  `/situation?utm_source=${RANDOM}`,
];

const random = () => Math.random().toString(36).slice(2);

async function measure(base: string, address: string) {
  const result = await autocannon({
    url: base,
    connections: 50,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip' },
    requests: [
      {
        // A fresh value for each request, so no two share a cache key.
        setupRequest: (request) => ({ ...request, path: address.replaceAll(RANDOM, random()) }),
      },
    ],
  });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status}: ${count}`)
    .join(', ');
  console.log(
    `| ${address} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${statuses} | ${result.errors} |`,
  );
}

const stack = await startProductionStack({ instances: 2 });
try {
  const db = createDb({ databaseUrl: stack.pgUrl('ciffc_api'), sqliteFile: ':memory:' });
  const seeded = await seedDemo(db, { count: fires });
  await db.close();
  console.log(
    `\nnginx (microcache) -> 2 data API instances, ${seeded.fires} fires, ${seconds} s, 50 connections`,
  );
  console.log('| address | req/s | p50 ms | p99 ms | answers | errors |');
  console.log('|---|---|---|---|---|---|');
  for (const address of ADDRESSES) {
    await fetch(stack.nginxUrl + address.replaceAll(RANDOM, random())); // the cached one is warm
    await measure(stack.nginxUrl, address);
  }
} finally {
  await stopProductionStack(stack);
}
