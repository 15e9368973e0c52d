import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of one data API instance (docs/decisions.md, "Metrics and alerts"), served at
 * `GET /metrics` on a listener of their own (`METRICS_PORT`, loopback by default): never on the
 * API's port, which nginx serves to the public. The names are listed in deploy/README.md
 * ("Metrics and alerts") and the rules of deploy/monitoring/ use them.
 */

/** The route pattern of a request, set once Fastify has routed it (its onRequest hook). */
const ROUTE = Symbol('ciffc.metrics.route');
/** The kind of import a request runs, while it runs. */
const IMPORT = Symbol('ciffc.metrics.import');
type Tracked = IncomingMessage & { [ROUTE]?: string; [IMPORT]?: string };

/** The import routes (fires, perimeters) and the kind each is counted as. */
const IMPORT_ROUTES = new Map([
  ['/v1/fires/import', 'fires'],
  ['/v1/perimeters/import', 'perimeters'],
]);

/** From the cached public reads (about 1 ms) to the longest import (minutes). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];
const IMPORT_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 180, 600];
/** A probe made at each scrape waits at most this long. */
const PROBE_TIMEOUT_MS = 1_500;

interface MetricsHandle {
  registry: Registry;
  /** The listener's address once the app is ready (its port when METRICS_PORT was 0 in a test). */
  address(): AddressInfo | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Undefined when METRICS_PORT is off. */
    metrics: MetricsHandle | undefined;
  }
}

async function reachable(check: () => Promise<unknown>): Promise<number> {
  try {
    await check();
    return 1;
  } catch {
    return 0;
  }
}

/**
 * The path of a request Fastify never routed: only the fast path answers 200 that way
 * (http/fast-path.ts, a fixed list of public reads); anything else (a 503 while closing, a
 * malformed request) is `none`, so a random URL never makes a new series.
 */
function unroutedLabel(request: IncomingMessage, status: number): string {
  if (status !== 200) return 'none';
  const url = request.url ?? '';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return path.startsWith('/v1/') && path.length <= 64 ? path : 'none';
}

/**
 * The gauges read at each scrape rather than counted per request: the response cache, the fast
 * path, the database pool, and whether the database and the content system answer.
 */
function registerStateGauges(app: FastifyInstance, registers: Registry[]): void {
  const cache = app.responseCache;
  new Counter({
    name: 'ciffc_api_response_cache_lookups_total',
    help: 'Lookups of cached public answers in this instance: hit (answered from memory) or miss (computed).',
    labelNames: ['result'],
    registers,
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, cache.hits);
      this.inc({ result: 'miss' }, cache.misses);
    },
  });
  new Counter({
    name: 'ciffc_api_fast_path_hits_total',
    help: 'Repeated anonymous public reads answered in front of the router (http/fast-path.ts).',
    registers,
    collect() {
      this.reset();
      this.inc(app.fastPath?.hits ?? 0);
    },
  });
  new Gauge({
    name: 'ciffc_api_response_cache_entries',
    help: 'Answers kept in the response cache.',
    registers,
    collect() {
      this.set(cache.size());
    },
  });
  new Gauge({
    name: 'ciffc_api_response_cache_bytes',
    help: 'Bytes kept in the response cache (plain and compressed copies).',
    registers,
    collect() {
      this.set(cache.storedBytes());
    },
  });

  const pool = app.db.poolStats;
  if (pool) {
    const poolGauge = (
      name: string,
      help: string,
      read: (s: ReturnType<NonNullable<typeof pool>>) => number,
    ) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(pool()));
        },
      });
    poolGauge('ciffc_api_db_pool_connections', 'PostgreSQL connections open in the pool.', (s) => s.total);
    poolGauge('ciffc_api_db_pool_idle', 'PostgreSQL connections open and unused.', (s) => s.idle);
    poolGauge('ciffc_api_db_pool_waiting', 'Queries waiting for a free connection.', (s) => s.waiting);
    poolGauge('ciffc_api_db_pool_max', 'Largest pool size (DB_POOL_SIZE).', (s) => s.max);
  }
  new Gauge({
    name: 'ciffc_api_database_up',
    help: 'Whether the database answered a ping at this scrape (1) or not (0).',
    registers,
    async collect() {
      this.set(await reachable(() => withTimeout(app.db.ping())));
    },
  });
  new Gauge({
    name: 'ciffc_api_content_system_up',
    help: "Whether the content system's /_health answered at this scrape (1) or not (0).",
    registers,
    async collect() {
      const url = `${app.config.cmsUrl}/_health`;
      this.set(
        await reachable(async () => {
          const res = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
          await res.body?.cancel();
          if (res.status >= 500) throw new Error(`status ${res.status}`);
        }),
      );
    },
  });
}

/**
 * Registers the metrics of `app` and, when `config.metrics` is set, their listener (opened when
 * the app is ready, closed with it). Requests are counted on the HTTP server itself, so the
 * answers of the fast path, which never reach Fastify, are counted with the others.
 */
export function registerMetrics(app: FastifyInstance): void {
  const settings = app.config.metrics;
  if (!settings) {
    app.decorate('metrics', undefined);
    return;
  }
  const registry = new Registry();
  const registers = [registry];
  // Event-loop lag (nodejs_eventloop_lag_*), heap, GC, CPU, open files, start time.
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'ciffc_api_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status ("aborted": the client left first).',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const duration = new Histogram({
    name: 'ciffc_api_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method and route pattern.',
    labelNames: ['method', 'route'],
    buckets: DURATION_BUCKETS,
    registers,
  });
  const imports = new Counter({
    name: 'ciffc_api_import_jobs_total',
    help: 'Import requests run by this instance (fires, perimeters; dry runs and reports included), by outcome: ok (2xx), refused (4xx), failed (5xx), aborted.',
    labelNames: ['kind', 'outcome'],
    registers,
  });
  const importsRunning = new Gauge({
    name: 'ciffc_api_import_jobs_running',
    help: 'Import requests in progress on this instance.',
    labelNames: ['kind'],
    registers,
  });
  const importDuration = new Histogram({
    name: 'ciffc_api_import_duration_seconds',
    help: 'Duration of an import request, by kind.',
    labelNames: ['kind'],
    buckets: IMPORT_BUCKETS,
    registers,
  });
  // Every series from the start, at 0: `increase()` misses the first failure of a series that
  // appears with it (deploy/monitoring/alerts.yml, CiffcImportFailed).
  for (const kind of IMPORT_ROUTES.values()) {
    importsRunning.set({ kind }, 0);
    for (const outcome of ['ok', 'refused', 'failed', 'aborted']) imports.inc({ kind, outcome }, 0);
  }

  registerStateGauges(app, registers);

  // Children per label set, made once: a label lookup per request costs a hash of its labels.
  const requestChildren = new Map<string, { inc(): void }>();
  const durationChildren = new Map<string, { observe(value: number): void }>();
  const record = (request: Tracked, response: ServerResponse, started: number) => {
    const seconds = (performance.now() - started) / 1000;
    const done = response.writableFinished;
    const method = request.method ?? 'GET';
    const route = request[ROUTE] ?? unroutedLabel(request, response.statusCode);
    const status = done ? String(response.statusCode) : 'aborted';
    const key = `${method} ${route} ${status}`;
    let counter = requestChildren.get(key);
    if (!counter) {
      counter = requests.labels(method, route, status);
      requestChildren.set(key, counter);
    }
    counter.inc();
    const durationKey = `${method} ${route}`;
    let histogram = durationChildren.get(durationKey);
    if (!histogram) {
      histogram = duration.labels(method, route);
      durationChildren.set(durationKey, histogram);
    }
    histogram.observe(seconds);
    const kind = request[IMPORT];
    if (kind) {
      importsRunning.dec({ kind });
      const code = response.statusCode;
      const outcome = !done ? 'aborted' : code >= 500 ? 'failed' : code >= 400 ? 'refused' : 'ok';
      imports.inc({ kind, outcome });
      importDuration.observe({ kind }, seconds);
    }
  };
  // Before Fastify's own listener (and the fast path in front of it): the time includes routing.
  app.server.prependListener('request', (request: Tracked, response: ServerResponse) => {
    const started = performance.now();
    response.once('close', () => record(request, response, started));
  });
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw as Tracked;
    const route = request.routeOptions.url;
    raw[ROUTE] = route ?? 'none';
    const kind = route === undefined ? undefined : IMPORT_ROUTES.get(route);
    if (kind && request.method === 'POST') {
      raw[IMPORT] = kind;
      importsRunning.inc({ kind });
    }
    done();
  });

  const server = createServer((request, response) => serveMetrics(registry, request, response, app));
  let address: AddressInfo | undefined;
  app.decorate('metrics', { registry, address: () => address });
  // A port already taken costs the metrics, not the instance: it keeps answering the site (and
  // Prometheus's `up`, or deploy/check.sh, says the metrics are missing).
  app.addHook('onReady', async () => {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(settings.port, settings.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      address = server.address() as AddressInfo;
      app.log.info(`metrics at http://${settings.host}:${address.port}/metrics`);
    } catch (error) {
      app.log.error({ err: error }, `metrics not served: ${settings.host}:${settings.port} (METRICS_PORT)`);
    }
  });
  app.addHook('onClose', async () => closeServer(server));
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS).unref()),
  ]);
}

function serveMetrics(
  registry: Registry,
  request: IncomingMessage,
  response: ServerResponse,
  app: FastifyInstance,
): void {
  const path = (request.url ?? '').split('?')[0];
  if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('GET /metrics\n');
    return;
  }
  registry.metrics().then(
    (text) => {
      response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : text);
    },
    (error: unknown) => {
      app.log.error({ err: error }, 'metrics collection failed');
      response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n');
    },
  );
}

function closeServer(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
