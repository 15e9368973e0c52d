import {
  isReportDate,
  NationalSaveResult,
  NationalSitrepDraftBody,
  NationalSitrepStats,
  PublicNationalSitrep,
  PublicNationalSitrepBasic,
  SERVER_MESSAGES,
  type ServerMessageCode,
  SitrepArchive,
  withoutExpandedData,
} from '@ciffc/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCached } from '../http/cache.ts';
import { notFound } from '../http/errors.ts';
import { ErrorResponse } from '../http/query.ts';
import { requireNational, requireUser } from '../plugins/identity.ts';
import * as service from './service.ts';
import * as store from './store.ts';

const tags = ['national-sitrep'];
const security = [{ bearer: [] }];
const SaveError = ErrorResponse.extend(NationalSaveResult.partial().shape);
const EmptyBody = z.object({}).passthrough().optional();
const dateQuery = z
  .string()
  .refine(isReportDate, { message: 'expected a date as YYYY-MM-DD' })
  .optional()
  .describe('Report date, YYYY-MM-DD; the latest report without it');

/** A signed-in reader's answer may hold expanded data: private to that reader's cache. */
function privateWhenSignedIn(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (e: null, p: unknown) => void,
) {
  if (request.identity) reply.header('cache-control', 'private, max-age=900');
  done(null, payload);
}

export async function nationalSitrepRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const clock = () => ({ now: app.config.now() });

  /* ---------- the draft (national centre only) ---------- */

  app.get(
    '/v1/sitrep/national',
    {
      schema: {
        summary: 'The national sitrep draft (docs/spec/data-entry.md 3.2) with the approved agency summaries',
        tags,
        security,
        response: {
          200: z.looseObject({}).describe('NationalSitrepDraft fields plus meta'),
          401: ErrorResponse,
          403: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const identity = requireNational(request);
      reply.header('cache-control', 'private, no-store');
      return service.getDraft(app.db, identity, clock());
    },
  );

  const saveRoute = (url: string, summary: string, run: typeof service.save | typeof service.publish) =>
    app.post(
      url,
      {
        schema: {
          summary,
          tags,
          security,
          body: NationalSitrepDraftBody.partial().optional(),
          response: {
            200: NationalSaveResult,
            400: SaveError,
            401: ErrorResponse,
            403: ErrorResponse,
            409: ErrorResponse,
          },
        },
      },
      async (request, reply) => {
        const identity = requireNational(request);
        const outcome = await run(app.db, identity, (request.body ?? {}) as never, clock());
        if (Object.keys(outcome.validationErrors).length > 0) {
          return reply.code(400).send({
            statusCode: 400,
            error: 'Bad Request',
            message: SERVER_MESSAGES['national.invalid'].en,
            code: 'national.invalid' satisfies ServerMessageCode,
            ...outcome.result,
          });
        }
        return outcome.result;
      },
    );

  saveRoute('/v1/sitrep/national', 'Autosave the whole national draft (a new kept version)', service.save);
  saveRoute(
    '/v1/sitrep/national/publish',
    'Publish (or republish) the national sitrep for today (America/Winnipeg)',
    service.publish,
  );

  const Claim = z.object({
    status: z.string(),
    version_number: z.number().int(),
    claimed_by: z.number().int().nullable(),
    claimed_by_name: z.string().nullable(),
    last_edit: z.string().nullable(),
    is_published: z.boolean(),
  });
  for (const [action, run] of [
    ['claim', service.claim],
    ['release', service.release],
  ] as const) {
    app.post(
      `/v1/sitrep/national/${action}`,
      {
        schema: {
          summary:
            action === 'claim'
              ? 'Start editing: take the lease (409 naming the holder)'
              : 'Pause editing: release the lease',
          tags,
          security,
          body: EmptyBody,
          response: { 200: Claim, 401: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse },
        },
      },
      async (request) => {
        const identity = requireNational(request);
        const m = await run(app.db, identity, clock());
        return {
          status: m.status,
          version_number: m.version_number,
          claimed_by: m.claimed_by,
          claimed_by_name: m.claimed_by_name,
          last_edit: m.last_edit,
          is_published: m.is_published,
        };
      },
    );
  }

  for (const url of ['/v1/sitrep/stats', '/v1/sitrep/stats/national']) {
    app.get(
      url,
      {
        schema: {
          summary: 'National sitrep status for the overview (signed-in users)',
          tags,
          security,
          response: { 200: NationalSitrepStats, 401: ErrorResponse },
        },
      },
      async (request, reply) => {
        requireUser(request);
        reply.header('cache-control', 'private, no-store');
        return service.stats(app.db, clock());
      },
    );
  }

  /* ---------- public reads ---------- */

  app.get(
    '/v1/sitrep',
    {
      schema: {
        summary:
          'The public national situation report of a date (latest without one); expanded data with a valid token',
        tags,
        querystring: z.object({ date: dateQuery }),
        response: { 200: PublicNationalSitrep, 400: ErrorResponse, 404: ErrorResponse },
      },
      onSend: privateWhenSignedIn,
    },
    async (request, reply) => {
      const { date } = request.query;
      const k = app.db.kysely;
      const missing = () =>
        notFound(
          date
            ? `No national situation report for ${date}`
            : 'No national situation report has been published',
        );
      // One query per request: a date without a report is found out by the compute (not cached).
      const version = await store.publicationsVersion(app.db);
      if (version.startsWith('0@')) throw missing();
      const expanded = request.identity !== null;
      return sendCached(request, reply, app.responseCache, {
        version: `${version}|${expanded ? 'x' : 'p'}`,
        vary: 'Authorization',
        compute: async () => {
          const report = await service.publicReport(k, date);
          if (!report) throw missing();
          return expanded ? report : withoutExpandedData(report);
        },
      });
    },
  );

  app.get(
    '/v1/sitrep/latest',
    {
      schema: {
        summary: 'The latest national situation report, basic fields',
        tags,
        response: { 200: PublicNationalSitrepBasic, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const k = app.db.kysely;
      const version = await store.publicationsVersion(app.db);
      if (version.startsWith('0@')) throw notFound('No national situation report has been published');
      return sendCached(request, reply, app.responseCache, {
        version,
        compute: async () => {
          const report = await service.publicReport(k);
          if (!report) throw notFound();
          return service.basic(report);
        },
      });
    },
  );

  app.get(
    '/v1/sitrep/archive',
    {
      schema: {
        summary: 'Every date with a national report: years → months → days, each with its preparedness level',
        tags,
        response: { 200: SitrepArchive },
      },
    },
    async (request, reply) => {
      const k = app.db.kysely;
      return sendCached(request, reply, app.responseCache, {
        version: await store.publicationsVersion(app.db),
        compute: () => service.archive(k),
      });
    },
  );
}
