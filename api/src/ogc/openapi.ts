import { OPEN_DATA_LICENCE } from '@ciffc/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiHtml, formatOf, HTML_VARY, htmlContext } from './html.ts';

const BASE = '/v1/ogc';
export const OPENAPI_TYPE = 'application/vnd.oai.openapi+json;version=3.1';
const JSON_TYPE = 'application/json';
const HTML_TYPE = 'text/html; charset=utf-8';

/**
 * The OGC part of the OpenAPI document, its paths relative to /v1/ogc as clients look them up
 * (GDAL reads `/collections/{id}/items` there for the parameters it may send; newer GDAL also reads
 * `limit`'s `default` and `maximum` for its page size). Generated from the routes' schemas like
 * /v1/openapi.json.
 */
function ogcOpenapi(app: FastifyInstance, base: string) {
  const whole = app.swagger() as { paths?: Record<string, unknown> } & Record<string, unknown>;
  const paths = Object.fromEntries(
    Object.entries(whole.paths ?? {})
      .filter(([path]) => path === BASE || path.startsWith(`${BASE}/`))
      .map(([path, item]) => [path.slice(BASE.length) || '/', item]),
  );
  return {
    ...whole,
    info: {
      title: 'CIFFC wildland fires – OGC API Features',
      version: '1',
      description: OPEN_DATA_LICENCE.attribution.en,
      license: { name: OPEN_DATA_LICENCE.en.title, url: OPEN_DATA_LICENCE.en.url },
    },
    servers: [{ url: base }],
    paths,
  };
}

/** GET /v1/ogc/api: the document as JSON (the type the client accepts) or as a page for a person. */
export function sendOpenapi(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  base: string,
) {
  reply.header('cache-control', 'public, max-age=300').header('vary', HTML_VARY);
  const doc = ogcOpenapi(app, base);
  if (formatOf(request) === 'html')
    return reply.type(HTML_TYPE).send(apiHtml(doc, htmlContext(request, base)));
  // The 3.1 type to a client that asks for it; GDAL 3.6 asks for OpenAPI 3.0 or JSON and refuses
  // any other type, so it (and any other client) gets application/json.
  const accept = (request.headers.accept ?? '').replaceAll(' ', '');
  const type = accept.includes(OPENAPI_TYPE) || /openapi\+json(,|$)/.test(accept) ? OPENAPI_TYPE : JSON_TYPE;
  return reply.type(`${type}; charset=utf-8`).send(JSON.stringify(doc));
}
