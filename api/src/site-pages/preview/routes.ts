import { ApiErrorBody, ReportPreviewImage, ReportPreviewParams, ReportPreviewQuery } from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCached } from '../../http/cache.ts';
import { notFound } from '../../http/errors.ts';
import { previewFires, previewLevel, previewVersion } from '../service.ts';
import { previewFonts, renderPreview } from './image.ts';

/** The address of a report's preview image, as the served page names it. */
export const previewPath = (date: string, lang: 'en' | 'fr') =>
  `/v1/sitrep/${date}/preview.png${lang === 'fr' ? '?lang=fr' : ''}`;

/**
 * The link preview of a published national report (docs/decisions.md, "Served pages"): the map of
 * that day's active fires, named by the report's page as its og:image. Cached like the other public
 * reads; the PNG is rendered once per date, language and data version (the response cache keeps it).
 */
export async function previewRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  if (previewFonts().length === 0)
    app.log.warn(
      'no DejaVu or Liberation font (Debian fonts-dejavu-core): report previews use the system fonts, if any',
    );
  app.get(
    '/v1/sitrep/:date/preview.png',
    {
      schema: {
        summary:
          "A report's link preview: the map of that day's active fires by stage of control, with the report's " +
          'date and preparedness level (1200×630 PNG); 404 for a date without a published report',
        tags: ['national-sitrep'],
        params: ReportPreviewParams,
        querystring: ReportPreviewQuery,
        response: { 200: ReportPreviewImage, 400: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const { date } = request.params;
      const lang = request.query.lang ?? 'en';
      const level = await previewLevel(app.db.kysely, date);
      if (level === undefined) throw notFound('national.not_found', { date });
      return sendCached(request, reply, app.responseCache, {
        version: await previewVersion(app.db),
        contentType: 'image/png',
        compute: async () =>
          renderPreview({ date, level, lang, fires: await previewFires(app.db.kysely, date) }),
      });
    },
  );
}
