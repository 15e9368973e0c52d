import { FeedInput, FeedList, FeedParams, FeedRun, FeedStatus, isNational } from '@ciffc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../http/errors.ts';
import { centreToday } from '../http/time.ts';
import { warmAfterPublish } from '../ogc/service.ts';
import { requireUser } from '../plugins/identity.ts';
import { deleteFeed, type FeedKind, feedStatuses, pollDueFeeds, runFeedNow, setFeed } from './service.ts';

function requireNational(request: FastifyRequest): void {
  if (!isNational(requireUser(request))) throw forbidden('feeds.national_only');
}

/** The worker: every `FEEDS_POLL_SECONDS` (default 30; 0 turns it off) it polls the feeds due. */
function startWorker(fastify: FastifyInstance): void {
  const seconds = Number(process.env.FEEDS_POLL_SECONDS ?? 30);
  if (!(seconds > 0)) return;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const now = fastify.config.now();
      const outcomes = await pollDueFeeds(fastify.db, { now, today: centreToday(now) });
      if (Object.keys(outcomes).length) fastify.log.info({ outcomes }, 'agency feeds polled');
      // A feed's import published new data: the map's first tiles are built now (warm.ts).
      if (Object.values(outcomes).includes('imported')) warmAfterPublish(fastify);
    } catch (error) {
      fastify.log.error({ err: error }, 'agency feed poll failed');
    } finally {
      running = false;
    }
  }, seconds * 1000);
  timer.unref();
  fastify.addHook('onClose', async () => clearInterval(timer));
}

/**
 * The routes of one kind of feed under `base`: the agencies' fire files at /v1/feeds, their
 * perimeter files at /v1/perimeters/feeds (docs/perimeters.md, "A scheduled feed").
 */
function kindRoutes(fastify: FastifyInstance, kind: FeedKind, base: string): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['feeds'];
  const noStore = { 'cache-control': 'private, no-store' };
  const what = kind === 'fires' ? 'feed' : 'perimeter feed';

  app.get(
    base,
    {
      schema: {
        summary: `Agency ${what}s and their status (CIFFC)`,
        tags,
        security: [{ bearer: [] }],
        response: { 200: FeedList },
      },
    },
    async (request, reply) => {
      requireNational(request);
      const items = await feedStatuses(app.db, kind);
      reply.headers(noStore);
      return { items };
    },
  );

  app.put(
    `${base}/:agency`,
    {
      schema: {
        summary: `Set an agency's ${what} URL and interval (CIFFC)`,
        tags,
        security: [{ bearer: [] }],
        params: FeedParams,
        body: FeedInput,
        response: { 200: FeedStatus },
      },
    },
    async (request, reply) => {
      requireNational(request);
      const { agency } = request.params;
      const { url, interval_minutes, enabled = true, snapshot = null } = request.body;
      const feed = await setFeed(
        app.db,
        kind,
        agency,
        { url, interval_minutes, enabled, snapshot },
        app.config.now(),
      );
      reply.headers(noStore);
      return feed;
    },
  );

  app.delete(
    `${base}/:agency`,
    {
      schema: {
        summary: `Remove an agency's ${what} (CIFFC)`,
        tags,
        security: [{ bearer: [] }],
        params: FeedParams,
      },
    },
    async (request, reply) => {
      requireNational(request);
      await deleteFeed(app.db, kind, request.params.agency);
      return reply.code(204).send();
    },
  );

  app.post(
    `${base}/:agency/run`,
    {
      schema: {
        summary: `Poll an agency's ${what} now (CIFFC)`,
        tags,
        security: [{ bearer: [] }],
        params: FeedParams,
        response: { 200: FeedRun },
      },
    },
    async (request, reply) => {
      requireNational(request);
      const { agency } = request.params;
      const now = app.config.now();
      const run = await runFeedNow(app.db, kind, agency, { now, today: centreToday(now) });
      reply.headers(noStore);
      return run;
    },
  );
}

export async function feedRoutes(fastify: FastifyInstance): Promise<void> {
  kindRoutes(fastify, 'fires', '/v1/feeds');
  kindRoutes(fastify, 'perimeters', '/v1/perimeters/feeds');
  startWorker(fastify);
}
