import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort, spawnPart, stopRunningParts } from './stack.ts';

const dir = mkdtempSync(join(tmpdir(), 'ciffc-stack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  await vi.waitFor(() => expect(check()).toBe(true), { timeout: ms, interval: 50 });
}

describe('a Ctrl-C during startup (Ctrl-C stops them all)', () => {
  it('stops a part that is still starting, with the children in its process group', async () => {
    const pidFile = join(dir, 'grandchild.pid');
    // A part that never gets ready (nothing listens on the port) and has a child of its own.
    const starting = spawnPart({
      name: 'slow part',
      command: 'sh',
      args: ['-c', `sleep 60 & echo $! > ${pidFile}; wait`],
      cwd: dir,
      env: {},
      logFile: join(dir, 'slow.log'),
      url: `http://127.0.0.1:${await freePort()}`,
      readyPath: '/',
      timeoutMs: 60_000,
    });
    const outcome = starting.then(
      () => 'ready',
      (error: Error) => error.message,
    );
    await until(() => {
      try {
        return readFileSync(pidFile, 'utf8').trim().length > 0;
      } catch {
        return false;
      }
    });
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    expect(alive(grandchild)).toBe(true);

    // No Part has been handed out yet; the registry still reaches it.
    await stopRunningParts(2_000);

    await until(() => !alive(grandchild));
    expect(await outcome).toMatch(/slow part exited before it was ready/);
  });

  it('does nothing when nothing runs', async () => {
    await expect(stopRunningParts()).resolves.toBeUndefined();
  });

  it('starts no part once stopping, so a start still under way leaves nothing running', async () => {
    const next = spawnPart({
      name: 'gateway',
      command: 'sleep',
      args: ['60'],
      cwd: dir,
      env: {},
      logFile: join(dir, 'late.log'),
      url: `http://127.0.0.1:${await freePort()}`,
      readyPath: '/',
      timeoutMs: 5_000,
    });
    await expect(next).rejects.toThrow('not starting the gateway: stopping');
  });
});
