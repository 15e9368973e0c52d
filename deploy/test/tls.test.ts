/**
 * HTTPS as nginx serves it from the rendered site config (deploy/README.md, HTTPS): Mozilla's
 * intermediate profile (TLS 1.2 and 1.3, for TLS 1.2 only the ECDHE AEAD suites), OCSP stapling
 * rendered for a certificate that names a responder, and the plain port's redirect keeping a
 * HTTPS port other than 443. nginx runs on loopback ports with no part behind it: the handshakes
 * and the redirect are nginx's alone.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, getCiphers } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/lib/stack.ts';
import {
  DEPLOY_DIR,
  hasOcspResponder,
  INTERMEDIATE_CIPHERS,
  parseEnvFile,
  renderNginx,
} from '../render-nginx.mjs';
import { writeNginxMain } from './stack.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-tls-'));
const shipped = parseEnvFile(readFileSync(path.join(DEPLOY_DIR, 'env', 'nginx.env'), 'utf8'));
const ports = { tls: 0, plain: 0 };
let nginx: ChildProcess | undefined;

/** A self-signed certificate for localhost; `ocsp` adds an OCSP responder to its AIA. */
function certificate(name: string, ocsp?: string) {
  const cert = path.join(dir, `${name}.pem`);
  const key = path.join(dir, `${name}.key`);
  const extensions = ['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'];
  if (ocsp) extensions.push('-addext', `authorityInfoAccess=OCSP;URI:${ocsp}`);
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'].concat(
      ['-keyout', key, '-out', cert],
      extensions,
    ),
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(made.stderr);
  return { cert, key };
}

/** The shipped settings with a certificate, loopback ports and the scratch folder. */
function settings(tls: { cert: string; key: string }, extra: Record<string, string> = {}) {
  mkdirSync(path.join(dir, 'cache'), { recursive: true });
  return {
    ...shipped,
    API_INSTANCES: '127.0.0.1:9',
    NGINX_LISTEN: `127.0.0.1:${ports.tls} ssl http2`,
    NGINX_HTTP_LISTEN: `127.0.0.1:${ports.plain}`,
    NGINX_SERVER_NAME: 'localhost',
    NGINX_TLS_CERT: tls.cert,
    NGINX_TLS_KEY: tls.key,
    NGINX_CACHE_DIR: path.join(dir, 'cache'),
    NGINX_LOG_DIR: path.join(dir, 'cache'),
    ACME_WEBROOT: path.join(dir, 'acme'),
    WEB_ROOT: path.join(dir, 'web'),
    DEPLOY_DIR,
    ...extra,
  };
}

/** nginx -t (and, with `start`, nginx itself) on a rendered config; -t's status and messages. */
function runNginx(name: string, config: string, start = false) {
  const prefix = path.join(dir, name);
  mkdirSync(prefix, { recursive: true });
  const args = writeNginxMain(prefix, config);
  const check = spawnSync('nginx', [...args, '-t'], { encoding: 'utf8' });
  if (start && check.status === 0) nginx = spawn('nginx', args, { stdio: 'ignore' });
  return check;
}

/** A TLS handshake with the given protocol and TLS 1.2 suite: the suite agreed, or null if refused. */
function handshake(o: {
  version: 'TLSv1.2' | 'TLSv1.3' | 'TLSv1.1';
  cipher?: string;
}): Promise<string | null> {
  return new Promise((done) => {
    try {
      const socket = connect({
        host: '127.0.0.1',
        port: ports.tls,
        servername: 'localhost',
        rejectUnauthorized: false,
        minVersion: o.version,
        maxVersion: o.version,
        ciphers: o.cipher ? `${o.cipher}@SECLEVEL=0` : undefined,
      });
      socket.once('secureConnect', () => {
        done(socket.getCipher().name);
        socket.end();
      });
      socket.once('error', () => done(null));
    } catch {
      // A suite this client cannot offer at all.
      done(null);
    }
  });
}

beforeAll(async () => {
  [ports.tls, ports.plain] = [await freePort(), await freePort()];
  mkdirSync(path.join(dir, 'web'), { recursive: true });
  writeFileSync(path.join(dir, 'web/robots.txt'), 'User-agent: *\n');
  const check = runNginx('served', renderNginx(settings(certificate('served'))), true);
  if (check.status !== 0) throw new Error(check.stderr);
  // Listening: a TLS 1.3 handshake is agreed.
  await vi.waitFor(
    async () => {
      if ((await handshake({ version: 'TLSv1.3' })) === null) throw new Error('nginx did not answer');
    },
    { timeout: 10_000, interval: 50 },
  );
});

afterAll(() => {
  nginx?.kill('SIGQUIT');
  rmSync(dir, { recursive: true, force: true });
});

describe("HTTPS per Mozilla's intermediate profile", () => {
  it('agrees TLS 1.2 on the ECDHE AEAD suites only: no CBC, no RSA key exchange, no DHE', async () => {
    const intermediate = INTERMEDIATE_CIPHERS.split(':');
    const agreed: string[] = [];
    // Every TLS 1.2 suite this OpenSSL knows, offered alone.
    const suites = getCiphers()
      .map((name) => name.toUpperCase())
      .filter((name) => !name.startsWith('TLS_'));
    for (const suite of suites) {
      const cipher = await handshake({ version: 'TLSv1.2', cipher: suite });
      if (cipher) agreed.push(cipher);
    }
    expect(agreed.length).toBeGreaterThan(0);
    expect(agreed.filter((cipher) => !intermediate.includes(cipher))).toEqual([]);
    expect(await handshake({ version: 'TLSv1.2', cipher: 'ECDHE-RSA-AES128-SHA' })).toBeNull();
    expect(await handshake({ version: 'TLSv1.2', cipher: 'AES128-GCM-SHA256' })).toBeNull();
    expect(await handshake({ version: 'TLSv1.2', cipher: 'ECDHE-RSA-AES128-GCM-SHA256' })).toBe(
      'ECDHE-RSA-AES128-GCM-SHA256',
    );
  });

  it('TLS 1.3 yes, TLS 1.1 no', async () => {
    expect(await handshake({ version: 'TLSv1.3' })).not.toBeNull();
    expect(await handshake({ version: 'TLSv1.1', cipher: 'ECDHE-RSA-AES128-SHA' })).toBeNull();
  });

  it('the plain port sends to the HTTPS port when it is not 443, and leaves it out when it is', async () => {
    const response = await fetch(`http://127.0.0.1:${ports.plain}/fires?lang=fr`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(`https://127.0.0.1:${ports.tls}/fires?lang=fr`);
    const standard = renderNginx(
      settings(certificate('standard'), { NGINX_LISTEN: '443 ssl http2', NGINX_HTTP_LISTEN: '80' }),
    );
    expect(standard).toContain('return 301 https://$host$request_uri;');
  });

  it('staples OCSP answers for a certificate that names a responder, and nginx takes it', () => {
    const plain = certificate('no-responder');
    const issued = certificate('responder', 'http://ocsp.example.org');
    expect([hasOcspResponder(plain.cert), hasOcspResponder(issued.cert)]).toEqual([false, true]);
    const stapled = renderNginx(settings(issued, { NGINX_RESOLVER: '127.0.0.53' }));
    for (const line of [
      'ssl_stapling on;',
      'ssl_stapling_verify on;',
      `ssl_trusted_certificate ${shipped.NGINX_TLS_TRUSTED};`,
      'resolver 127.0.0.53 valid=300s;',
    ]) {
      expect(stapled).toContain(line);
    }
    const check = runNginx('stapled', stapled);
    expect(check.stderr).toMatch(/test is successful/);
    expect(renderNginx(settings(plain))).not.toContain('ssl_stapling');
    expect(renderNginx(settings(issued, { NGINX_OCSP_STAPLING: 'off' }))).not.toContain('ssl_stapling');
    expect(renderNginx(settings(plain, { NGINX_OCSP_STAPLING: 'on', NGINX_RESOLVER: '::1' }))).toContain(
      'resolver [::1] valid=300s;',
    );
  });
});
