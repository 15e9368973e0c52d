// The content system's request log: in production one JSON line per request with the request id
// nginx sends (or a new one, echoed in X-Request-Id), method, path without its query string,
// status and duration, as the data API logs; development keeps readable text.
// Needs the admin panel built once (`npm run build` in cms/); the server code is compiled here.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { stripVTControlCharacters } from 'node:util';
import {
  cmsDir,
  compileServer,
  freePort,
  logged,
  secrets,
  startStrapi,
  stopPart,
  untilEmitted,
} from './helpers.mjs';

/** The part's log lines that are JSON objects; a line still being written (no newline yet) waits. */
const jsonLines = (part) =>
  part
    .log()
    .split('\n')
    .slice(0, -1)
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));

/** The log lines of request `reqId`, once the part has written them (the line follows the answer). */
const linesOf = async (part, reqId) => {
  const of = () => jsonLines(part).filter((line) => line.reqId === reqId);
  await logged(part, () => of().length > 0);
  return of();
};

const startOn = async (tmp, env) => {
  const port = String(await freePort());
  return startStrapi({
    ...secrets(),
    DATABASE_FILENAME: path.join(tmp, `${env.NODE_ENV}.db`),
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...env,
  });
};

describe('request log in production', { timeout: 300_000 }, () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'ciffc-cms-request-log-'));
  let cms;

  before(async () => {
    compileServer();
    cms = await startOn(tmp, { NODE_ENV: 'production' });
  });
  after(async () => {
    await stopPart(cms);
    rmSync(tmp, { recursive: true, force: true });
  });

  it("logs one JSON line per request with nginx's id, without the query string", async () => {
    const res = await fetch(`${cms.url}/api/pages?code=reset-secret-1234`, {
      headers: { 'x-request-id': 'f00dcafe42cms' },
    });
    assert.equal(res.headers.get('x-request-id'), 'f00dcafe42cms');
    const lines = await linesOf(cms, 'f00dcafe42cms');
    assert.equal(lines.length, 1, cms.log());
    const [line] = lines;
    assert.deepEqual(
      { method: line.method, path: line.path, status: line.status, level: line.level },
      { method: 'GET', path: '/api/pages', status: res.status, level: 'http' },
    );
    assert.equal(typeof line.durationMs, 'number');
    assert.ok(line.durationMs >= 0);
    assert.match(line.timestamp, /^\d{4}-\d\d-\d\dT/);
    assert.doesNotMatch(cms.log(), /reset-secret-1234/);
    // Nothing else in the journal is text either: Strapi's own lines go through the same logger.
    const textLines = cms
      .log()
      .split('\n')
      .filter((l) => l.trim() !== '');
    assert.deepEqual(
      textLines.filter((l) => !l.startsWith('{')),
      [],
    );
  });

  it('gives a request without an id a new one, echoed in the header and logged', async () => {
    const res = await fetch(`${cms.url}/admin/init`);
    const reqId = res.headers.get('x-request-id');
    assert.match(reqId ?? '', /^[0-9a-f-]{36}$/);
    const [line] = await linesOf(cms, reqId);
    assert.deepEqual({ path: line?.path, status: line?.status }, { path: '/admin/init', status: res.status });
  });

  it('replaces an id that does not look like one', async () => {
    const forged = 'a b\n{"reqId":"x"}'.repeat(3);
    const res = await fetch(`${cms.url}/_health`, { headers: { 'x-request-id': encodeURI(forged) } });
    const reqId = res.headers.get('x-request-id');
    assert.match(reqId ?? '', /^[0-9a-f-]{36}$/);
    assert.equal((await linesOf(cms, reqId)).length, 1);
  });

  it('logs a refused request with its status', async () => {
    const res = await fetch(`${cms.url}/admin/register-admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'refused-1' },
      body: '{}',
    });
    assert.equal(res.status, 403);
    const lines = await linesOf(cms, 'refused-1');
    assert.deepEqual(
      lines.map((line) => [line.level, line.method, line.path, line.status]),
      [['http', 'POST', '/admin/register-admin', 403]],
    );
  });

  it("gives any line logged while a request is served that request's id", async () => {
    const require = createRequire(import.meta.url);
    const { winston } = require('@strapi/logger');
    const { requestIds } = require(path.join(cmsDir, 'dist', 'src', 'request-log.js'));
    const loggerConfig = require(path.join(cmsDir, 'dist', 'config', 'logger.js')).default;
    const saved = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    const config = loggerConfig();
    process.env.NODE_ENV = saved;
    const written = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        written.push(JSON.parse(String(chunk)));
        stream.emit('line');
        done();
      },
    });
    const logger = winston.createLogger({
      ...config,
      transports: [new winston.transports.Stream({ stream })],
    });
    requestIds.run('inner-1', () => logger.error(new Error('database gone')));
    logger.warn('outside any request');
    // winston writes to the stream asynchronously: wait for both lines to be written.
    await untilEmitted(stream, 'line', () => written.length >= 2, 5_000);
    assert.deepEqual(
      written.map((line) => [line.level, line.reqId, line.message]),
      [
        ['error', 'inner-1', 'database gone'],
        ['warn', undefined, 'outside any request'],
      ],
    );
    assert.match(written[0].stack, /Error: database gone/);
  });
});

describe('request log in development', { timeout: 300_000 }, () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'ciffc-cms-request-log-dev-'));
  let cms;

  before(async () => {
    compileServer();
    cms = await startOn(tmp, { NODE_ENV: 'development' });
  });
  after(async () => {
    await stopPart(cms);
    rmSync(tmp, { recursive: true, force: true });
  });

  it('stays readable text, with the id in the header', async () => {
    const res = await fetch(`${cms.url}/api/pages?code=reset-secret-5678`, {
      headers: { 'x-request-id': 'dev-1' },
    });
    assert.equal(res.headers.get('x-request-id'), 'dev-1');
    // The line follows the answer: wait for it to be written.
    const line = new RegExp(`http: GET /api/pages ${res.status} \\d+ ms`);
    await logged(cms, (log) => line.test(stripVTControlCharacters(log)));
    assert.match(stripVTControlCharacters(cms.log()), line);
    assert.deepEqual(jsonLines(cms), []);
    assert.doesNotMatch(cms.log(), /reset-secret-5678/);
  });
});
