// nginx's sign-in and password limits and its own answers on the content system's routes, with
// the shipped settings (deploy/env/nginx.env). A stub stands in for the content system and counts
// what reaches it; no data API instance runs. Each test sends from loopback addresses of its own
// (each one a client with its own count in nginx's zones). The content system's per-account lock
// is checked through nginx by the production test (production.test.ts).

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiErrorBody, englishMessage, type ServerMessageCode } from '@ciffc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/stack.ts';
import { retryAfterSeconds } from '../render-nginx.mjs';
import { ADMIN_ADDRESS, nginxSettings, startNginx, waitFor } from './stack.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-nginx-limits-'));
let base = '';
let env: Record<string, string> = {};
let stop = async () => {};
let cms: Server;
/** `METHOD path` of every request that reached the stub content system. */
const reached: string[] = [];

/** The stub: a wrong password for every sign-in (Strapi's 400), 200 for anything else. */
function startStubCms(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    reached.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => {
      const signIn = /\/(auth\/local|admin\/login)\/?$/i.test(req.url ?? '');
      res.writeHead(signIn ? 400 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(signIn ? { data: null, error: { status: 400 } } : { ok: true }));
    });
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request from a chosen loopback address (fetch can choose none): nginx counts that address. */
const send = (
  pathname: string,
  o: { from: string; method?: string; headers?: Record<string, string> },
): Promise<Answer> =>
  new Promise((done, fail) => {
    const method = o.method ?? 'POST';
    const body = method === 'POST' ? JSON.stringify({ identifier: 'ab', email: 'ab@example.ca' }) : undefined;
    const req = request(`${base}${pathname}`, {
      method,
      localAddress: o.from,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...o.headers },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', fail);
    req.end(body);
  });

/** `count` requests in a row from one address: their answers. */
const burst = async (pathname: string, from: string, count: number) => {
  const answers: Answer[] = [];
  for (let i = 0; i < count; i++) answers.push(await send(pathname, { from }));
  return answers;
};

/**
 * nginx's own answer in the data API's error body: the code and its English text, the request id
 * in the body and in X-Request-Id, Retry-After, never cached, with the hardening headers.
 */
function expectNginxAnswer(answer: Answer, status: number, code: ServerMessageCode, retryAfter: number) {
  const where = `${answer.status} ${answer.text.slice(0, 200)}`;
  expect(answer.status, where).toBe(status);
  expect(answer.headers['content-type'], where).toBe('application/json');
  const body = ApiErrorBody.parse(JSON.parse(answer.text));
  expect(body).toMatchObject({ statusCode: status, code, params: {} });
  expect(body.message).toBe(englishMessage(code));
  expect(body.requestId).toMatch(/^[0-9a-f]{32}$/);
  expect(answer.headers['x-request-id']).toBe(body.requestId);
  expect(answer.headers['retry-after']).toBe(String(retryAfter));
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
}

beforeAll(async () => {
  const [port, cmsPort] = [await freePort(), await freePort()];
  cms = await startStubCms(cmsPort);
  // Port 9 (discard): no data API instance answers.
  env = nginxSettings({
    dir,
    apiPorts: [9],
    cmsUrl: `http://127.0.0.1:${cmsPort}`,
    port,
    microcache: true,
  });
  stop = await startNginx(dir, env);
  base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/v1/health?ready=1`);
});
afterAll(async () => {
  await stop();
  cms.closeAllConnections();
  await new Promise((done) => cms.close(done));
  rmSync(dir, { recursive: true, force: true });
});

describe("nginx's sign-in and password limits", () => {
  const signInBurst = () => Number(env.LOGIN_BURST);
  const resetBurst = () => Number(env.PASSWORD_RESET_BURST);

  it.each([
    {
      signIn: '/api/auth/local',
      resets: ['/api/auth/forgot-password', '/api/auth/reset-password'],
      from: '127.0.20.1',
    },
    {
      signIn: '/admin/login',
      resets: ['/admin/forgot-password', '/admin/reset-password'],
      from: ADMIN_ADDRESS,
    },
  ])(
    '$signIn: after the burst, 429 auth.rate_limited in the API body with Retry-After; the password routes from the same address still reach the content system',
    async ({ signIn, resets, from }) => {
      const before = reached.length;
      const answers = await burst(signIn, from, signInBurst() + 3);
      // The rate and its burst reach the content system (its own answer, 400), the rest is nginx's.
      expect(answers.map((a) => a.status)).toEqual([...Array(signInBurst() + 1).fill(400), 429, 429]);
      expect(reached.length - before).toBe(signInBurst() + 1);
      for (const reset of resets) {
        const answer = await send(reset, { from });
        expect(answer.status, `${reset} after sign-in was limited`).toBe(200);
        expect(JSON.parse(answer.text)).toEqual({ ok: true });
      }
      expect((await send(signIn, { from })).status, 'sign-in still limited').toBe(429);
      for (const refused of answers.slice(signInBurst() + 1))
        expectNginxAnswer(
          refused,
          429,
          'auth.rate_limited',
          retryAfterSeconds('LOGIN_RATE', env.LOGIN_RATE ?? ''),
        );
      // Each refusal has its own id.
      const ids = answers.slice(signInBurst() + 1).map((a) => a.headers['x-request-id']);
      expect(new Set(ids).size).toBe(ids.length);
    },
  );

  it('limits the password mails in their own zone, with their own Retry-After, leaving sign-in alone', async () => {
    const from = '127.0.20.2';
    const before = reached.length;
    const answers = await burst('/api/auth/forgot-password', from, resetBurst() + 2);
    expect(answers.map((a) => a.status)).toEqual([...Array(resetBurst() + 1).fill(200), 429]);
    expect(reached.length - before).toBe(resetBurst() + 1);
    // The reset itself counts in the same zone; sign-in from that address is still the content system's.
    expect((await send('/api/auth/reset-password', { from })).status).toBe(429);
    expect((await send('/api/auth/local', { from })).status).toBe(400);
    const retryAfter = retryAfterSeconds('PASSWORD_RESET_RATE', env.PASSWORD_RESET_RATE ?? '');
    expectNginxAnswer(answers.at(-1) as Answer, 429, 'auth.rate_limited', retryAfter);
  });

  it('counts every spelling of sign-in that reaches the content system (its router ignores case)', async () => {
    const from = '127.0.20.3';
    const spellings = ['/api/auth/local', '/api/auth/LOCAL', '/api/Auth/local/', '/api/auth/local/'];
    const answers: number[] = [];
    for (let i = 0; i < signInBurst() + 3; i++)
      answers.push((await send(spellings[i % spellings.length] as string, { from })).status);
    expect(answers).toEqual([...Array(signInBurst() + 1).fill(400), 429, 429]);
    // A password route however spelt is in the password zone: it still reaches the content system.
    expect((await send('/api/auth/Forgot-Password', { from })).status).toBe(200);
  });

  it("answers for a content system that does not answer: 503 service.cms_unavailable in the API body, as the data API's", async () => {
    cms.closeAllConnections();
    await new Promise((done) => cms.close(done));
    const from = '127.0.20.9';
    const auth = { authorization: 'Bearer x' };
    for (const [pathname, method, headers] of [
      ['/api/auth/local', 'POST', {}],
      ['/api/auth/forgot-password', 'POST', {}],
      ['/api/users/me', 'GET', auth],
      [`/api/pages?never-kept=${Date.now()}`, 'GET', {}],
    ] as const) {
      const answer = await send(pathname, { from, method, headers });
      expectNginxAnswer(answer, 503, 'service.cms_unavailable', 5);
    }
    // The data API's routes, no instance answering: the same shape, its own code.
    expectNginxAnswer(await send('/v1/summary', { from, method: 'GET' }), 503, 'service.unavailable', 5);
  });
});

describe("nginx's import limit", () => {
  it('refuses a perimeter file over 64 MB by its declared length in the data API’s shape, in megabytes', async () => {
    const answer = await send('/v1/perimeters/import', {
      from: '127.0.0.31',
      headers: { 'content-type': 'application/zip', 'content-length': String(65 * 1024 * 1024) },
    });
    expect(answer.status, answer.text.slice(0, 200)).toBe(413);
    expect(answer.headers['content-type']).toBe('application/json');
    const body = ApiErrorBody.parse(JSON.parse(answer.text));
    expect(body).toMatchObject({ statusCode: 413, code: 'request.too_large_mb', params: { max: 64 } });
    expect(body.message).toBe(englishMessage('request.too_large_mb', { max: 64 }));
    expect(answer.headers['x-request-id']).toBe(body.requestId);
  });
});
