import type { FastifyRequest } from 'fastify';

/**
 * The site's address as the client used it, through nginx or the gateway (`X-Forwarded-*`): links
 * to the site's pages (feeds, served pages, the sitemap), which share the API's host.
 */
export function siteUrl(request: FastifyRequest): string {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim();
  const proto = first(request.headers['x-forwarded-proto']) || request.protocol;
  const host = first(request.headers['x-forwarded-host']) || request.host;
  return `${proto}://${host}`;
}
