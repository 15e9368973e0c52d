import { describe, expect, it } from 'vitest';
import { plan, SYSTEM_PACKAGES } from './system-packages.ts';

const [chromium, nginx, gdal] = SYSTEM_PACKAGES as [
  (typeof SYSTEM_PACKAGES)[number],
  (typeof SYSTEM_PACKAGES)[number],
  (typeof SYSTEM_PACKAGES)[number],
];
const root = { root: true, apt: true, allowed: true };

describe('the pretest check of the Debian packages the tests need', () => {
  it("names chromium-headless-shell, nginx, gdal-bin (ogrinfo) and the preview images' font", () => {
    expect(SYSTEM_PACKAGES.map((p) => [p.name, p.program])).toEqual([
      ['chromium-headless-shell', 'chromium-headless-shell'],
      ['nginx', 'nginx'],
      ['gdal-bin', 'ogrinfo'],
      ['fonts-dejavu-core', 'DejaVuSans.ttf'],
    ]);
  });

  it('does nothing when all are installed', () => {
    expect(plan([], { root: false, apt: false, allowed: false })).toEqual({ kind: 'ready' });
  });

  it('installs only the missing ones with apt-get as root', () => {
    expect(plan([nginx, gdal], root)).toEqual({
      kind: 'install',
      command: ['apt-get', 'install', '-y', 'nginx', 'gdal-bin'],
    });
  });

  it.each([
    [
      'not root',
      { ...root, root: false },
      "  sudo sh -c 'apt-get update && apt-get install -y chromium-headless-shell'",
    ],
    [
      'no apt-get',
      { ...root, apt: false },
      "  sh -c 'apt-get update && apt-get install -y chromium-headless-shell'",
    ],
    [
      'CIFFC_NO_APT=1',
      { ...root, allowed: false },
      "  sh -c 'apt-get update && apt-get install -y chromium-headless-shell'",
    ],
  ])('stops and names the one command to run when %s', (_, can, command) => {
    const decided = plan([chromium], can);
    expect(decided.kind).toBe('stop');
    const message = decided.kind === 'stop' ? decided.message : '';
    expect(message).toContain('chromium-headless-shell (chromium-headless-shell): browser tests (e2e/)');
    expect(message.split('\n').at(-1)).toBe(command);
  });
});
