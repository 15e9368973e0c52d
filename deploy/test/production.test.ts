/**
 * The production layout of deploy/, run for real (issue 12): see stack.ts. Everything goes through
 * nginx as a browser would, except where a test names instance A or B.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Part, repoRoot } from '../../scripts/lib/stack.ts';
import {
  CSV_HEADER,
  PASSWORD,
  type Stack,
  securityHeaders,
  startApi,
  startProductionStack,
  stopProductionStack,
} from './stack.ts';

let stack: Stack | undefined;
const s = () => {
  if (!stack) throw new Error('production stack not started');
  return stack;
};

const login = async (identifier: string) => {
  const response = await fetch(`${s().nginxUrl}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password: PASSWORD }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { jwt: string }).jwt;
};

const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

beforeAll(async () => {
  stack = await startProductionStack({ instances: 2 });
});

afterAll(async () => {
  if (stack) await stopProductionStack(stack);
});

describe('production layout (deploy/): nginx, two data API instances, content system on PostgreSQL', () => {
  let abToken = '';
  let ciffcToken = '';

  it('signs in through nginx', async () => {
    abToken = await login('ab');
    ciffcToken = await login('ciffc');
  });

  it('a claim through instance A and a save through instance B agree', async () => {
    const [a, b] = s().apiPorts.map((port) => `http://127.0.0.1:${port}`) as [string, string];
    const claim = await fetch(`${a}/v1/sitrep/agency/claim?agency=ab`, {
      method: 'POST',
      headers: auth(abToken),
      body: '{}',
    });
    expect(claim.status, await claim.clone().text()).toBe(200);
    const version = ((await claim.json()) as { version_number: number }).version_number;
    const save = await fetch(`${b}/v1/sitrep/agency?agency=ab`, {
      method: 'POST',
      headers: auth(abToken),
      body: JSON.stringify({ version_number: version, a_ltg: 1 }),
    });
    expect(save.status, await save.clone().text()).toBe(200);
    const read = await fetch(`${a}/v1/sitrep/agency?agency=ab`, { headers: auth(abToken) });
    expect(((await read.json()) as { version_number: number }).version_number).toBe(version + 1);
  });

  it('an import through A is served at once by B with a new ETag, and through nginx within the microcache time', async () => {
    const [a, b] = s().apiPorts.map((port) => `http://127.0.0.1:${port}`) as [string, string];
    const list = '/v1/wildfires?page=1';
    const before = (await fetch(`${b}${list}`)).headers.get('etag');
    const viaNginxBefore = (await fetch(`${s().nginxUrl}${list}`)).headers.get('etag');
    const csv = [
      CSV_HEADER,
      `ab,PROD-${Date.now()},America/Edmonton,2026-07-10,2026-07-10,OC,N,FUL,12.5,54.1,-115.2`,
    ].join('\n');
    const imported = await fetch(`${a}/v1/fires/import`, {
      method: 'POST',
      headers: { ...auth(ciffcToken), 'content-type': 'text/csv' },
      body: csv,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    const after = (await fetch(`${b}${list}`)).headers.get('etag');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    // nginx keeps it for the API's X-Accel-Expires (1 s), then asks again.
    await new Promise((done) => setTimeout(done, 1_200));
    const viaNginxAfter = (await fetch(`${s().nginxUrl}${list}`)).headers.get('etag');
    expect(viaNginxAfter).toBe(after);
    expect(viaNginxBefore).toBe(before);
  });

  it("the security headers on /, /assets/…, /v1/… and /api/…, and nginx's request id in the API's answer", async () => {
    const names = securityHeaders();
    expect(names.length).toBeGreaterThan(3);
    const asset = readdirSync(path.join(repoRoot, 'web/dist/assets'))[0];
    for (const url of [
      '/',
      `/assets/${asset}`,
      '/v1/wildfires?page=1',
      '/v1/health',
      '/api/pages',
      '/admin',
    ]) {
      const response = await fetch(`${s().nginxUrl}${url}`);
      for (const name of names) expect(response.headers.get(name), `${name} on ${url}`).toBeTruthy();
    }
    const health = await fetch(`${s().nginxUrl}/v1/health`);
    expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('the admin only from the configured addresses; register-admin refused by the content system', async () => {
    expect((await fetch(`${s().nginxUrl}/admin`)).status).toBe(403);
    const direct = s().cms.url;
    const register = await fetch(`${direct}/admin/register-admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x@example.ca', password: PASSWORD, firstname: 'X' }),
    });
    expect(register.status).toBe(403);
  });

  it('CORS refuses another origin', async () => {
    const response = await fetch(`${s().nginxUrl}/api/pages`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(response.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
    expect(response.headers.get('access-control-allow-origin')).not.toBe('*');
  });

  it('a spoofed X-Forwarded-For does not lift the login limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await fetch(`${s().nginxUrl}/api/auth/local`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
        body: JSON.stringify({ identifier: 'ab', password: 'wrong-password' }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toContain(429);
  });

  it('kill -9 of one instance during a GET load fails no GET; it restarts and rejoins', async () => {
    const [, portB] = s().apiPorts as [number, number];
    const victim = s().api[1] as Part;
    const load = autocannon({
      url: s().nginxUrl,
      connections: 10,
      duration: 10,
      // Uncached reads (health is no-store) so every request reaches an instance.
      requests: [{ path: '/v1/health' }, { path: '/v1/wildfires?page=1&limit=5' }],
    });
    await new Promise((done) => setTimeout(done, 3_000));
    process.kill(victim.process.pid as number, 'SIGKILL');
    await victim.exited;
    const result = await load;
    console.log(
      `[prod] kill -9 during load: ${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors, ${Math.round(result.requests.average)} req/s`,
    );
    expect(result.errors).toBe(0);
    expect(result.non2xx).toBe(0);
    // The supervisor's restart (Restart=always), then nginx sends it requests again after fail_timeout.
    const cmsUrl = s().cms.url;
    const restarted = await startApi(s().dir, portB, s().pgUrl('ciffc_api'), cmsUrl, s().secrets.JWT_SECRET);
    s().api[1] = restarted;
    const deadline = Date.now() + 15_000;
    let rejoined = false;
    while (!rejoined && Date.now() < deadline) {
      await Promise.all(
        Array.from({ length: 10 }, () => fetch(`${s().nginxUrl}/v1/health`).then((r) => r.text())),
      );
      const log = readFileSync(s().nginxLog, 'utf8').split('\n').slice(-10);
      rejoined = log.some((line) => line.includes(`up=127.0.0.1:${portB} `) && line.includes('upstatus=200'));
      if (!rejoined) await new Promise((done) => setTimeout(done, 500));
    }
    expect(rejoined).toBe(true);
  });

  it('with the content system down, public data is still served', async () => {
    const pages = await fetch(`${s().nginxUrl}/api/pages`);
    expect(pages.status).toBe(200);
    await s().cms.stop();
    const fires = await fetch(`${s().nginxUrl}/v1/wildfires?page=1`);
    expect(fires.status).toBe(200);
    const summary = await fetch(`${s().nginxUrl}/v1/summary`);
    expect(summary.status).toBe(200);
    const cached = await fetch(`${s().nginxUrl}/api/pages`);
    expect(cached.status).toBe(200);
  });
});
