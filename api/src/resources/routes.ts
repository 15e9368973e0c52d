import {
  ExpandedShortnames,
  ResourceOptions,
  ResourceOptionsQuery,
  ShortnamesRequest,
} from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCached } from '../http/cache.ts';
import { requestLang } from '../http/lang.ts';
import { catalogueVersion, expandedShortnames, resourceOptions } from './service.ts';

/** GET and POST /v1/resource/options and /v1/resource/options/active (docs/spec/data-entry.md section 7, no auth). */
export async function resourceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  for (const [path, activeOnly] of [
    ['/v1/resource/options', false],
    ['/v1/resource/options/active', true],
  ] as const) {
    const what = activeOnly ? 'The active resources' : 'The full resource catalogue';
    app.get(
      path,
      {
        schema: {
          summary: `${what}: categories, subcategories per category, resources per category and subcategory, short-name lists`,
          tags: ['resources'],
          querystring: ResourceOptionsQuery,
          response: { 200: ResourceOptions },
        },
      },
      async (request, reply) => {
        const locale = requestLang(request);
        return sendCached(request, reply, app.responseCache, {
          version: `resources:${await catalogueVersion(app.db.kysely)}|${locale}`,
          vary: 'Accept-Language',
          schema: ResourceOptions,
          compute: () => resourceOptions(app.db.kysely, { locale, activeOnly }),
        });
      },
    );

    app.post(
      path,
      {
        schema: {
          summary: `${what}, narrowed to the given short names (the expanded set)`,
          tags: ['resources'],
          querystring: ResourceOptionsQuery,
          body: ShortnamesRequest,
          response: { 200: ExpandedShortnames },
        },
      },
      async (request) =>
        expandedShortnames(
          app.db.kysely,
          { locale: requestLang(request), activeOnly },
          request.body.shortnames,
        ),
    );
  }
}
