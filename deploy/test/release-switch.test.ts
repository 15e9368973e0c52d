// The moment deploy/upgrade.sh switches /srv/ciffc to the next release (`mv -T` of a link), seen
// from nginx: a page loaded from the old release asks for its hashed files while nginx's root
// changes under it. nginx alone serves them here (no data API, no content system): the link is
// flipped between two releases as fast as a shell can, while readers ask for the old release's
// file. Seen in CI's upgrade test: one 404 in 6,380 requests, the file found by try_files in the
// old release and opened after the switch in the new one.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/stack.ts';
import { nginxSettings, startNginx } from './stack.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-release-switch-'));
const oldFile = 'index-old1234.js';
const oldText = `console.log(${JSON.stringify('the old release '.repeat(200))});\n`;
let base = '';
let stop = async () => {};
let flipper: ChildProcess | undefined;

/** A release's built site: index.html and its hashed files, each beside its gzipped copy. */
function release(name: string, files: string[]) {
  const assets = path.join(dir, 'releases', name, 'web', 'dist', 'assets');
  mkdirSync(assets, { recursive: true });
  writeFileSync(path.join(assets, '..', 'index.html'), `<!doctype html><title>${name}</title>`);
  for (const file of files) writeFileSync(path.join(assets, file), oldText);
  for (const file of files) writeFileSync(path.join(assets, `${file}.gz`), gzipSync(oldText));
  return path.join(dir, 'releases', name);
}

beforeAll(async () => {
  const old = release('old', [oldFile]);
  const next = release('next', ['index-next5678.js']);
  // deploy/upgrade.sh's keep_assets: the running release's files copied before the switch.
  const kept = path.join(dir, 'releases', 'old-web', 'assets');
  mkdirSync(kept, { recursive: true });
  writeFileSync(path.join(kept, oldFile), oldText);
  writeFileSync(path.join(kept, `${oldFile}.gz`), gzipSync(oldText));
  const app = path.join(dir, 'app');
  symlinkSync(old, app);
  const port = await freePort();
  stop = await startNginx(dir, {
    ...nginxSettings({ dir, apiPorts: [9], cmsUrl: 'http://127.0.0.1:9', port, microcache: false }),
    WEB_ROOT: path.join(app, 'web', 'dist'),
    RELEASES_DIR: path.join(dir, 'releases'),
  });
  base = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 50; tries++) {
    if (
      await fetch(`${base}/assets/${oldFile}`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((done) => setTimeout(done, 100));
  }
  // switch() of deploy/upgrade.sh (relink), back and forth without a pause.
  const relink = (to: string) => `ln -sfn ${to} ${app}.new && mv -T ${app}.new ${app}`;
  flipper = spawn('sh', ['-c', `while :; do ${relink(next)}; ${relink(old)}; done`], { stdio: 'ignore' });
});

afterAll(async () => {
  flipper?.kill('SIGKILL');
  await stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('nginx while the release link is switched', () => {
  it("answers every request for the old release's files, plain and gzipped, never a 404", async () => {
    const failures: string[] = [];
    let requests = 0;
    const reader = async (encoding: string) => {
      for (let i = 0; i < 1500; i++) {
        requests++;
        const answer = await fetch(`${base}/assets/${oldFile}`, { headers: { 'accept-encoding': encoding } });
        const text = await answer.text();
        if (answer.status !== 200 || text !== oldText) failures.push(`${encoding}: ${answer.status}`);
      }
    };
    await Promise.all([reader('gzip'), reader('identity'), reader('gzip'), reader('identity')]);
    expect(requests).toBe(6000);
    expect(failures.slice(0, 5), `${failures.length} of ${requests}`).toEqual([]);
  });

  it('still answers 404 for a file no release has', async () => {
    expect((await fetch(`${base}/assets/index-none0000.js`)).status).toBe(404);
  });
});
