import { ApiErrorBody, AtomDocument, AtomFeedQuery } from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCached } from '../http/cache.ts';
import { siteUrl } from '../http/site-url.ts';
import { preparednessFeed, sitrepsFeed } from './atom.ts';
import * as publicReads from './public-reads.ts';

/** Entries per feed: about two months of daily reports, what a reader polling daily needs. */
const FEED_ENTRIES = 60;

/** Atom feeds of the published national reports and of the preparedness level changes. */
export async function atomFeedRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['national-sitrep'];
  const feeds = [
    {
      url: '/v1/sitrep/feed.atom',
      summary: 'Atom feed of the published national situation reports: date, preparedness level, summary',
      build: async (site: string, self: string, lang: 'en' | 'fr') =>
        sitrepsFeed(await publicReads.latestPublications(app.db.kysely, FEED_ENTRIES), site, self, lang),
    },
    {
      url: '/v1/sitrep/preparedness-level.atom',
      summary: 'Atom feed of the changes of the national preparedness level',
      build: async (site: string, self: string, lang: 'en' | 'fr') =>
        preparednessFeed(await publicReads.levelHistory(app.db.kysely), site, self, lang, FEED_ENTRIES),
    },
  ];
  for (const feed of feeds) {
    app.get(
      feed.url,
      {
        schema: {
          summary: feed.summary,
          tags,
          querystring: AtomFeedQuery,
          response: { 200: AtomDocument, 400: ApiErrorBody },
        },
      },
      async (request, reply) => {
        const lang = request.query.lang ?? 'en';
        const site = siteUrl(request);
        const self = `${site}${feed.url}${lang === 'fr' ? '?lang=fr' : ''}`;
        return sendCached(request, reply, app.responseCache, {
          // The links' base is part of the answer, so of its key and ETag.
          version: `${await publicReads.publicationsVersion(app.db)}|${site}`,
          contentType: 'application/atom+xml; charset=utf-8',
          compute: () => feed.build(site, self, lang),
        });
      },
    );
  }
}
