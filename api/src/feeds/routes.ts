import { FeedInput, FeedList, FeedParams, FeedRun, FeedStatus, isNational } from '@ciffc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden, notFound } from '../http/errors.ts';
import { centreToday } from '../http/time.ts';
import { requireUser } from '../plugins/identity.ts';
import { type FeedKind, type FeedRow, pollDueFeeds, pollFeed } from './service.ts';
import { feedOf, listFeeds, removeFeed, saveFeed } from './store.ts';

/** The feed as the screen shows it (the lease and validators stay inside). */
const status = (f: FeedRow): FeedStatus => ({
  agency_code: f.agency_code,
  url: f.url,
  interval_minutes: f.interval_minutes,
  enabled: f.enabled === 1,
  snapshot: f.snapshot === null ? null : f.snapshot === 1,
  next_run_at: f.next_run_at,
  last_run_at: f.last_run_at,
  last_success_at: f.last_success_at,
  last_error_at: f.last_error_at,
  last_error: f.last_error,
  last_outcome: f.last_outcome,
  last_total_rows: f.last_total_rows,
  last_accepted: f.last_accepted,
  last_rejected: f.last_rejected,
  last_import_id: f.last_import_id,
});

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
      const rows = await listFeeds(app.db.kysely, kind);
      reply.headers(noStore);
      return { items: rows.map(status) };
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
      const now = app.config.now().toISOString();
      const row = await saveFeed(
        app.db.kysely,
        kind,
        agency,
        { url, interval_minutes, enabled, snapshot },
        now,
      );
      reply.headers(noStore);
      return status(row);
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
      if (!(await removeFeed(app.db.kysely, kind, request.params.agency)))
        throw notFound('feeds.not_found', { agency: request.params.agency });
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
      if (!(await feedOf(app.db.kysely, kind, agency))) throw notFound('feeds.not_found', { agency });
      const now = app.config.now();
      const outcome = await pollFeed(app.db, agency, { now, today: centreToday(now) }, kind);
      const row = await feedOf(app.db.kysely, kind, agency);
      if (!row) throw notFound('feeds.not_found', { agency });
      reply.headers(noStore);
      return { outcome, feed: status(row) };
    },
  );
}

export async function feedRoutes(fastify: FastifyInstance): Promise<void> {
  kindRoutes(fastify, 'fires', '/v1/feeds');
  kindRoutes(fastify, 'perimeters', '/v1/perimeters/feeds');
  startWorker(fastify);
}
