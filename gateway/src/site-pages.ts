/**
 * The site's pages through the gateway: each page as the data API serves it (its head, its text,
 * its status), the sitemap, and the built shell when the API cannot answer.
 */
import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { join } from 'node:path';
import { isSitePath, reportDateOf } from '@ciffc/contracts/site-routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The shared error shape of the data API (api/src/http/errors.ts), never with an internal address. */
export function errorBody(statusCode: number, message: string) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/**
 * Registers the sitemap and the handler of every other address (pages of the site, then 404s) on
 * `app`: registered last, after the proxies and the static files.
 */
export function registerSitePages(app: FastifyInstance, config: { apiUrl: string; webDist: string }): void {
  /**
   * Whether a report date has a published report: the data API says (HEAD of the public read, its
   * cache answers). When it cannot say in time, the page decides (200), as nginx does.
   */
  const reportExists = async (date: string): Promise<boolean> => {
    try {
      const res = await fetch(`${config.apiUrl}/v1/sitrep?date=${date}`, {
        method: 'HEAD',
        signal: AbortSignal.timeout(2_000),
      });
      return res.status !== 404;
    } catch {
      return true;
    }
  };

  /**
   * A page as the data API serves it (docs/decisions.md, "Served pages"): the built shell with the
   * page's head, its text for a report, and its status (404 for an address of no page or a report
   * date without a report). Undefined when the API cannot answer: the static shell is served then.
   */
  const servedPage = async (request: FastifyRequest): Promise<Response | undefined> => {
    // Plain bytes: this gateway compresses what it sends, and the ETag is then the plain one's.
    const headers: Record<string, string> = {
      'x-forwarded-proto': request.protocol,
      'x-forwarded-host': request.host,
      'accept-encoding': 'identity',
    };
    const etag = request.headers['if-none-match'];
    if (etag) headers['if-none-match'] = etag;
    try {
      const res = await fetch(`${config.apiUrl}/v1/site/page${request.url}`, {
        method: request.method,
        headers,
        signal: AbortSignal.timeout(5_000),
      });
      // Only the served page itself (or 304): an API without it answers a JSON 404.
      const page = res.status === 304 || res.headers.get('content-type')?.startsWith('text/html');
      return res.status < 500 && page ? res : undefined;
    } catch {
      return undefined;
    }
  };

  /** The sitemap, from the data API (it knows the published reports). */
  app.get('/sitemap.xml', async (request, reply) => {
    try {
      const res = await fetch(`${config.apiUrl}/v1/site/sitemap.xml`, {
        headers: { 'x-forwarded-proto': request.protocol, 'x-forwarded-host': request.host },
        signal: AbortSignal.timeout(5_000),
      });
      reply.code(res.status).header('content-type', res.headers.get('content-type') ?? 'application/xml');
      return reply.send(Buffer.from(await res.arrayBuffer()));
    } catch {
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(errorBody(503, 'The data API is not answering.'));
    }
  });

  // Every other GET: a page of the site (@ciffc/contracts/site-routes) as the data API serves it;
  // when it cannot, index.html (200 for a page, 404 for any other address), which the router draws.
  app.setNotFoundHandler(async (request, reply) => {
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
    const served = await servedPage(request);
    if (served) {
      reply.code(served.status);
      for (const name of ['content-type', 'etag', 'cache-control', 'vary']) {
        const value = served.headers.get(name);
        if (value) reply.header(name, value);
      }
      return reply.send(Buffer.from(await served.arrayBuffer()));
    }
    const path = request.url.split('?')[0] ?? '';
    const date = reportDateOf(path);
    const found = isSitePath(path) && (date === undefined || (await reportExists(date)));
    return reply
      .code(found ? 200 : 404)
      .header('cache-control', 'no-cache')
      .sendFile('index.html', config.webDist);
  });
}
