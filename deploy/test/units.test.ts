import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_READER_LIMITS } from '../../api/src/perimeters/reader.ts';
import { repoRoot } from '../../scripts/lib/stack.ts';

const unitsDir = path.join(repoRoot, 'deploy/systemd');
const services = readdirSync(unitsDir).filter((f) => f.endsWith('.service'));
const setting = (unit: string, name: string) =>
  new RegExp(`^${name}=(.+)$`, 'm').exec(readFileSync(path.join(unitsDir, unit), 'utf8'))?.[1];

describe('the systemd units', () => {
  it.each(services.filter((unit) => setting(unit, 'ExecStart')?.startsWith('/usr/bin/node')))(
    '%s runs under memory, task and open-file limits',
    (unit) => {
      expect(setting(unit, 'MemoryMax')).toMatch(/^\d+[MG]$/);
      expect(Number(setting(unit, 'TasksMax'))).toBeGreaterThan(0);
      expect(Number(setting(unit, 'LimitNOFILE'))).toBeGreaterThanOrEqual(4096);
    },
  );

  it("the data API's heap is capped, its three heaps (thread, import worker, perimeter reader) inside MemoryMax", () => {
    const unit = 'ciffc-api@.service';
    const heapMb = Number(/--max-old-space-size=(\d+)/.exec(setting(unit, 'ExecStart') ?? '')?.[1]);
    const [, size = '0', scale] = /^(\d+)([MG])$/.exec(setting(unit, 'MemoryMax') ?? '') ?? [];
    const memoryMaxMb = Number(size) * (scale === 'G' ? 1024 : 1);
    expect(heapMb).toBeGreaterThan(0);
    // The reader's heap is DEFAULT_READER_LIMITS (perimeters/reader.ts) unless api.env sets another.
    expect(2 * heapMb + DEFAULT_READER_LIMITS.heapMb + 512).toBeLessThanOrEqual(memoryMaxMb);
  });

  it("the content system's migrations folder ships with the code, so a read-only tree starts", () => {
    // Strapi creates database/migrations at start when it is missing: EACCES under ProtectSystem.
    const tracked = execFileSync('git', ['ls-files', 'cms/database/migrations'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(tracked.trim()).not.toBe('');
  });
});
