/**
 * deploy/check.sh, the alert set of deploy/README.md ("Metrics and alerts"), against stand-ins of
 * the machine it watches: two data API instances and their metrics listeners, the content system
 * (small HTTP servers of this test), the certificate nginx serves (a TLS server of this test with
 * certificates made by openssl), systemd (a `systemctl` that answers from files), a backup folder
 * and the file system of the test's folder. Each check passes on a healthy machine and fires when
 * its condition is made true.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/stack.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-check-'));
const etc = path.join(dir, 'etc');
const units = path.join(dir, 'units');
const backups = path.join(dir, 'backups');
const METRICS_OFFSET = 7;
const NAME = 'fires.ciffc.test';

/** What each stand-in answers; 0: it closes the connection without an answer. */
const answers = { apiA: 200, apiB: 200, metricsA: 200, metricsB: 200, cms: 204 };
const servers: (Server | TlsServer)[] = [];

function listen(server: Server | TlsServer, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      servers.push(server);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function answering(read: () => number): Server {
  return createServer((request, response) => {
    const status = read();
    if (status === 0) {
      request.socket.destroy();
      return;
    }
    response.writeHead(status).end();
  });
}

/** An instance's port P and its metrics listener's P + METRICS_OFFSET, both bound. */
async function instance(api: keyof typeof answers, metrics: keyof typeof answers): Promise<number> {
  for (;;) {
    const server = answering(() => answers[api]);
    const port = await listen(server);
    try {
      await listen(
        answering(() => answers[metrics]),
        port + METRICS_OFFSET,
      );
      return port;
    } catch {
      server.close();
    }
  }
}

/**
 * A self-signed certificate for NAME valid from `start` to `end` (openssl's `ca` takes any dates,
 * where `req -x509` only takes a number of days from now).
 */
function certificate(label: string, start: Date, end: Date): { key: string; cert: string } {
  const ca = path.join(dir, `ca-${label}`);
  mkdirSync(ca);
  writeFileSync(path.join(ca, 'index.txt'), '');
  writeFileSync(path.join(ca, 'serial'), '01\n');
  writeFileSync(
    path.join(ca, 'ca.cnf'),
    [
      '[ca]',
      'default_ca = test',
      '[test]',
      `database = ${ca}/index.txt`,
      `new_certs_dir = ${ca}`,
      `serial = ${ca}/serial`,
      'default_md = sha256',
      'policy = any',
      '[any]',
      'commonName = supplied',
    ].join('\n'),
  );
  const stamp = (date: Date) => `${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
  const run = (args: string[]) => {
    const result = spawnSync('openssl', args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`openssl ${args[0]}: ${result.stderr}`);
  };
  const key = path.join(ca, 'key.pem');
  const cert = path.join(ca, 'cert.pem');
  run([
    'req',
    '-new',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    key,
    '-subj',
    `/CN=${NAME}`,
    '-out',
    `${ca}/csr.pem`,
  ]);
  run([
    ...['ca', '-batch', '-config', `${ca}/ca.cnf`, '-selfsign', '-keyfile', key, '-in', `${ca}/csr.pem`],
    ...['-startdate', stamp(start), '-enddate', stamp(end), '-out', cert],
  ]);
  return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
}

const DAY = 86_400_000;
let tls: TlsServer;
const certificates = {} as Record<'valid' | 'ending' | 'expired', { key: string; cert: string }>;

function systemd(unit: string, state: string, restarts: number) {
  writeFileSync(path.join(units, unit), `ActiveState=${state}\nNRestarts=${restarts}\n`);
}

interface Run {
  status: number | null;
  stdout: string;
  alerts: string[];
}

/** check.sh as the timer runs it, its settings in `etc`, its state in `state`; `env` as a run by hand. */
function check(state: string, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn('bash', [path.join(repoRoot, 'deploy/check.sh')], {
      env: {
        PATH: process.env.PATH,
        CIFFC_ETC: etc,
        STATE_DIRECTORY: state,
        SYSTEMCTL: path.join(dir, 'bin', 'systemctl'),
        ...env,
      },
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stdout += chunk;
    });
    child.on('close', (status) =>
      resolve({ status, stdout, alerts: stdout.split('\n').filter((line) => /^(<3>)?ALERT/.test(line)) }),
    );
  });
}

const fresh = () => mkdtempSync(path.join(dir, 'state-'));
/** The percentage of the test folder's file system in use, as df says. */
const diskUse = () =>
  Number(
    / (\d+)% /.exec(spawnSync('df', ['-P', dir], { encoding: 'utf8' }).stdout.split('\n')[1] ?? '')?.[1],
  );

describe('deploy/check.sh, the alert set', () => {
  let apiA = 0;
  let apiB = 0;

  beforeAll(async () => {
    apiA = await instance('apiA', 'metricsA');
    apiB = await instance('apiB', 'metricsB');
    const cms = await listen(answering(() => answers.cms));
    certificates.valid = certificate('valid', new Date(Date.now() - DAY), new Date(Date.now() + 60 * DAY));
    certificates.ending = certificate('ending', new Date(Date.now() - DAY), new Date(Date.now() + 3 * DAY));
    certificates.expired = certificate(
      'expired',
      new Date(Date.now() - 90 * DAY),
      new Date(Date.now() - DAY),
    );
    tls = createTlsServer(certificates.valid, (socket) => socket.end());
    const tlsPort = await listen(tls);

    mkdirSync(etc);
    writeFileSync(
      path.join(etc, 'nginx.env'),
      [
        `API_INSTANCES=127.0.0.1:${apiA} 127.0.0.1:${apiB}`,
        `CMS_ADDRESS=127.0.0.1:${cms}`,
        `NGINX_SERVER_NAME=${NAME}`,
        `NGINX_LISTEN=127.0.0.1:${tlsPort} ssl http2`,
        'NGINX_TLS_CERT=/etc/ciffc/tls/fullchain.pem',
        `DEPLOY_DIR=${repoRoot}/deploy`,
      ].join('\n'),
    );
    writeFileSync(path.join(etc, 'api.env'), `METRICS_PORT=+${METRICS_OFFSET}\nMETRICS_HOST=127.0.0.1\n`);
    writeFileSync(path.join(etc, 'backup.env'), `BACKUP_DIR=${backups}\n`);
    // The shipped settings, with the places of this test.
    const shipped = readFileSync(path.join(repoRoot, 'deploy/env/check.env'), 'utf8');
    writeFileSync(
      path.join(etc, 'check.env'),
      shipped
        .replace(/^CHECK_DISK_PATHS=.*$/m, `CHECK_DISK_PATHS=${dir}`)
        .replace(/^CHECK_DISK_MAX_PERCENT=.*$/m, 'CHECK_DISK_MAX_PERCENT=100')
        .replace(
          /^CHECK_ALERT_COMMAND=.*$/m,
          `CHECK_ALERT_COMMAND=cat >> ${dir}/alerts-sent; echo --- >> ${dir}/alerts-sent`,
        ),
    );
    mkdirSync(units);
    for (const unit of [
      'ciffc-cms.service',
      'nginx.service',
      `ciffc-api@${apiA}.service`,
      `ciffc-api@${apiB}.service`,
    ])
      systemd(unit, 'active', 0);
    mkdirSync(path.join(dir, 'bin'));
    // `systemctl show -p ActiveState -p NRestarts UNIT`: the unit's file.
    writeFileSync(
      path.join(dir, 'bin', 'systemctl'),
      `#!/bin/sh\neval unit=\\\${$#}\ncat "${units}/$unit"\n`,
    );
    chmodSync(path.join(dir, 'bin', 'systemctl'), 0o755);
    mkdirSync(path.join(backups, '2026-12-05'), { recursive: true });
  });
  afterAll(async () => {
    for (const server of servers) server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes on a healthy machine: one "ok" line per check, exit 0', async () => {
    const run = await check(fresh());
    expect(run.alerts).toEqual([]);
    expect(run.status, run.stdout).toBe(0);
    for (const line of [
      `ok     api 127.0.0.1:${apiA}: /v1/health 200`,
      `ok     api 127.0.0.1:${apiB}: /v1/health 200`,
      `ok     metrics 127.0.0.1:${apiA}: http://127.0.0.1:${apiA + METRICS_OFFSET}/metrics 200`,
      `ok     cms 127.0.0.1:`,
      // 60 days from its making: 59 once a second has passed, 60 within the same second.
      `ok     cert ${NAME}: ends in `,
      `ok     disk ${dir}:`,
      `ok     unit ciffc-api@${apiB}.service: active`,
      'ok     backup: ',
      'check: all 12 checks pass',
    ])
      expect(run.stdout).toContain(line);
    expect(run.stdout).toMatch(new RegExp(`ok {5}cert ${NAME.replaceAll('.', '\\.')}: ends in (59|60) days`));
  });

  it('fires when an instance gives no answer, or answers 503 (its database is away)', async () => {
    Object.assign(answers, { apiA: 503, apiB: 0 });
    try {
      const run = await check(fresh());
      expect(run.status).toBe(1);
      expect(run.alerts).toEqual([
        `ALERT  api 127.0.0.1:${apiA}: /v1/health 503: the instance cannot reach its database`,
        `ALERT  api 127.0.0.1:${apiB}: /v1/health gave no answer within 5 s`,
      ]);
      expect(run.stdout).toContain('check: 2 of 12 checks alerting');
    } finally {
      Object.assign(answers, { apiA: 200, apiB: 200 });
    }
  });

  it("fires when an instance's metrics listener does not answer", async () => {
    answers.metricsB = 0;
    try {
      const run = await check(fresh());
      expect(run.alerts).toEqual([
        `ALERT  metrics 127.0.0.1:${apiB}: http://127.0.0.1:${apiB + METRICS_OFFSET}/metrics answered 000 (METRICS_PORT; the instance's log says why)`,
      ]);
    } finally {
      answers.metricsB = 200;
    }
  });

  it('fires when the content system does not answer its /_health', async () => {
    answers.cms = 0;
    try {
      const run = await check(fresh());
      expect(run.status).toBe(1);
      expect(run.alerts).toHaveLength(1);
      expect(run.alerts[0]).toMatch(/^ALERT {2}cms 127\.0\.0\.1:\d+: \/_health gave no answer within 5 s$/);
    } finally {
      answers.cms = 204;
    }
  });

  it('fires when the certificate nginx serves ends within CHECK_CERT_DAYS, or has expired', async () => {
    try {
      tls.setSecureContext(certificates.ending);
      const ending = await check(fresh());
      expect(ending.alerts).toHaveLength(1);
      expect(ending.alerts[0]).toMatch(
        new RegExp(`^ALERT {2}cert ${NAME}: the certificate served at 127.0.0.1:\\d+ ends in 2 days`),
      );
      // Three days left is not an alert for whoever wants to hear only of the last two.
      expect((await check(fresh(), { CHECK_CERT_DAYS: '2' })).alerts).toEqual([]);

      tls.setSecureContext(certificates.expired);
      const expired = await check(fresh());
      expect(expired.alerts).toHaveLength(1);
      expect(expired.alerts[0]).toMatch(/the certificate served at 127\.0\.0\.1:\d+ expired on /);
    } finally {
      tls.setSecureContext(certificates.valid);
    }
    const nothing = await check(fresh(), { CHECK_TLS_ADDRESS: '127.0.0.1:9' });
    expect(nothing.alerts).toEqual([`ALERT  cert ${NAME}: no certificate served at 127.0.0.1:9`]);
  });

  it('fires when a file system is used at CHECK_DISK_MAX_PERCENT or more', async () => {
    const used = diskUse();
    const run = await check(fresh(), { CHECK_DISK_MAX_PERCENT: String(used) });
    expect(run.alerts).toEqual([`ALERT  disk ${dir}: ${used}% used (alert from ${used}%)`]);
    expect((await check(fresh(), { CHECK_DISK_MAX_PERCENT: String(used + 1) })).alerts).toEqual([]);
  });

  it('fires once when systemd restarted a unit since the last run, and while a unit is not active', async () => {
    const state = fresh();
    expect((await check(state)).alerts).toEqual([]);
    // The instance crashed twice and systemd started it again each time (Restart=always).
    systemd(`ciffc-api@${apiB}.service`, 'active', 2);
    try {
      const restarted = await check(state);
      expect(restarted.alerts).toEqual([
        `ALERT  unit ciffc-api@${apiB}.service: restarted by systemd 2 time(s) since the last check (2 in all: journalctl -u ciffc-api@${apiB}.service)`,
      ]);
      // Said once: the next run compares with the count it saw.
      expect((await check(state)).alerts).toEqual([]);
      systemd('ciffc-cms.service', 'failed', 0);
      expect((await check(state)).alerts).toEqual([
        'ALERT  unit ciffc-cms.service: failed, not active (systemctl status ciffc-cms.service)',
      ]);
    } finally {
      systemd(`ciffc-api@${apiB}.service`, 'active', 0);
      systemd('ciffc-cms.service', 'active', 0);
    }
  });

  it('fires when the newest backup is older than CHECK_BACKUP_MAX_HOURS, or when there is none', async () => {
    const newest = path.join(backups, '2026-12-05');
    const old = new Date(Date.now() - 31 * 3_600_000);
    utimesSync(newest, old, old);
    try {
      const run = await check(fresh());
      expect(run.alerts).toEqual([
        `ALERT  backup: the newest, ${newest}, is 31 h old (alert from 30 h; journalctl -u ciffc-backup)`,
      ]);
      // A folder being written (renamed when whole) is not a backup.
      mkdirSync(`${newest}.partial`);
      expect((await check(fresh())).alerts).toHaveLength(1);
    } finally {
      const now = new Date();
      utimesSync(newest, now, now);
      rmSync(`${newest}.partial`, { recursive: true, force: true });
    }
    const empty = mkdtempSync(path.join(dir, 'no-backups-'));
    writeFileSync(path.join(etc, 'backup.env'), `BACKUP_DIR=${empty}\n`);
    try {
      expect((await check(fresh())).alerts).toEqual([
        `ALERT  backup: no backup in ${empty} (systemctl list-timers ciffc-backup.timer; journalctl -u ciffc-backup)`,
      ]);
    } finally {
      writeFileSync(path.join(etc, 'backup.env'), `BACKUP_DIR=${backups}\n`);
    }
  });

  it('runs CHECK_ALERT_COMMAND when the alerts change, not at every run, and once all clear again', async () => {
    const state = fresh();
    const sent = () => readFileSync(path.join(dir, 'alerts-sent'), 'utf8').split('---\n').filter(Boolean);
    rmSync(path.join(dir, 'alerts-sent'), { force: true });
    writeFileSync(path.join(dir, 'alerts-sent'), '');
    await check(state);
    expect(sent()).toEqual([]);
    answers.cms = 500;
    try {
      await check(state);
      await check(state);
      expect(sent()).toHaveLength(1);
      expect(sent()[0]).toMatch(/^ALERT {2}cms 127\.0\.0\.1:\d+: \/_health answered 500\n$/);
    } finally {
      answers.cms = 204;
    }
    await check(state);
    expect(sent()).toHaveLength(2);
    expect(sent()[1]).toMatch(/^ok: every check of .+ passes again\n$/);
  });

  it("under systemd, an alert line carries the journal's error priority", async () => {
    answers.apiA = 503;
    try {
      const run = await check(fresh(), { JOURNAL_STREAM: '8:1234' });
      expect(run.alerts[0]).toMatch(/^<3>ALERT {2}api /);
      expect(run.stdout).toMatch(/^<3>check: 1 of 12 checks alerting$/m);
      expect(run.stdout).toMatch(/^ok {5}cms /m);
    } finally {
      answers.apiA = 200;
    }
  });

  it('runs as the service user every 5 minutes, its state kept by systemd', () => {
    const unit = readFileSync(path.join(repoRoot, 'deploy/systemd/ciffc-check.service'), 'utf8');
    const timer = readFileSync(path.join(repoRoot, 'deploy/systemd/ciffc-check.timer'), 'utf8');
    expect(unit).toMatch(/^ExecStart=\/srv\/ciffc\/deploy\/check\.sh$/m);
    expect(unit).toMatch(/^User=ciffc$/m);
    expect(unit).toMatch(/^StateDirectory=ciffc-check$/m);
    expect(unit).toMatch(/^ProtectSystem=strict$/m);
    expect(timer).toMatch(/^OnUnitActiveSec=5min$/m);
    // install.sh installs check.env and enables the timer: deploy/test/install.test.ts.
  });
});
