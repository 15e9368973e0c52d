/**
 * deploy/upgrade.sh's build of a release (deploy/README.md, Upgrades), with npm stood in for by a
 * script that records what it is asked and writes the builds' outputs: the release is REF's
 * commit checked out in a folder of its own, installed and built there while the served files
 * stay as they are, and an install that rewrites a tracked file (an out-of-date lockfile) stops
 * the upgrade. The real install and builds of a release are what the first day runs
 * (`npm ci`, the builds); the switch and the restarts on real parts are upgrade.test.ts's.
 */
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/stack.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-upgrade-build-'));
const root = path.join(dir, 'root');
const origin = path.join(dir, 'origin.git');
const app = path.join(root, 'srv/ciffc');
const releases = path.join(root, 'srv/ciffc-releases');
const npmLog = path.join(dir, 'npm.log');

function git(cwd: string, ...args: string[]) {
  const result = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.ca', ...args], {
    cwd,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/** npm as the build needs it: `ci`, `run build -w api`, `run build`, each logged with its folder. */
const STUB_NPM = `#!/bin/sh
echo "$PWD $*" >> "${npmLog}"
case "$*" in
  ci*) mkdir -p node_modules; [ -z "$STUB_REWRITES_LOCKFILE" ] || echo '{"rewritten":true}' > cms/package-lock.json ;;
  "run build -w api") mkdir -p api/dist && touch api/dist/server.js api/dist/migrate.js ;;
  "run build") mkdir -p web/dist cms/dist && git rev-parse HEAD > web/dist/index.html ;;
esac
`;

function upgrade(args: string[], env: Record<string, string> = {}) {
  return spawnSync('bash', [path.join(repoRoot, 'deploy/upgrade.sh'), '--root', root, ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${path.join(dir, 'bin')}:${process.env.PATH}`,
      SYSTEMCTL: 'false',
      ...env,
    },
  });
}

let oldCommit = '';
let newCommit = '';

beforeAll(() => {
  // The project's repository with two commits, and the first day's checkout of the first.
  const work = path.join(dir, 'work');
  mkdirSync(path.join(work, 'cms'), { recursive: true });
  writeFileSync(path.join(work, 'package.json'), '{"name":"ciffc"}\n');
  writeFileSync(path.join(work, 'cms/package-lock.json'), '{"lockfileVersion":3}\n');
  writeFileSync(path.join(work, '.gitignore'), 'node_modules/\ndist/\n');
  git(dir, 'init', '-q', '-b', 'main', work);
  git(work, 'add', '.');
  git(work, 'commit', '-q', '-m', 'first release');
  oldCommit = git(work, 'rev-parse', 'HEAD');
  git(dir, 'clone', '-q', '--bare', work, origin);
  mkdirSync(path.dirname(app), { recursive: true });
  git(dir, 'clone', '-q', origin, app);
  mkdirSync(path.join(app, 'web/dist'), { recursive: true });
  writeFileSync(path.join(app, 'web/dist/index.html'), 'served');
  writeFileSync(path.join(work, 'package.json'), '{"name":"ciffc","version":"2"}\n');
  git(work, 'commit', '-q', '-am', 'next release');
  git(work, 'push', '-q', origin, 'main');
  newCommit = git(work, 'rev-parse', 'HEAD');
  // What install.sh leaves: the paths in nginx.env, the service user in install.conf.
  mkdirSync(path.join(root, 'etc/ciffc'), { recursive: true });
  writeFileSync(
    path.join(root, 'etc/ciffc/nginx.env'),
    'API_INSTANCES=127.0.0.1:3001\nDEPLOY_DIR=/srv/ciffc/deploy\nRELEASES_DIR=/srv/ciffc-releases\n',
  );
  writeFileSync(path.join(root, 'etc/ciffc/install.conf'), `SERVICE_USER=${userInfo().username}\n`);
  mkdirSync(path.join(dir, 'bin'));
  writeFileSync(path.join(dir, 'bin/npm'), STUB_NPM, { mode: 0o755 });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('deploy/upgrade.sh --build-only', () => {
  it("builds REF's commit in a release folder of its own beside the running one, whose served files stay as they are", () => {
    const result = upgrade(['--build-only', 'origin/main']);
    expect(result.status, result.stderr).toBe(0);
    const release = result.stdout.trim().split('\n').at(-1) ?? '';
    expect(path.dirname(release)).toBe(releases);
    expect(path.basename(release)).toMatch(new RegExp(`^\\d{8}-\\d{6}-${newCommit.slice(0, 10)}$`));
    expect(git(release, 'rev-parse', 'HEAD')).toBe(newCommit);
    // Its origin is the project's, so the next upgrade fetches from there.
    expect(git(release, 'remote', 'get-url', 'origin')).toBe(origin);
    // Installed and built there, in this order; the site's build is the new commit's.
    expect(readFileSync(npmLog, 'utf8').trim().split('\n')).toEqual([
      `${release} ci --no-audit --no-fund`,
      `${release} run build -w api`,
      `${release} run build`,
    ]);
    expect(readFileSync(path.join(release, 'web/dist/index.html'), 'utf8').trim()).toBe(newCommit);
    // The running checkout: its files and its commit untouched, not switched.
    expect(readFileSync(path.join(app, 'web/dist/index.html'), 'utf8')).toBe('served');
    expect(git(app, 'rev-parse', 'HEAD')).toBe(oldCommit);
    expect(lstatSync(app).isDirectory()).toBe(true);
  });

  it('stops when the install rewrites a tracked file (an out-of-date lockfile), naming it', () => {
    const before = readdirSync(releases);
    const result = upgrade(['--build-only', 'origin/main'], { STUB_REWRITES_LOCKFILE: '1' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/npm ci changed tracked files .*\n.*cms\/package-lock\.json/);
    // The half-built release is gone.
    expect(readdirSync(releases)).toEqual(before);
  });

  it('refuses a release folder that is not built, and an unknown REF, changing nothing', () => {
    const unbuilt = upgrade(['--release', path.join(dir, 'work')]);
    expect(unbuilt.status).not.toBe(0);
    expect(unbuilt.stderr).toMatch(/is not built: no api\/dist\/server\.js/);
    const unknown = upgrade(['--build-only', 'no-such-ref']);
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toMatch(/no commit no-such-ref/);
    expect(lstatSync(app).isDirectory()).toBe(true);
  });
});
