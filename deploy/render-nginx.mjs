#!/usr/bin/env node
// Renders deploy/nginx/ciffc.conf.template with the settings of deploy/env/nginx.env:
//   node deploy/render-nginx.mjs /etc/ciffc/nginx.env > /etc/nginx/conf.d/ciffc.conf && nginx -t
// The production test renders the same template (deploy/test/production.test.ts).
import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// By path, not by package name: a plain `node deploy/render-nginx.mjs` then needs nothing installed.
import {
  EMBEDDABLE_ROUTES,
  knownPatterns,
  patternRegex,
} from '../packages/contracts/src/site/site-routes.mjs';

export const DEPLOY_DIR = path.dirname(fileURLToPath(import.meta.url));

/** `KEY=value` lines (systemd EnvironmentFile syntax: # comments, optional quotes). */
export function parseEnvFile(text) {
  const env = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match || line.trim().startsWith('#')) continue;
    env[match[1]] = match[2].replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');
  }
  return env;
}

const words = (value) => value.split(/[\s,]+/).filter(Boolean);

/**
 * Mozilla's "intermediate" profile (guidelines 6.0, ssl-config.mozilla.org): TLS 1.2 and 1.3, the
 * six ECDHE AEAD suites for TLS 1.2 (no CBC, no DHE, so no dhparam), the client's order. Its
 * X25519MLKEM768 group needs OpenSSL 3.5 (Debian 12 and 13 ship 3.0 and 3.5): the curves are
 * those both take.
 */
export const INTERMEDIATE_CIPHERS = [
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
  'ECDHE-RSA-CHACHA20-POLY1305',
].join(':');

/**
 * Whether the certificate in `file` names an OCSP responder (its Authority Information Access):
 * a self-signed placeholder names none, nor do Let's Encrypt's certificates since 2025; nginx
 * staples only for a certificate that does. False when the file cannot be read.
 */
export function hasOcspResponder(file) {
  try {
    return /^OCSP - URI:/m.test(new X509Certificate(readFileSync(file)).infoAccess ?? '');
  } catch {
    return false;
  }
}

/** The name servers of /etc/resolv.conf (an IPv6 one without its zone). */
function systemResolvers() {
  let text = '';
  try {
    text = readFileSync('/etc/resolv.conf', 'utf8');
  } catch {}
  return [...text.matchAll(/^\s*nameserver\s+(\S+)/gm)].map((m) => (m[1] ?? '').replace(/%.*$/, ''));
}

/** nginx's `resolver` takes an IPv6 address in brackets (`[::1]`); a name or IPv4 as it is. */
const resolverAddress = (address) =>
  address.split(':').length > 2 && !address.startsWith('[') ? `[${address}]` : address;

/**
 * OCSP stapling (NGINX_OCSP_STAPLING: auto, on, off): with `auto`, on when the certificate names
 * a responder. Verified against NGINX_TLS_TRUSTED (the system's roots; nginx takes the
 * intermediates from the certificate file), the responder's name looked up by NGINX_RESOLVER
 * (default: the name servers of /etc/resolv.conf).
 */
function staplingSettings(env, cert) {
  const mode = env.NGINX_OCSP_STAPLING || 'auto';
  if (!['auto', 'on', 'off'].includes(mode))
    throw new Error(`NGINX_OCSP_STAPLING is auto, on or off: ${mode}`);
  if (mode === 'off' || (mode === 'auto' && !hasOcspResponder(cert))) return [];
  const trusted = env.NGINX_TLS_TRUSTED || '/etc/ssl/certs/ca-certificates.crt';
  const resolvers = (env.NGINX_RESOLVER ? words(env.NGINX_RESOLVER) : systemResolvers()).map(resolverAddress);
  if (resolvers.length === 0) throw new Error('OCSP stapling needs a name server: set NGINX_RESOLVER');
  if (mode === 'auto' && !existsSync(trusted)) return [];
  return [
    '  ssl_stapling on;',
    '  ssl_stapling_verify on;',
    `  ssl_trusted_certificate ${trusted};`,
    `  resolver ${resolvers.join(' ')} valid=300s;`,
    '  resolver_timeout 5s;',
  ];
}

/** The main server's TLS lines. nginx 1.22 takes http2 on `listen`, not as its own directive. */
function tlsSettings(cert, key, env) {
  return [
    `  ssl_certificate ${cert};`,
    `  ssl_certificate_key ${key};`,
    '  ssl_protocols TLSv1.2 TLSv1.3;',
    `  ssl_ciphers ${INTERMEDIATE_CIPHERS};`,
    '  ssl_ecdh_curve X25519:prime256v1:secp384r1;',
    '  ssl_prefer_server_ciphers off;',
    '  ssl_session_cache shared:ciffc_tls:10m;',
    '  ssl_session_timeout 1d;',
    '  ssl_session_tickets off;',
    ...staplingSettings(env, cert),
  ].join('\n');
}

/**
 * The `listen` lines of a server: a bare port (`80`, `443 ssl http2`) is listened on over IPv6 as
 * well, since nginx's bare port is IPv4 only; an address (`127.0.0.1:8080`) stays as it is.
 */
function listenLines(listen) {
  const lines = [`  listen ${listen};`];
  if (/^\d+(\s|$)/.test(listen)) lines.push(`  listen [::]:${listen};`);
  return lines.join('\n');
}

/**
 * With a certificate, the plain port only sends browsers to https (301, same host and path, and
 * the HTTPS port when it is not 443). The one exception, when ACME_WEBROOT is set: certbot's
 * `--webroot` challenge files, which a renewal must fetch over plain HTTP.
 */
function redirectServer(listen, serverName, env, httpsPort) {
  const acme = env.ACME_WEBROOT
    ? `  location /.well-known/acme-challenge/ {\n    root ${env.ACME_WEBROOT};\n  }\n`
    : '';
  const port = httpsPort === '443' ? '' : `:${httpsPort}`;
  return [
    'server {',
    listenLines(listen),
    `  server_name ${serverName};`,
    '  access_log off;',
    `${acme}  location / {`,
    `    return 301 https://$host${port}$request_uri;`,
    '  }',
    '}',
  ].join('\n');
}

/** The port of a `listen` value: `443 ssl http2`, `127.0.0.1:8443 ssl`, `[::1]:8443`. */
function listenPort(listen) {
  const address = listen.trim().split(/\s+/)[0] ?? '';
  return /(?:^|:)(\d+)$/.exec(address)?.[1] ?? '443';
}

/**
 * The sources that may frame the embedded map: a CSP frame-ancestors list (`*`, origins, schemes,
 * `'self'`), refused when it could break out of the header.
 */
function frameAncestors(value) {
  const list = value.trim() || '*';
  if (!/^[A-Za-z0-9*:/.'\- ]+$/.test(list))
    throw new Error(`MAP_FRAME_ANCESTORS is not a source list: ${list}`);
  return list;
}

/** Map lines, one per pattern of the site's list (nginx regexes are quoted: they hold braces). */
const mapLines = (patterns, value, withQuery) =>
  patterns
    .map((pattern) => {
      const regex = withQuery ? patternRegex(pattern).replace(/\$$/, '(\\?.*)?$') : patternRegex(pattern);
      return `  "~*${regex}" ${value};`;
    })
    .join('\n');

/** The public reads' addresses and the query parameters each takes (written by the data API). */
export const QUERY_RULES_FILE = path.join(DEPLOY_DIR, 'nginx', 'query-params.json');

/** A parameter name nginx can repeat in its JSON answer as it is; any other is refused unnamed. */
const NAME = '[A-Za-z0-9_.~%+-]{1,100}';
const SEGMENT_END = '(?:=|&|$)';

/** `/v1/fires/:agency/:id` as a regex of the decoded path: a parameter is one segment. */
const routeRegex = (route) =>
  route
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');

/** The data API's 400 body (docs/api.md, errors) for a refused parameter, as an nginx string. */
function refusalBody(code, name, message, params) {
  const fieldError = { code, params, message };
  const body = {
    statusCode: 400,
    error: 'Bad Request',
    message,
    code,
    params,
    validationErrors: { [name]: fieldError },
    requestId: '$request_id',
  };
  return `"${JSON.stringify(body).replaceAll('"', '\\"')}"`;
}

/**
 * The lines of the map that refuses, in nginx itself, a public read's query parameter that its
 * address does not take or that is given twice (the same 400 as the data API's), so a junk
 * parameter costs no cache miss and never reaches an instance. Per address, in the router's
 * order: the refusals, then a line that ends the search for that address (nginx takes the first
 * regex that matches, as the router takes the first route).
 */
export function queryRefusalLines(rules) {
  return rules
    .flatMap(({ path: route, params }) => {
      const prefix = `~^(?:GET|HEAD):${routeRegex(route)}\\?(?:[^&]*&)*?`;
      const known = params.length
        ? `(?!(?:${params.map((p) => p.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')).join('|')})${SEGMENT_END})`
        : '';
      const expected = params.length ? params.join(', ') : 'none';
      const unknown = (name) =>
        refusalBody(
          'query.unknown_parameter',
          name,
          `Unknown query parameter ${name} (this address takes: ${expected})`,
          { names: name, expected },
        );
      const repeated = refusalBody(
        'query.repeated_parameter',
        '$1',
        'Query parameter $1 is given more than once',
        { names: '$1' },
      );
      return [
        `  "${prefix}${known}(${NAME})${SEGMENT_END}" ${unknown('$1')};`,
        `  "${prefix}${known}[^&=]" ${unknown('?')};`,
        `  "${prefix}(${NAME})(?:=[^&]*)?&(?:[^&]*&)*?\\1${SEGMENT_END}" ${repeated};`,
        `  "~^(?:GET|HEAD):${routeRegex(route)}\\?" "";`,
      ];
    })
    .join('\n');
}

/**
 * Seconds until a limit_req zone of `rate` (`10r/m`, `2r/s`) lets the next request through once its
 * burst is spent: the Retry-After of nginx's 429. A rate nginx would refuse is refused here, by name.
 */
export function retryAfterSeconds(name, rate) {
  const match = /^(\d+)r\/([sm])$/.exec(rate);
  if (!match || Number(match[1]) === 0) throw new Error(`${name} is not a rate (like 10r/m): ${rate}`);
  return Math.ceil((match[2] === 'm' ? 60 : 1) / Number(match[1]));
}

/** The config text for these settings; every setting has a default but the instances. */
export function renderNginx(env) {
  const get = (name, fallback) => env[name] || fallback;
  const instances = words(get('API_INSTANCES', ''));
  if (instances.length === 0) throw new Error('API_INSTANCES lists no data API instance (host:port ...)');
  const maxFails = get('API_MAX_FAILS', '2');
  const failTimeout = get('API_FAIL_TIMEOUT', '5s');
  const cert = get('NGINX_TLS_CERT', '');
  const key = get('NGINX_TLS_KEY', '');
  const tls = cert && key ? tlsSettings(cert, key, env) : '';
  const listen = get('NGINX_LISTEN', cert ? '443 ssl http2' : '80');
  // Sign-in and the password mails: one zone each per client address (docs/decisions.md, "Sign-in
  // and password limits"); LOGIN_* keeps its name, so an nginx.env written before still applies.
  const signInRate = get('LOGIN_RATE', '10r/m');
  const passwordResetRate = get('PASSWORD_RESET_RATE', '10r/m');
  const values = {
    API_SERVERS: instances
      .map((address) => `  server ${address} max_fails=${maxFails} fail_timeout=${failTimeout};`)
      .join('\n'),
    CMS_ADDRESS: get('CMS_ADDRESS', '127.0.0.1:1337'),
    CACHE_DIR: get('NGINX_CACHE_DIR', '/var/cache/nginx/ciffc'),
    LOG_DIR: get('NGINX_LOG_DIR', '/var/log/nginx'),
    LISTEN: listenLines(listen),
    SERVER_NAME: get('NGINX_SERVER_NAME', '_'),
    TLS: tls,
    REDIRECT_SERVER: tls
      ? redirectServer(get('NGINX_HTTP_LISTEN', '80'), get('NGINX_SERVER_NAME', '_'), env, listenPort(listen))
      : '',
    WEB_ROOT: get('WEB_ROOT', '/srv/ciffc/web/dist'),
    // deploy/upgrade.sh keeps each replaced release's hashed files here for a day.
    OLD_ASSETS_ROOT: path.join(get('RELEASES_DIR', '/srv/ciffc-releases'), 'old-web'),
    DEPLOY_DIR: get('DEPLOY_DIR', DEPLOY_DIR),
    API_CACHE: get('API_MICROCACHE', 'on') === 'off' ? 'off' : 'ciffc_api',
    LOGIN_RATE: signInRate,
    LOGIN_BURST: get('LOGIN_BURST', '5'),
    LOGIN_RETRY_AFTER: String(retryAfterSeconds('LOGIN_RATE', signInRate)),
    PASSWORD_RESET_RATE: passwordResetRate,
    PASSWORD_RESET_BURST: get('PASSWORD_RESET_BURST', '5'),
    PASSWORD_RESET_RETRY_AFTER: String(retryAfterSeconds('PASSWORD_RESET_RATE', passwordResetRate)),
    // $request_uri, not $uri: the headers go out after try_files has made $uri /index.html.
    EMBEDDABLE_FRAME_ANCESTORS: mapLines(
      EMBEDDABLE_ROUTES,
      `"${frameAncestors(get('MAP_FRAME_ANCESTORS', '*'))}"`,
      true,
    ),
    EMBEDDABLE_FRAME_OPTIONS: mapLines(EMBEDDABLE_ROUTES, '""', true),
    SITE_PAGES: mapLines(knownPatterns(), '1', false),
    QUERY_REFUSALS: queryRefusalLines(JSON.parse(readFileSync(QUERY_RULES_FILE, 'utf8'))),
    ADMIN_ALLOW: words(get('ADMIN_ALLOW', '127.0.0.1'))
      .map((address) => `    allow ${address};`)
      .join('\n'),
  };
  const template = readFileSync(path.join(DEPLOY_DIR, 'nginx', 'ciffc.conf.template'), 'utf8');
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`unknown placeholder {{${name}}}`);
    return values[name];
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  const env = file ? { ...process.env, ...parseEnvFile(readFileSync(file, 'utf8')) } : process.env;
  process.stdout.write(renderNginx(env));
}
