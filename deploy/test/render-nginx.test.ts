// The site config rendered from deploy/nginx/ciffc.conf.template with the shipped nginx.env: which
// addresses it listens on, and that nginx accepts it (`nginx -t`, which binds no port).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEPLOY_DIR, parseEnvFile, renderNginx, retryAfterSeconds } from '../render-nginx.mjs';
import { selfSignedCertificate } from './stack.ts';

const shipped = parseEnvFile(readFileSync(path.join(DEPLOY_DIR, 'env', 'nginx.env'), 'utf8'));
const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-render-nginx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The `listen` values of each `server { }` block, in order. */
const listens = (config: string): string[][] =>
  config
    .split(/^server \{$/m)
    .slice(1)
    .map((block) => [...block.matchAll(/^ {2}listen (.+);$/gm)].map((match) => match[1] ?? ''));

/** `nginx -t` on `config` inside `http { }`, with its own prefix; its status and messages. */
const nginxTest = (name: string, config: string) => {
  const prefix = path.join(dir, name);
  mkdirSync(prefix, { recursive: true });
  writeFileSync(path.join(prefix, 'ciffc.conf'), config);
  const nginxConf = [
    `pid ${path.join(prefix, 'nginx.pid')};`,
    'events { worker_connections 64; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    `  include ${path.join(prefix, 'ciffc.conf')};`,
    '}',
  ].join('\n');
  writeFileSync(path.join(prefix, 'nginx.conf'), nginxConf);
  const error = path.join(prefix, 'error.log');
  const args = ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', error, '-t'];
  return spawnSync('nginx', args, { encoding: 'utf8' });
};

/** The shipped settings with its folders and certificate in the scratch folder. */
const scratchEnv = (name: string, tls: boolean): Record<string, string> => {
  const root = path.join(dir, `${name}-root`);
  mkdirSync(path.join(root, 'cache'), { recursive: true });
  mkdirSync(path.join(root, 'log'), { recursive: true });
  const env = {
    ...shipped,
    NGINX_CACHE_DIR: path.join(root, 'cache'),
    NGINX_LOG_DIR: path.join(root, 'log'),
    ACME_WEBROOT: path.join(root, 'acme'),
    DEPLOY_DIR,
    NGINX_TLS_CERT: '',
    NGINX_TLS_KEY: '',
  };
  if (!tls) return env;
  const { cert, key } = selfSignedCertificate(root);
  return { ...env, NGINX_TLS_CERT: cert, NGINX_TLS_KEY: key };
};

describe('the rendered nginx site config', () => {
  it('with a certificate: the plain-HTTP redirect and HTTPS listen on IPv4 and IPv6, and nginx accepts it', () => {
    const config = renderNginx(scratchEnv('tls', true));
    expect(listens(config)).toEqual([
      ['80', '[::]:80'],
      ['443 ssl http2', '[::]:443 ssl http2'],
    ]);
    const check = nginxTest('tls', config);
    expect(check.stderr).toMatch(/test is successful/);
    expect(check.status).toBe(0);
  });

  it('without a certificate: plain HTTP on IPv4 and IPv6, and nginx accepts it', () => {
    const config = renderNginx(scratchEnv('plain', false));
    expect(listens(config)).toEqual([['80', '[::]:80']]);
    const check = nginxTest('plain', config);
    expect(check.stderr).toMatch(/test is successful/);
    expect(check.status).toBe(0);
  });

  it('an address given in NGINX_LISTEN or NGINX_HTTP_LISTEN is listened on alone', () => {
    const env = { ...scratchEnv('tls', true), NGINX_LISTEN: '127.0.0.1:8443 ssl http2' };
    const config = renderNginx({ ...env, NGINX_HTTP_LISTEN: '127.0.0.1:8080' });
    expect(listens(config)).toEqual([['127.0.0.1:8080'], ['127.0.0.1:8443 ssl http2']]);
  });

  it('sign-in and the password mails each have a zone per client address; Retry-After follows the rate', () => {
    const config = renderNginx({
      ...scratchEnv('limits', false),
      LOGIN_RATE: '20r/m',
      PASSWORD_RESET_RATE: '3r/m',
    });
    expect(config).toMatch(/^limit_req_zone \$binary_remote_addr zone=ciffc_sign_in:\S+ rate=20r\/m;$/m);
    expect(config).toMatch(
      /^limit_req_zone \$binary_remote_addr zone=ciffc_password_reset:\S+ rate=3r\/m;$/m,
    );
    const retryAfter = (location: string) =>
      new RegExp(`location ${location} \\{[^}]*add_header Retry-After "(\\d+)"`).exec(config)?.[1];
    expect(retryAfter('@sign_in_limited')).toBe('3');
    expect(retryAfter('@password_reset_limited')).toBe('20');
    expect([
      retryAfterSeconds('X', '10r/m'),
      retryAfterSeconds('X', '7r/m'),
      retryAfterSeconds('X', '2r/s'),
    ]).toEqual([6, 9, 1]);
    expect(() => renderNginx({ ...scratchEnv('limits', false), PASSWORD_RESET_RATE: '10/min' })).toThrow(
      /PASSWORD_RESET_RATE is not a rate/,
    );
  });

  it('keeps the last good sitemap a week in a zone of its own, served when no data API instance answers, and nginx accepts it', () => {
    const env: Record<string, string> = { ...scratchEnv('sitemap', false), API_MICROCACHE: 'off' };
    const config = renderNginx(env);
    const zone = /^proxy_cache_path (\S+) .*keys_zone=ciffc_site:\S+ .*inactive=(\S+)/m.exec(config);
    expect(zone?.[1]).toBe(path.join(env.NGINX_CACHE_DIR ?? '', 'site'));
    expect(zone?.[2]).toBe('7d');
    const sitemap = /location = \/sitemap\.xml \{([\s\S]*?)\n {2}\}/.exec(config)?.[1] ?? '';
    expect(sitemap).toMatch(/^ +proxy_cache ciffc_site;$/m);
    expect(sitemap).toMatch(
      /^ +proxy_cache_use_stale updating error timeout http_500 http_502 http_503 http_504;$/m,
    );
    const check = nginxTest('sitemap', config);
    expect(check.stderr).toMatch(/test is successful/);
    expect(check.status).toBe(0);
  });
});
