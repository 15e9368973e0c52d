import {
  ApiErrorBody,
  CACHE_SECONDS,
  NationalClaimResult,
  NationalDraftResponse,
  NationalEmptyBody,
  NationalSaveError,
  NationalSaveResult,
  NationalSitrepDraftBody,
  NationalSitrepStats,
  PublicNationalSitrep,
  PublicNationalSitrepBasic,
  PublicSitrepQuery,
  SitrepArchive,
  withoutExpandedData,
} from '@ciffc/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCached } from '../http/cache.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { requireNational, requireUser } from '../plugins/identity.ts';
import * as publicReads from './public-reads.ts';
import * as service from './service.ts';

const tags = ['national-sitrep'];
const security = [{ bearer: [] }];
/** A signed-in reader's answer may hold expanded data: private to that reader's cache. */
function privateWhenSignedIn(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (e: null, p: unknown) => void,
) {
  if (request.identity) reply.header('cache-control', `private, max-age=${CACHE_SECONDS}`);
  done(null, payload);
}

export async function nationalSitrepRoutes(fastify: FastifyInstance): Promise<void> {
  draftRoutes(fastify);
  publicRoutes(fastify);
}

/** The draft (national centre only): read, autosave, publish, claim and release, and its status. */
function draftRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const now = () => app.config.now();

  app.get(
    '/v1/sitrep/national',
    {
      schema: {
        summary: 'The national sitrep draft (docs/spec/data-entry.md 3.2) with the approved agency summaries',
        tags,
        security,
        response: {
          200: NationalDraftResponse,
          401: ApiErrorBody,
          403: ApiErrorBody,
        },
      },
    },
    async (request, reply) => {
      const identity = requireNational(request);
      reply.header('cache-control', 'private, no-store');
      return service.getDraft(app.db.kysely, identity, now());
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
            400: NationalSaveError,
            401: ApiErrorBody,
            403: ApiErrorBody,
            409: ApiErrorBody,
          },
        },
      },
      async (request) => {
        const identity = requireNational(request);
        const outcome = await run(app.db.kysely, identity, (request.body ?? {}) as never, now());
        const { validationErrors, ...fields } = outcome.result;
        // Kept as a new version all the same (4.4): the 400 carries the save's result beside the fields.
        if (Object.keys(validationErrors).length > 0) {
          throw new HttpError(400, 'national.invalid', { fields, validationErrors });
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
          body: NationalEmptyBody,
          response: { 200: NationalClaimResult, 401: ApiErrorBody, 403: ApiErrorBody, 409: ApiErrorBody },
        },
      },
      async (request) => {
        const identity = requireNational(request);
        const m = await run(app.db.kysely, identity, now());
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
          response: { 200: NationalSitrepStats, 401: ApiErrorBody },
        },
      },
      async (request, reply) => {
        requireUser(request);
        reply.header('cache-control', 'private, no-store');
        return service.stats(app.db.kysely, now());
      },
    );
  }
}

/** The public reads: a date's report, the latest, the archive (cached per publications version). */
function publicRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/sitrep',
    {
      schema: {
        summary:
          'The public national situation report of a date (latest without one); expanded data with a valid token',
        tags,
        querystring: PublicSitrepQuery,
        response: { 200: PublicNationalSitrep, 400: ApiErrorBody, 404: ApiErrorBody },
      },
      onSend: privateWhenSignedIn,
    },
    async (request, reply) => {
      const { date } = request.query;
      const k = app.db.kysely;
      const missing = () =>
        date ? notFound('national.not_found', { date }) : notFound('national.not_published');
      // One query per request: a date without a report is found out by the compute (not cached).
      const version = await publicReads.publicationsVersion(app.db);
      if (version.startsWith('0@')) throw missing();
      const expanded = request.identity !== null;
      return sendCached(request, reply, app.responseCache, {
        version: `${version}|${expanded ? 'x' : 'p'}`,
        vary: 'Authorization',
        schema: PublicNationalSitrep,
        compute: async () => {
          const report = await publicReads.publicReport(k, date);
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
        response: { 200: PublicNationalSitrepBasic, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const k = app.db.kysely;
      const version = await publicReads.publicationsVersion(app.db);
      if (version.startsWith('0@')) throw notFound('national.not_published');
      return sendCached(request, reply, app.responseCache, {
        version,
        schema: PublicNationalSitrepBasic,
        compute: async () => {
          const report = await publicReads.publicReport(k);
          if (!report) throw notFound('national.not_published');
          return publicReads.basic(report);
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
        version: await publicReads.publicationsVersion(app.db),
        schema: SitrepArchive,
        compute: () => publicReads.archive(k),
      });
    },
  );
}
