/**
 * The server process as a supervisor runs it: a request id taken from nginx and the
 * instance in its log lines, requests logged at info, and a SIGTERM that ends at once with exit 0
 * although a keep-alive connection (as nginx keeps) is open.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/lib/stack.ts';

const serverFile = path.resolve(import.meta.dirname, 'server.ts');

describe('server process', () => {
  let dir = '';
  let child: ChildProcess | undefined;
  let output = '';
  let url = '';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ciffc-server-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', serverFile], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        SQLITE_FILE: path.join(dir, 'api.db'),
        API_PORT: String(port),
        INSTANCE_ID: 'api-test-7',
        LOG_LEVEL: 'info',
        CIFFC_DEMO: '0',
        JWT_SECRET: 'server-test-secret-0123456789',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    // Ready when it says so on its output (the hook's timeout bounds the wait).
    const started = child;
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.includes('data API on')) resolve();
      };
      started.stdout?.on('data', check);
      started.stderr?.on('data', check);
      started.once('exit', () => reject(new Error(`server did not start:\n${output}`)));
      check();
    });
  });

  afterAll(() => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  // One request writes far less than a batch of log lines: its line arrives by the timed flush.
  it("logs each request at info with nginx's request id and the instance, and echoes the id", async () => {
    const response = await fetch(`${url}/v1/health`, { headers: { 'x-request-id': 'f00dcafe42' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('f00dcafe42');
    // Wait for the line itself (the logger's timed flush writes it), not for a fixed time.
    await vi.waitFor(() => expect(output).toContain('f00dcafe42'), { timeout: 5_000, interval: 20 });
    const lines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map(
        (line) =>
          JSON.parse(line) as {
            level: number;
            instance?: string;
            reqId?: string;
            msg: string;
            req?: { method: string; url: string };
            res?: { statusCode: number };
          },
      );
    expect(lines.every((line) => line.instance === 'api-test-7')).toBe(true);
    // One line per request: the completed line names the request, so no "incoming" line is needed.
    const ofRequest = lines.filter((line) => line.reqId === 'f00dcafe42');
    expect(ofRequest.map((line) => line.msg)).toEqual(['request completed']);
    expect(ofRequest[0]).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/v1/health' },
      res: { statusCode: 200 },
    });
  });

  it('a request id that does not look like one is replaced', async () => {
    const response = await fetch(`${url}/v1/health`, { headers: { 'x-request-id': 'a b\tc'.repeat(30) } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('SIGTERM with an idle keep-alive connection open exits 0 at once', async () => {
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((done, fail) => {
      http
        .get(`${url}/v1/health`, { agent }, (response) => {
          response.resume();
          response.on('end', () => done());
        })
        .on('error', fail);
    });
    const exited = new Promise<number | null>((done) => child?.on('exit', (code) => done(code)));
    const started = Date.now();
    child?.kill('SIGTERM');
    const code = await exited;
    agent.destroy();
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    // Log lines are written in batches (plugins/log-stream.ts): the last ones still reach the
    // journal when the process exits.
    expect(output).toContain('SIGTERM: closing');
  });
});
