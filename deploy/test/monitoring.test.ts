/**
 * The metrics of deploy/README.md ("Metrics and alerts") on the production layout: a data API
 * instance built to JavaScript (api/dist), started as ciffc-api@.service starts it with the
 * settings of deploy/env/api.env (METRICS_PORT=+1000), behind nginx rendered from the template.
 * Its metrics answer on the instance's port plus 1000, on loopback only, and nginx serves them to
 * nobody; the Prometheus rules of deploy/monitoring/ name only metrics the instance serves (no
 * promtool on this machine: the rules file is read here), and deploy/check.sh finds the instance,
 * its metrics and the content system healthy, then says when the content system is away.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres } from '../../api/test/postgres.ts';
import { freePort, type Part, repoRoot } from '../../scripts/lib/stack.ts';
import { parseEnvFile, renderNginx } from '../render-nginx.mjs';
import { nginxSettings, startApi, startNginx, waitFor } from './stack.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-monitoring-'));
const shipped = (name: string) =>
  parseEnvFile(readFileSync(path.join(repoRoot, 'deploy/env', `${name}.env`), 'utf8'));
const OFFSET = Number((shipped('api').METRICS_PORT ?? '').replace(/^\+/, ''));

interface Rule {
  alert: string;
  expr: string;
  severity?: string;
  summary?: string;
}

/**
 * The rules of deploy/monitoring/alerts.yml, read by their lines (no YAML parser among the
 * dependencies): each `- alert:` starts a rule, its `expr:`, `severity:` and `summary:` follow.
 */
function rules(): Rule[] {
  const text = readFileSync(path.join(repoRoot, 'deploy/monitoring/alerts.yml'), 'utf8');
  const found: Rule[] = [];
  for (const line of text.split('\n')) {
    const [, key, value = ''] = /^\s*-?\s*(alert|expr|severity|summary):\s*(.*)$/.exec(line) ?? [];
    if (key === 'alert') found.push({ alert: value, expr: '' });
    else if (key && found.length > 0) Object.assign(found[found.length - 1] as Rule, { [key]: value });
  }
  return found;
}

/** The metric names an expression reads: Prometheus's `up`, and ours by their prefixes. */
const metricNames = (expr: string) =>
  [...expr.matchAll(/\b(up|(?:ciffc|nodejs|process)_[a-z0-9_]+)\b(?=\s*[{[)\s]|$)/g)].map(
    (m) => m[1] as string,
  );

/** The sample names of a Prometheus text exposition. */
const sampleNames = (text: string) =>
  new Set(
    text
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => /^[a-zA-Z_:][\w:]*/.exec(line)?.[0]),
  );

/** A port P for the instance whose P + OFFSET is free too. */
async function instancePort(): Promise<number> {
  for (;;) {
    const port = await freePort();
    const probe = createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(port + OFFSET, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** The local addresses listening on `port` (/proc/net/tcp and tcp6, state 0A). */
function listeners(port: number): string[] {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[1]?.endsWith(`:${hex}`) && fields[3] === '0A')
      .map((fields) => fields[1] as string),
  );
}

describe('metrics on the production layout', () => {
  let pg: Awaited<ReturnType<typeof startPostgres>>;
  let api: Part | undefined;
  let stopNginx: (() => Promise<void>) | undefined;
  let cms: Server;
  let apiPort = 0;
  let nginxUrl = '';
  let metricsUrl = '';
  let renderedNginx = '';

  beforeAll(async () => {
    pg = await startPostgres();
    const client = new (await import('pg')).default.Client({ connectionString: pg.url });
    await client.connect();
    await client.query('CREATE DATABASE ciffc_api');
    await client.end();
    const databaseUrl = Object.assign(new URL(pg.url), { pathname: '/ciffc_api' }).toString();
    const build = spawnSync('npm', ['run', 'build', '-w', 'api'], { cwd: repoRoot, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`api build failed: ${build.stderr}`);
    const migrate = spawnSync(process.execPath, [path.join(repoRoot, 'api/dist/migrate.js')], {
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, JWT_SECRET: 'x'.repeat(40) },
      encoding: 'utf8',
    });
    if (migrate.status !== 0) throw new Error(`migrate failed: ${migrate.stderr}`);
    // The content system's /_health, standing in for it (its own test is cms/tests/).
    cms = createServer((_request, response) => response.writeHead(204).end());
    await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve));
    const cmsUrl = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;

    apiPort = await instancePort();
    api = await startApi(dir, apiPort, databaseUrl, cmsUrl, 'Zq8v3Jt6-random-monitoring-secret-1');
    metricsUrl = `http://127.0.0.1:${apiPort + OFFSET}/metrics`;
    const nginxPort = await freePort();
    const settings = nginxSettings({ dir, apiPorts: [apiPort], cmsUrl, port: nginxPort, microcache: true });
    renderedNginx = renderNginx(settings);
    stopNginx = await startNginx(dir, settings);
    nginxUrl = `http://127.0.0.1:${nginxPort}`;
    await waitFor(`${nginxUrl}/v1/health`);
  });
  afterAll(async () => {
    await stopNginx?.();
    await api?.stop();
    cms?.close();
    pg?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves them on the instance's port plus METRICS_PORT's offset, on loopback only, and nginx never", async () => {
    expect(OFFSET).toBeGreaterThan(0);
    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('ciffc_api_http_requests_total');
    // 0100007F: 127.0.0.1 in /proc/net/tcp's order; no wildcard or other address listens there.
    expect(listeners(apiPort + OFFSET)).toEqual([
      `0100007F:${(apiPort + OFFSET).toString(16).toUpperCase()}`,
    ]);

    expect(renderedNginx).not.toContain(String(apiPort + OFFSET));
    for (const place of ['/metrics', '/v1/metrics', '/metrics/']) {
      const through = await fetch(`${nginxUrl}${place}`);
      expect(await through.text(), place).not.toContain('ciffc_api_');
    }
    // The instance's own port, which nginx serves, has no metrics either.
    expect((await fetch(`http://127.0.0.1:${apiPort}/metrics`)).status).toBe(404);
  });

  it('counts the requests nginx passes, by route pattern and status', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${nginxUrl}/v1/wildfires?page=1`)).status).toBe(200);
    const text = await (await fetch(metricsUrl)).text();
    const line =
      /^ciffc_api_http_requests_total\{method="GET",route="\/v1\/wildfires",status="200"\} (\d+)$/m.exec(
        text,
      );
    // nginx's microcache keeps the answer 1 s: at least its first request reached the instance.
    expect(Number(line?.[1])).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^ciffc_api_database_up 1$/m);
    expect(text).toMatch(/^ciffc_api_content_system_up 1$/m);
    expect(text).toMatch(/^ciffc_api_db_pool_max 10$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
  });

  it('the Prometheus rules read only metrics the instance serves, each with a severity and a summary', async () => {
    const served = sampleNames(await (await fetch(metricsUrl)).text());
    const found = rules();
    expect(found.length).toBeGreaterThanOrEqual(8);
    expect(new Set(found.map((rule) => rule.alert)).size).toBe(found.length);
    for (const rule of found) {
      expect(rule.expr, rule.alert).not.toBe('');
      expect(rule.severity, rule.alert).toMatch(/^(critical|warning)$/);
      expect(rule.summary, rule.alert).toMatch(/^".+"$/);
      const names = metricNames(rule.expr);
      expect(names, rule.alert).not.toEqual([]);
      for (const name of names)
        if (name !== 'up') expect(served.has(name), `${rule.alert}: ${name}`).toBe(true);
    }
    // Each kind of metric the issue asks for has its rule.
    const exprs = found.map((rule) => rule.expr).join('\n');
    for (const name of [
      'up',
      'ciffc_api_database_up',
      'ciffc_api_content_system_up',
      'ciffc_api_http_requests_total',
      'ciffc_api_http_request_duration_seconds_bucket',
      'nodejs_eventloop_lag_p99_seconds',
      'ciffc_api_db_pool_waiting',
      'ciffc_api_import_jobs_total',
    ])
      expect(exprs).toContain(name);
  });

  it("the scrape job's targets are the shipped instances' metrics ports", () => {
    const scrape = readFileSync(path.join(repoRoot, 'deploy/monitoring/scrape.yml'), 'utf8');
    const targets = /targets: \[(.*)\]/
      .exec(scrape)?.[1]
      ?.split(',')
      .map((t) => JSON.parse(t.trim()));
    const instances = (shipped('nginx').API_INSTANCES ?? '').split(' ');
    expect(targets).toEqual(
      instances.map((address) => address.replace(/\d+$/, (port) => String(Number(port) + OFFSET))),
    );
  });

  it('deploy/check.sh finds the instance, its metrics and the content system healthy, then says the content system is away', async () => {
    const etc = mkdtempSync(path.join(dir, 'etc-'));
    writeFileSync(
      path.join(etc, 'nginx.env'),
      `API_INSTANCES=127.0.0.1:${apiPort}\nCMS_ADDRESS=127.0.0.1:${(cms.address() as AddressInfo).port}\n`,
    );
    writeFileSync(path.join(etc, 'api.env'), readFileSync(path.join(repoRoot, 'deploy/env/api.env')));
    writeFileSync(path.join(etc, 'backup.env'), `BACKUP_DIR=${dir}\n`);
    const check = () =>
      new Promise<string>((resolve) => {
        const child = spawn('bash', [path.join(repoRoot, 'deploy/check.sh')], {
          env: { PATH: process.env.PATH, CIFFC_ETC: etc, STATE_DIRECTORY: etc, CHECK_UNITS: 'none' },
        });
        let out = '';
        child.stdout.on('data', (chunk) => {
          out += chunk;
        });
        child.on('close', () => resolve(out));
      });
    const healthy = await check();
    expect(healthy).toContain(`ok     api 127.0.0.1:${apiPort}: /v1/health 200`);
    expect(healthy).toContain(`ok     metrics 127.0.0.1:${apiPort}: ${metricsUrl} 200`);
    expect(healthy).toMatch(/^ok {5}cms 127\.0\.0\.1:\d+: \/_health 204$/m);

    await new Promise((resolve) => cms.close(resolve));
    const away = await check();
    expect(away).toMatch(/^ALERT {2}cms 127\.0\.0\.1:\d+: \/_health gave no answer within 5 s$/m);
    // The instance says the same at the next scrape.
    expect(await (await fetch(metricsUrl)).text()).toMatch(/^ciffc_api_content_system_up 0$/m);
  });
});
