/**
 * The gateway of docs/architecture.md: one URL for the site, the data API and the content system.
 * In production any reverse proxy does this job (deploy/nginx/ciffc.conf.template); this one exists so that
 * `npm start` gives one working URL, and it carries the content cache the public site relies on.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CACHE_SECONDS, englishMessage } from '@ciffc/contracts';
import { isEmbeddablePath } from '@ciffc/contracts/site-routes';
import compress from '@fastify/compress';
import proxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import {
  CONTENT_VERSION_PATH,
  ContentCache,
  ContentVersionPoller,
  contentCacheKey,
  contentVersionReader,
} from './content-cache.ts';
import { errorBody, registerSitePages } from './site-pages.ts';

/** The nginx include with the browser hardening headers: the gateway sends exactly the same set. */
export const SECURITY_HEADERS_FILE = new URL('../../deploy/nginx/security-headers.conf', import.meta.url)
  .pathname;

/** `add_header Name "value" always;` lines of an nginx include, as { lower-case name: value }. */
export function parseHeaderSet(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*add_header\s+([A-Za-z-]+)\s+"([^"]*)"\s+always;\s*$/.exec(line);
    if (match?.[1] && match[2] !== undefined) headers[match[1].toLowerCase()] = match[2];
  }
  return headers;
}

/**
 * The header set for one address: the include's two framing variables resolved as nginx's maps do
 * (ciffc.conf.template): the embedded map may be framed by `mapFrameAncestors`, without
 * X-Frame-Options; every other answer keeps frame-ancestors 'none' and DENY. An empty value is
 * not sent, as in nginx.
 */
export function securityHeadersFor(
  set: Record<string, string>,
  path: string,
  mapFrameAncestors: string,
): Record<string, string> {
  const embeddable = isEmbeddablePath(path);
  const variables: Record<string, string> = {
    ciffc_frame_ancestors: embeddable ? mapFrameAncestors : "'none'",
    ciffc_frame_options: embeddable ? '' : 'DENY',
  };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(set)) {
    const resolved = value.replace(/\$([a-z_]+)/g, (_, variable: string) => {
      if (!(variable in variables)) throw new Error(`security-headers.conf: unknown variable $${variable}`);
      return variables[variable] ?? '';
    });
    if (resolved) headers[name] = resolved;
  }
  return headers;
}

/** The data API's imports, which take files up to its importBodyLimit (api/src/config.ts). */
const IMPORT_PATHS = new Set(['/v1/fires/import', '/v1/perimeters/import']);

/**
 * Largest request bodies, bytes: the data API's own limits (api/src/config.ts: 64 MB for the fire
 * and perimeter imports, 1 MB elsewhere) and Strapi's for uploads. Refused here, before a byte is forwarded: an
 * upstream that refuses mid-stream breaks the connection (EPIPE) instead of answering 413.
 */
export function bodyLimitFor(method: string, url: string): number {
  if (method === 'GET' || method === 'HEAD') return 0;
  const path = url.split('?')[0] ?? '';
  if (IMPORT_PATHS.has(path)) return 64 * 1024 * 1024;
  if (path.startsWith('/v1/')) return 1024 * 1024;
  if (path === '/upload' || path.startsWith('/upload/') || path.startsWith('/api/upload'))
    return 200 * 1024 * 1024;
  return 1024 * 1024;
}

/** Past the limit, this much more of a chunked body is read and dropped so the connection survives. */
const DRAIN_BYTES = 16 * 1024 * 1024;

/**
 * A whole body of unknown length, or a 413 error as soon as it passes `limit`. The rest is still
 * read (and dropped), up to DRAIN_BYTES, so the client gets the answer instead of a broken pipe
 * and the connection can carry the next request; a longer body has the connection closed.
 */
export function collectBody(payload: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const tooLarge = () =>
      Object.assign(new Error(`The request body is larger than ${limit} bytes.`), { statusCode: 413 });
    payload.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= limit) chunks.push(chunk);
      else {
        chunks.length = 0;
        // Settles once: the answer goes out while the rest is read.
        reject(tooLarge());
        if (bytes > limit + DRAIN_BYTES) (payload as Readable).destroy();
      }
    });
    payload.on('end', () => (bytes > limit ? reject(tooLarge()) : resolve(Buffer.concat(chunks))));
    payload.on('error', reject);
  });
}

/**
 * A body over `limit` bytes, refused as the data API refuses it: its code and the limit in
 * megabytes, which the site says in the user's language.
 */
export function tooLargeBody(limit: number) {
  const max = Math.max(1, Math.floor(limit / (1024 * 1024)));
  const params = { max };
  return {
    ...errorBody(413, englishMessage('request.too_large_mb', params)),
    code: 'request.too_large_mb',
    params,
  };
}

/** What the proxy's error hook needs of a reply (its own type is wider than Fastify's default). */
type UpstreamReply = {
  log: { warn: (details: object, message: string) => void };
  header: (name: string, value: string) => unknown;
  code: (status: number) => { send: (body: unknown) => unknown };
};

const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EHOSTUNREACH', 'UND_ERR_SOCKET']);

/** Paths the content system answers: its REST API, uploads, and what its admin panel calls. */
export const CMS_PREFIXES = [
  '/api',
  '/uploads',
  '/admin',
  '/content-manager',
  '/content-type-builder',
  '/upload',
  '/i18n',
  '/users-permissions',
  '/email',
  '/content-releases',
  '/review-workflows',
] as const;

/** The public content collections the site reads on every visit; nothing else is cached. */
const CACHED_CONTENT = /^\/api\/(static-contents|pages|i18n\/locales)(\/|\?|$)/;

/**
 * Only anonymous reads of public content are cached: a signed-in read, a write, or any other
 * content system path (login redirects, e-mail confirmation) goes straight through with its headers.
 */
export function isCacheableContentRead(
  method: string,
  url: string,
  authorization: string | undefined,
): boolean {
  return method === 'GET' && !authorization && CACHED_CONTENT.test(url);
}

/**
 * How a proxied request is forwarded to `part` (the data API, the content system), and what the
 * client is answered when that part is down.
 */
const forwardedHeaders = (part: string) => ({
  // X-Forwarded-For is the peer address, overwriting whatever the client sent: the content
  // system's login limit counts it. `expect` is dropped: the gateway has already answered
  // 100 Continue itself, and the upstream client refuses the header (500 "expect header not supported").
  rewriteRequestHeaders: (
    request: { ip: string; protocol: string; host: string },
    headers: IncomingHttpHeaders,
  ) => {
    const { expect: _handled, ...rest } = headers;
    return {
      ...rest,
      'x-forwarded-for': request.ip,
      'x-forwarded-proto': request.protocol,
      'x-forwarded-host': request.host,
    };
  },
  // Upstream down: 503 when nothing answers, 502 for a broken answer; the address stays in the log.
  onError: (reply: UpstreamReply, { error }: { error: Error & { code?: string } }) => {
    reply.log.warn({ err: error }, `${part} unreachable`);
    const cause = (error as { cause?: { code?: string } }).cause;
    const down = UNREACHABLE.has(error.code ?? '') || UNREACHABLE.has(cause?.code ?? '');
    const status = down ? 503 : 502;
    if (down) reply.header('retry-after', '5');
    reply.code(status).send(errorBody(status, `The ${part} is not answering; please try again shortly.`));
  },
});

export interface GatewayConfig {
  apiUrl: string;
  cmsUrl: string;
  webDist: string;
  logger?: boolean;
  trustProxy?: boolean;
  /** Sites that may frame /map: a CSP frame-ancestors source list (MAP_FRAME_ANCESTORS, default `*`). */
  mapFrameAncestors?: string;
}

export async function buildGateway(config: GatewayConfig) {
  // The gateway is the edge in demo mode: the client address is the socket's, so a client cannot
  // choose the address the content system's login rate limit counts (trustProxy only behind a proxy).
  const app = Fastify({
    logger: config.logger ?? false,
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 50 * 1024 * 1024,
  });
  const securityHeaders = parseHeaderSet(readFileSync(SECURITY_HEADERS_FILE, 'utf8'));
  // Oversized bodies answer 413 before anything is forwarded; the connection closes, since the rest
  // of the body is never read.
  app.addHook('onRequest', async (request, reply) => {
    const length = Number(request.headers['content-length'] ?? 0);
    const limit = bodyLimitFor(request.method, request.url);
    if (length > limit) {
      reply.header('connection', 'close');
      return reply.code(413).send(tooLargeBody(limit));
    }
  });

  // A chunked body (no Content-Length) is counted while it arrives and held until complete, so that
  // one over the limit answers 413 before anything reaches the part behind (not EPIPE mid-stream).
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.headers['content-length'] !== undefined) return payload;
    return Readable.from([await collectBody(payload, bodyLimitFor(request.method, request.url))]);
  });

  // The fires map answer is megabytes of GeoJSON: compress what the parts send (nginx does this in production).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    customTypes: /^(text\/|application\/(json|geo\+json|javascript|xml)|image\/svg)/,
  });

  // Content is cached per content version, followed every second (saves show within 5 s).
  const versions = new ContentVersionPoller(contentVersionReader(config.cmsUrl), 1_000);
  void versions.start();
  app.addHook('onClose', async () => versions.stop());
  const cache = new ContentCache(
    async (key) => {
      const res = await fetch(config.cmsUrl + key, { signal: AbortSignal.timeout(15_000) });
      return {
        status: res.status,
        headers: { 'content-type': res.headers.get('content-type') ?? 'application/json' },
        body: Buffer.from(await res.arrayBuffer()),
        storedAt: Date.now(),
      };
    },
    {
      ttlMs: CACHE_SECONDS * 1000,
      maxStaleMs: 24 * 3600 * 1000,
      maxEntries: 2_000,
      maxEntriesPerPath: 200,
      maxBytes: 64 * 1024 * 1024,
      version: () => versions.version,
    },
  );

  // Anonymous content reads come from the cache; signed-in reads and writes go straight through.
  const cachedContent = async (request: FastifyRequest, reply: FastifyReply) => {
    // The site polls the version to refresh open pages: answered here, the content system never sees it.
    if (request.method === 'GET' && request.url === CONTENT_VERSION_PATH && versions.version !== null) {
      return reply.header('cache-control', 'no-cache').send({ version: versions.version });
    }
    if (!isCacheableContentRead(request.method, request.url, request.headers.authorization)) return;
    try {
      // Unknown parameters dropped: a random `?zz=` neither makes an entry nor reaches the content system.
      const { response, hit } = await cache.get(contentCacheKey(request.url));
      reply.code(response.status).headers(response.headers).header('x-gateway-cache', hit);
      // Browsers revalidate: a save must reach an open page when its queries refetch.
      if (response.status === 200) reply.header('cache-control', 'no-cache');
      return reply.send(response.body);
    } catch {
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(errorBody(503, 'The content system is not answering.'));
    }
  };

  await app.register(proxy, {
    upstream: config.apiUrl,
    prefix: '/v1',
    rewritePrefix: '/v1',
    replyOptions: forwardedHeaders('data API'),
  });
  for (const prefix of CMS_PREFIXES) {
    await app.register(proxy, {
      upstream: config.cmsUrl,
      prefix,
      rewritePrefix: prefix,
      preHandler: prefix === '/api' ? cachedContent : undefined,
      replyOptions: forwardedHeaders('content system'),
    });
  }

  app.get('/gateway/health', async () => ({
    ok: true,
    site: existsSync(join(config.webDist, 'index.html')),
  }));

  // Every answer: the one header set (over whatever a part sent), one Cache-Control, no X-Powered-By.
  const mapFrameAncestors = config.mapFrameAncestors?.trim() || '*';
  app.addHook('onSend', async (request, reply) => {
    const headers = securityHeadersFor(securityHeaders, request.url.split('?')[0] ?? '', mapFrameAncestors);
    if (!headers['x-frame-options']) reply.removeHeader('x-frame-options');
    reply.headers(headers);
    reply.removeHeader('x-powered-by');
    const cacheControl = reply.getHeader('cache-control');
    if (Array.isArray(cacheControl)) reply.header('cache-control', cacheControl[0]);
  });

  if (existsSync(config.webDist)) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The build writes each script and style beside itself as .br and .gz (web/vite.config.ts):
      // sent as they are, not compressed again per request (MapLibre's module is 1.1 MB).
      preCompressed: true,
      // Ours, not the plugin's: its default (public, max-age=0) would replace both headers below.
      cacheControl: false,
      setHeaders: (res, path) => {
        // Hashed bundles never change; everything else (index.html, favicon) is revalidated.
        res.setHeader(
          'cache-control',
          path.startsWith(join(config.webDist, 'assets'))
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
        // One address, several codings (the build's .br and .gz beside each): a shared cache keeps each apart.
        if (/\.(js|mjs|css|json|svg)(\.br|\.gz)?$/.test(path)) res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  registerSitePages(app, config);

  return app;
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  const app = await buildGateway({
    apiUrl: process.env.API_URL ?? 'http://127.0.0.1:3001',
    cmsUrl: process.env.CMS_URL ?? 'http://127.0.0.1:1337',
    webDist: process.env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname,
    logger: process.env.GATEWAY_LOG === '1',
    trustProxy: process.env.GATEWAY_TRUST_PROXY === '1',
    mapFrameAncestors: process.env.MAP_FRAME_ANCESTORS,
  });
  const close = () => app.close().then(() => process.exit(0));
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
  await app.listen({ port: Number(process.env.PORT ?? 8080), host: process.env.HOST ?? '0.0.0.0' });
}
