import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { Locale, PublicNationalSitrep } from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import { sendCached } from '../http/cache.ts';
import { HttpError } from '../http/errors.ts';
import { siteUrl } from '../http/site-url.ts';
import * as nationalSitrep from '../national-sitrep/service.ts';
import { contentPageReader } from './content-pages.ts';
import { PREVIEW_SIZE, previewAlt } from './preview/image.ts';
import { previewPath, previewRoutes } from './preview/routes.ts';
import {
  contentAlias,
  describePage,
  pageStatus,
  renderPage,
  reportWanted,
  sitemapXml,
} from './served-page.ts';

/**
 * The site's pages as served HTML (docs/decisions.md, "Served pages"): nginx and the gateway ask
 * `/v1/site/page/{path}` for every page address that is not a file, and get the built shell with
 * that page's head, its status (404 for an address of no page or a report date without a report)
 * and, for a report, its text. The sitemap lists the public pages and every published report.
 */

/** The built shell, read again when the file changes (a deploy replaces it). */
function shellReader(file: string) {
  let cached: { stamp: string; text: string } | undefined;
  return async () => {
    const info = await stat(file).catch(() => undefined);
    if (!info) throw new HttpError(503, 'service.site_not_built');
    const stamp = `${info.mtimeMs}:${info.size}`;
    if (cached?.stamp !== stamp) cached = { stamp, text: await readFile(file, 'utf8') };
    return cached;
  };
}

/** A shared link keeps its trackers (utm_*, fbclid): the page reads `lang` and ignores the rest. */
const langOf = (query: unknown): Locale => ((query as { lang?: unknown }).lang === 'fr' ? 'fr' : 'en');

const contentStamp = (content: unknown) =>
  content === undefined ? '-' : createHash('sha1').update(JSON.stringify(content)).digest('base64url');

export async function sitePageRoutes(app: FastifyInstance): Promise<void> {
  const shell = shellReader(app.config.siteShell);
  const contentPage = contentPageReader(app.config.cmsUrl);
  const tags = ['site'];
  await previewRoutes(app);

  app.get(
    '/v1/site/page/*',
    {
      schema: {
        summary: 'A page of the site as served HTML: its head in its language and, for a report, its text',
        tags,
      },
      config: { anyQueryParameters: true },
      // The browser revalidates every page (a deploy changes the shell's bundles); nginx's
      // microcache still keeps it for X-Accel-Expires.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode < 300 || reply.statusCode === 404)
          reply.header('cache-control', 'public, no-cache');
        return payload;
      },
    },
    async (request, reply) => {
      const path = `/${(request.params as { '*'?: string })['*'] ?? ''}`;
      const lang = langOf(request.query);
      const site = siteUrl(request);
      const { stamp, text } = await shell();
      const version = await nationalSitrep.publicationsVersion(app.db);
      const wanted = reportWanted(path);
      // The status before the cache is asked (a cached answer carries no status): one indexed look-up.
      const dated = typeof wanted === 'object' ? wanted.date : undefined;
      const alias = contentAlias(path);
      const content = alias ? await contentPage(alias, lang) : undefined;
      const exists = dated ? await nationalSitrep.isPublished(app.db.kysely, dated) : content !== null;
      reply.code(pageStatus(path, exists));
      const report = async (): Promise<PublicNationalSitrep | undefined> => {
        if (!wanted || !exists) return undefined;
        return nationalSitrep.servedReport(app.db.kysely, dated);
      };
      return sendCached(request, reply, app.responseCache, {
        // A content page's text is part of the version: an edit in the content system shows within its cache's minute.
        version: `${version}|${lang}|${site}|${stamp}|${contentStamp(content)}`,
        contentType: 'text/html; charset=utf-8',
        compute: async () => {
          const shown = await report();
          const page = describePage(path, lang, shown, content);
          // A report's page is previewed by the map of its day; every other page by the site's card.
          if (shown && page.status === 200) {
            const date = shown.field_date;
            page.image = {
              path: previewPath(date, lang),
              ...PREVIEW_SIZE,
              alt: previewAlt(date, shown.field_preparedness_level, lang),
            };
          }
          return renderPage(text, page, site);
        },
      });
    },
  );

  app.get(
    '/v1/site/sitemap.xml',
    {
      schema: {
        summary: 'The sitemap: the public pages in English and French, and every published report',
        tags,
      },
    },
    async (request, reply) => {
      const site = siteUrl(request);
      return sendCached(request, reply, app.responseCache, {
        version: `${await nationalSitrep.publicationsVersion(app.db)}|${site}`,
        contentType: 'application/xml; charset=utf-8',
        compute: async () =>
          sitemapXml(
            site,
            (await nationalSitrep.levelHistory(app.db.kysely)).map((r) => ({
              date: r.report_date,
              publishedAt: r.published_at,
            })),
          ),
      });
    },
  );
}
