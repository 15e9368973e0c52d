/**
 * A database fault never ends the API's process: the server as a supervisor runs it, on
 * a PostgreSQL cluster of its own, under a load of public reads and an agency's saves, while (1)
 * every connection of the API is terminated, as a restart, a failover or `pg_terminate_backend`
 * does (57P01), and (2) the server is stopped for 5 s and started again. Checked: the same process
 * serves throughout, every answer is the API's JSON (200, or 503 with Retry-After), `/v1/health`
 * says `down` while the database is away, it serves again within seconds, and no save is lost or
 * doubled (each accepted save is one version, the versions consecutive).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { DEMO_PASSWORD } from '@ciffc/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { freePort, loginCms } from '../../../scripts/lib/stack.ts';
import { startPostgres } from '../../test/postgres.ts';

const serverFile = path.resolve(import.meta.dirname, '..', 'server.ts');
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const READS = ['/v1/health', '/v1/agency', '/v1/wildfires?page=1', '/v1/summary'];

interface Answer {
  path: string;
  status: number;
  type: string;
  retryAfter: string | null;
  body: string;
}

describe('the database fails under load [postgres]', () => {
  let cluster: Awaited<ReturnType<typeof startPostgres>>;
  let child: ChildProcess;
  let output = '';
  let url = '';
  let token = '';
  const answers: Answer[] = [];

  beforeAll(async () => {
    const cms = inject('cms');
    if (!cms) throw new Error('This test needs the content system (unset CIFFC_TEST_CMS=0)');
    cluster = await startPostgres();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', serverFile], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: cluster.url,
        API_PORT: String(port),
        CIFFC_DEMO: '0',
        JWT_SECRET: cms.jwtSecret,
        CMS_URL: cms.url,
        LOG_LEVEL: 'warn',
        FEEDS_POLL_SECONDS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    await vi.waitFor(
      async () => {
        if (child.exitCode !== null || !(await healthy()))
          throw new Error(`server did not start:\n${output}`);
      },
      { timeout: 90_000, interval: 100 },
    );
    token = await loginCms(cms.url, 'ab', DEMO_PASSWORD);
    const claim = await call('/v1/sitrep/agency/claim?agency=ab', {
      method: 'POST',
      headers: auth(),
      body: '{}',
    });
    expect(claim.status, claim.body).toBe(200);
  });

  afterAll(() => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    cluster?.stop();
  });

  const healthy = () =>
    fetch(`${url}/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
  const call = async (pathname: string, init?: RequestInit): Promise<Answer> => {
    const response = await fetch(`${url}${pathname}`, { ...init, signal: AbortSignal.timeout(20_000) });
    const answer = {
      path: pathname.split('?')[0] as string,
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      retryAfter: response.headers.get('retry-after'),
      body: await response.text(),
    };
    answers.push(answer);
    return answer;
  };
  const auth = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  const report = async () =>
    JSON.parse((await call('/v1/sitrep/agency?agency=ab', { headers: auth() })).body) as {
      version_number: number;
      a_ltg: number | null;
    };

  /** Saves one after another as the site does: a refused save is sent again on the same base. */
  function saver(isRunning: () => boolean) {
    const landed: number[] = [];
    const done = (async () => {
      let { version_number: version } = await report();
      for (let n = 1; isRunning(); n++) {
        const value = n % 1000;
        while (isRunning()) {
          const answer = await call('/v1/sitrep/agency?agency=ab', {
            method: 'POST',
            headers: auth(),
            body: JSON.stringify({ version_number: version, edit_session: 'outage-test', a_ltg: value }),
          }).catch(() => undefined);
          if (answer?.status === 200) {
            version = (JSON.parse(answer.body) as { version_number: number }).version_number;
            landed.push(version);
            break;
          }
          expect([503, undefined], answer?.body).toContain(answer?.status);
          // A save whose answer was lost may have landed (its commit reached the server): the
          // report then holds it at the next version, and sending it again would double it. A
          // back-off as the site's, pacing the retries: not a wait for an event.
          await sleep(200);
          const current = await report().catch(() => undefined);
          if (current && current.version_number === version + 1 && current.a_ltg === value) {
            version = current.version_number;
            landed.push(version);
            break;
          }
        }
      }
    })();
    // Its failure is awaited (and reported) once the load stops, not as an unhandled rejection.
    done.catch(() => {});
    return { landed, done };
  }

  async function underLoad(fault: () => Promise<void>) {
    let running = true;
    const readers = [...READS, ...READS].map(async (p) => {
      while (running) await call(p).catch(() => undefined);
    });
    const saves = saver(() => running);
    // Pacing: a second of load before the fault and after the recovery, not a wait for an event.
    await sleep(1_000);
    await fault();
    const started = Date.now();
    await vi.waitFor(
      async () => expect(await healthy(), 'serving again after the database came back').toBe(true),
      { timeout: 10_000, interval: 50 },
    );
    const recoveredMs = Date.now() - started;
    await sleep(1_000);
    running = false;
    await Promise.all([...readers, saves.done]);
    return { recoveredMs, landed: saves.landed };
  }

  const counts = () => {
    const byStatus: Record<string, number> = {};
    for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
    return byStatus;
  };

  function expectServedThroughout(pid: number | undefined, landed: number[], firstVersion: number) {
    expect(child.exitCode, output).toBeNull();
    expect(child.pid).toBe(pid);
    expect(output).not.toMatch(/Unhandled 'error' event|uncaught|ERR_UNHANDLED/i);
    for (const a of answers) {
      expect([200, 503], `${a.path} ${a.status} ${a.body.slice(0, 200)}`).toContain(a.status);
      expect(a.type, a.path).toMatch(/^application\/(json|geo\+json)/);
      if (a.status === 503) {
        expect(a.retryAfter, a.path).toBe('5');
        if (a.path === '/v1/health') expect(JSON.parse(a.body).status).toBe('down');
        else expect(JSON.parse(a.body).code).toMatch(/^service\./);
      }
    }
    // Every accepted save is one version, in order, none missing and none twice.
    expect(landed.length).toBeGreaterThan(3);
    expect(landed).toEqual(landed.map((_, i) => firstVersion + 1 + i));
  }

  it('every connection terminated, five times in 2 s: the same process answers 200 or 503 JSON, and no save is lost or doubled', async () => {
    const pid = child.pid;
    const { version_number: firstVersion } = await report();
    answers.length = 0;
    const admin = new pg.Client({ connectionString: cluster.url });
    admin.on('error', () => {});
    await admin.connect();
    let terminated = 0;
    const { recoveredMs, landed } = await underLoad(async () => {
      for (let i = 0; i < 5; i++) {
        const { rowCount } = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        terminated += rowCount ?? 0;
        // Pacing: the faults come 400 ms apart, as repeated failovers would.
        await sleep(400);
      }
    });
    await admin.end();
    console.log(
      `[outage] ${terminated} connections terminated: ${answers.length} answers ${JSON.stringify(counts())}, ${landed.length} saves, serving again after ${recoveredMs} ms`,
    );
    expect(terminated).toBeGreaterThan(0);
    expectServedThroughout(pid, landed, firstVersion);
    expect((await report()).version_number).toBe(landed.at(-1));
  }, 60_000);

  it('the server stopped for 5 s and started again: /v1/health says down meanwhile, and all serves again within seconds', async () => {
    const pid = child.pid;
    const { version_number: firstVersion } = await report();
    answers.length = 0;
    const { recoveredMs, landed } = await underLoad(async () => {
      cluster.pause();
      // The fault's length (pacing), not a wait for an event.
      await sleep(5_000);
      cluster.resume();
    });
    console.log(
      `[outage] database stopped 5 s: ${answers.length} answers ${JSON.stringify(counts())}, ${landed.length} saves, serving again after ${recoveredMs} ms`,
    );
    expect(answers.some((a) => a.path === '/v1/health' && a.status === 503)).toBe(true);
    expect(answers.some((a) => a.path === '/v1/agency' && a.status === 503)).toBe(true);
    expectServedThroughout(pid, landed, firstVersion);
    expect((await report()).version_number).toBe(landed.at(-1));
  }, 60_000);
});
