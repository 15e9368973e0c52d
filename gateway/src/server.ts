/**
 * The gateway of ARCHITECTURE.md: one URL for the site, the data API and the content system.
 * In production any reverse proxy does this job (docs/deploy/nginx.conf); this one exists so that
 * `npm start` gives one working URL, and it carries the content cache the public site relies on.
 */
import { existsSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import compress from '@fastify/compress';
import proxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { ContentCache } from './content-cache.ts';

const CACHE_SECONDS = 900;

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

export interface GatewayConfig {
  apiUrl: string;
  cmsUrl: string;
  webDist: string;
  logger?: boolean;
  trustProxy?: boolean;
}

export async function buildGateway(config: GatewayConfig) {
  // The gateway is the edge in demo mode: the client address is the socket's, so a client cannot
  // choose the address the content system's login rate limit counts (trustProxy only behind a proxy).
  const app = Fastify({
    logger: config.logger ?? false,
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 50 * 1024 * 1024,
  });
  const forwardedHeaders = {
    rewriteRequestHeaders: (
      request: { ip: string; protocol: string; host: string },
      headers: IncomingHttpHeaders,
    ) => ({
      ...headers,
      'x-forwarded-for': request.ip,
      'x-forwarded-proto': request.protocol,
      'x-forwarded-host': request.host,
    }),
  };

  // The fires map answer is megabytes of GeoJSON: compress what the parts send (nginx does this in production).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    customTypes: /^(text\/|application\/(json|geo\+json|javascript|xml)|image\/svg)/,
  });

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
      maxBytes: 64 * 1024 * 1024,
    },
  );

  // Anonymous content reads come from the cache; signed-in reads and writes go straight through.
  const cachedContent = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isCacheableContentRead(request.method, request.url, request.headers.authorization)) return;
    try {
      const { response, hit } = await cache.get(request.url);
      reply.code(response.status).headers(response.headers).header('x-gateway-cache', hit);
      if (response.status === 200) reply.header('cache-control', `public, max-age=${CACHE_SECONDS}`);
      return reply.send(response.body);
    } catch {
      return reply
        .code(502)
        .send({ statusCode: 502, error: 'Bad Gateway', message: 'Content system unreachable' });
    }
  };

  await app.register(proxy, {
    upstream: config.apiUrl,
    prefix: '/v1',
    rewritePrefix: '/v1',
    replyOptions: forwardedHeaders,
  });
  for (const prefix of CMS_PREFIXES) {
    await app.register(proxy, {
      upstream: config.cmsUrl,
      prefix,
      rewritePrefix: prefix,
      preHandler: prefix === '/api' ? cachedContent : undefined,
      replyOptions: forwardedHeaders,
    });
  }

  app.get('/gateway/health', async () => ({
    ok: true,
    site: existsSync(join(config.webDist, 'index.html')),
  }));

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  });

  if (existsSync(config.webDist)) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
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
      },
    });
  }

  // SPA fallback: every other GET is a route of the site, rendered by index.html (its router
  // shows the 404 page for unknown paths).
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply
        .code(404)
        .send({ statusCode: 404, error: 'Not Found', message: `No route ${request.method} ${request.url}` });
    }
    if (!existsSync(join(config.webDist, 'index.html'))) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The site is not built yet: run npm start (it builds web/).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', config.webDist);
  });

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
  });
  const close = () => app.close().then(() => process.exit(0));
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
  await app.listen({ port: Number(process.env.PORT ?? 8080), host: process.env.HOST ?? '0.0.0.0' });
}
