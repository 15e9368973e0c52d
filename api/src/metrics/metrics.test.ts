import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, engines, tokenFor } from '../../test/context.ts';
import { CSV_HEADER } from '../../test/fixtures.ts';

type Context = Awaited<ReturnType<typeof createTestContext>>;
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format, one sample per line (comments left out). */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match[1] as string, labels, value: Number(match[3]) };
    });
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
function sample(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)}: ${found.length} samples`);
  return found[0]?.value;
}

const port = (address: AddressInfo | string | null | undefined) =>
  typeof address === 'object' && address ? address.port : 0;

describe.each(engines)('Prometheus metrics of an instance [%s]', (engine) => {
  let ctx: Context;
  let api = '';
  let metricsUrl = '';
  const scrape = async () => {
    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parse(await res.text());
  };

  beforeAll(async () => {
    ctx = await createTestContext(engine, { metrics: { host: '127.0.0.1', port: 0 } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    api = `http://127.0.0.1:${port(ctx.app.server.address())}`;
    metricsUrl = `http://127.0.0.1:${port(ctx.app.metrics?.address())}/metrics`;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('serves GET /metrics on a loopback port of its own, and the API port serves no metrics', async () => {
    expect(ctx.app.metrics?.address()?.address).toBe('127.0.0.1');
    expect(port(ctx.app.metrics?.address())).not.toBe(port(ctx.app.server.address()));
    const samples = await scrape();
    expect(samples.length).toBeGreaterThan(0);
    // nginx passes / to the API (served pages): /metrics there must be nothing but a 404.
    const onApi = await fetch(`${api}/metrics`);
    expect(onApi.status).toBe(404);
    expect(await onApi.text()).not.toContain('ciffc_api_');
    expect((await fetch(metricsUrl.replace('/metrics', '/v1/health'))).status).toBe(404);
  });

  it('counts requests by route pattern and status, fast-path answers included, with their durations', async () => {
    const unknownBefore =
      sample(await scrape(), 'ciffc_api_http_requests_total', {
        method: 'GET',
        route: 'none',
        status: '404',
      }) ?? 0;
    for (let i = 0; i < 3; i++) expect((await fetch(`${api}/v1/wildfires?page=1`)).status).toBe(200);
    expect((await fetch(`${api}/v1/historical/weekly?years=1`)).status).toBe(200);
    expect((await fetch(`${api}/v1/historical/weekly?years=1`)).status).toBe(200);
    expect((await fetch(`${api}/v1/wildfires?page=x`)).status).toBe(400);
    expect((await fetch(`${api}/v1/no-such-route-${Math.random()}`)).status).toBe(404);
    const samples = await scrape();
    const requests = (route: string, status: string) =>
      sample(samples, 'ciffc_api_http_requests_total', { method: 'GET', route, status });
    // Two of the three were answered in front of the router (http/fast-path.ts): counted all the same.
    expect(ctx.app.fastPath?.hits).toBeGreaterThanOrEqual(2);
    expect(sample(samples, 'ciffc_api_fast_path_hits_total')).toBe(ctx.app.fastPath?.hits);
    expect(requests('/v1/wildfires', '200')).toBe(3);
    expect(requests('/v1/wildfires', '400')).toBe(1);
    expect(requests('/v1/historical/weekly', '200')).toBe(2);
    // An unknown path is one series, whatever its text.
    expect(requests('none', '404')).toBe(unknownBefore + 1);
    expect(samples.some((s) => s.labels.route?.startsWith('/v1/no-such-route'))).toBe(false);

    const histogram = { method: 'GET', route: '/v1/wildfires' };
    expect(sample(samples, 'ciffc_api_http_request_duration_seconds_count', histogram)).toBe(4);
    expect(
      sample(samples, 'ciffc_api_http_request_duration_seconds_bucket', { ...histogram, le: '+Inf' }),
    ).toBe(4);
    expect(sample(samples, 'ciffc_api_http_request_duration_seconds_sum', histogram)).toBeGreaterThan(0);
    // The second weekly read was found in the response cache.
    expect(
      sample(samples, 'ciffc_api_response_cache_lookups_total', { result: 'hit' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(samples, 'ciffc_api_response_cache_lookups_total', { result: 'miss' }),
    ).toBeGreaterThanOrEqual(2);
    expect(sample(samples, 'ciffc_api_response_cache_entries')).toBeGreaterThanOrEqual(2);
    expect(sample(samples, 'ciffc_api_response_cache_bytes')).toBeGreaterThan(0);
  });

  it('counts import jobs by kind and outcome, none left running', async () => {
    const csv = [
      CSV_HEADER,
      'bc,G70001,America/Vancouver,2026-07-10,2026-07-12,OC,N,FUL,1250.5,50.67,-120.33',
    ];
    const post = (headers: Record<string, string>) =>
      fetch(`${api}/v1/fires/import?dry_run=true`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv', ...headers },
        body: csv.join('\n'),
      });
    expect((await post({})).status).toBe(401);
    expect((await post(bearer(await tokenFor(ctx, 'ciffc')))).status).toBe(200);
    const samples = await scrape();
    expect(sample(samples, 'ciffc_api_import_jobs_total', { kind: 'fires', outcome: 'refused' })).toBe(1);
    expect(sample(samples, 'ciffc_api_import_jobs_total', { kind: 'fires', outcome: 'ok' })).toBe(1);
    expect(sample(samples, 'ciffc_api_import_jobs_running', { kind: 'fires' })).toBe(0);
    expect(sample(samples, 'ciffc_api_import_jobs_running', { kind: 'perimeters' })).toBe(0);
    expect(sample(samples, 'ciffc_api_import_duration_seconds_count', { kind: 'fires' })).toBe(2);
  });

  it('reports the database and the content system as each scrape finds them, and the pool on PostgreSQL', async () => {
    const samples = await scrape();
    expect(sample(samples, 'ciffc_api_database_up')).toBe(1);
    expect(sample(samples, 'ciffc_api_content_system_up')).toBe(ctx.cms ? 1 : 0);
    if (engine === 'postgres') {
      expect(sample(samples, 'ciffc_api_db_pool_max')).toBe(ctx.app.config.poolSize);
      expect(sample(samples, 'ciffc_api_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(samples, 'ciffc_api_db_pool_waiting')).toBe(0);
      expect(sample(samples, 'ciffc_api_db_pool_idle')).toBeGreaterThanOrEqual(0);
    } else {
      // SQLite has one connection and no pool to report.
      expect(sample(samples, 'ciffc_api_db_pool_max')).toBeUndefined();
    }
  });

  it("reports the event loop's lag and the process (heap, CPU, start time)", async () => {
    const samples = await scrape();
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_eventloop_lag_max_seconds',
      'nodejs_heap_size_used_bytes',
      'process_cpu_seconds_total',
      'process_start_time_seconds',
    ])
      expect(sample(samples, name), name).toBeGreaterThanOrEqual(0);
  });
});

describe('the metrics listener', () => {
  it('is off unless configured: no listener, nothing on the app', async () => {
    const ctx = await createTestContext('sqlite');
    try {
      await ctx.app.ready();
      expect(ctx.app.metrics).toBeUndefined();
    } finally {
      await ctx.close();
    }
  });

  it('says when the database stops answering', async () => {
    const ctx = await createTestContext('sqlite', { metrics: { host: '127.0.0.1', port: 0 } });
    try {
      await ctx.app.ready();
      await ctx.app.db.close();
      const text = await (await fetch(`http://127.0.0.1:${port(ctx.app.metrics?.address())}/metrics`)).text();
      expect(sample(parse(text), 'ciffc_api_database_up')).toBe(0);
    } finally {
      await ctx.close();
    }
  });

  it('closes with the app, and a port already taken costs the metrics, not the instance', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const ctx = await createTestContext('sqlite', {
      metrics: { host: '127.0.0.1', port: port(taken.address()) },
    });
    try {
      await ctx.app.ready();
      expect(ctx.app.metrics?.address()).toBeUndefined();
      expect((await ctx.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
    } finally {
      taken.close();
      await ctx.close();
    }

    const other = await createTestContext('sqlite', { metrics: { host: '127.0.0.1', port: 0 } });
    await other.app.ready();
    const url = `http://127.0.0.1:${port(other.app.metrics?.address())}/metrics`;
    try {
      expect((await fetch(url)).status).toBe(200);
    } finally {
      await other.close();
    }
    await expect(fetch(url)).rejects.toThrow();
  });
});
