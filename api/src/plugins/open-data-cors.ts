import type { FastifyInstance, onRequestHookHandler } from 'fastify';

/**
 * Open data for other sites' maps (docs/decisions.md, "Open data to web maps"): every public GET
 * (a route without `security` in its schema: fires, OGC, dashboard, map, summary, sitrep,
 * historical, exports) answers `Access-Control-Allow-Origin: *`, and a preflight on `/v1/…` allows
 * GET and HEAD with the headers a map library sends. Signed-in routes get no CORS header, and a
 * preflight never allows `Authorization`, so no other origin can use a user's token here.
 */
const ALLOW_HEADERS = 'Accept, Accept-Language, If-None-Match, If-Modified-Since';
/** What a cross-origin script may read besides the safelisted headers (revalidation, paging, CRS). */
const EXPOSE_HEADERS = 'ETag, Content-Crs, Link, Retry-After, X-Request-Id';

// Set as the request arrives, so that every answer carries them (refusals too) and the fast path,
// which keeps an answer's headers as they are sent, replays them.
const openToAll: onRequestHookHandler = (_request, reply, done) => {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', EXPOSE_HEADERS);
  done();
};

export function registerOpenDataCors(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.includes('GET') || route.schema?.security || !route.url.startsWith('/v1/')) return;
    const before = route.onRequest;
    route.onRequest = before ? [openToAll, ...(Array.isArray(before) ? before : [before])] : [openToAll];
  });
  app.options('/v1/*', { schema: { hide: true } }, async (_request, reply) => {
    reply
      .code(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'GET, HEAD')
      .header('access-control-allow-headers', ALLOW_HEADERS)
      .header('access-control-max-age', '86400')
      .header('cache-control', 'public, max-age=86400');
    return reply.send();
  });
}
