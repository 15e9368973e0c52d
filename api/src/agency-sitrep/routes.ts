import {
  AgencySitrepResponse,
  AgencySitrepShape,
  AgencySitrepStatsItem,
  type Identity,
  SitrepStatusFields,
} from '@ciffc/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAgencyAccess, requireNational, requireUser } from '../plugins/identity.ts';
import { claim, listStates, readSitrep, release, save, type Variant } from './service.ts';
import { CLAIM_IDLE_MS, SitrepError } from './status.ts';
import { approve, reject, submit } from './transitions.ts';

const AgencyQuery = z.object({
  agency: z
    .string()
    .min(2)
    .max(10)
    .transform((v) => v.toLowerCase())
    .describe('Agency code'),
});
const AgencyBody = z.object({
  agency: z
    .string()
    .min(2)
    .max(10)
    .transform((v) => v.toLowerCase()),
});

/** The one error shape, with the status fields the site needs to redraw (section 7). */
const SitrepErrorBody = z
  .object({
    statusCode: z.number(),
    error: z.string(),
    message: z.string(),
    code: z.string().optional().describe('The message as a code of the site catalogues (EN, FR)'),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    validationErrors: z.record(z.string(), z.string()).optional(),
  })
  .extend(SitrepStatusFields.partial().omit({ validationErrors: true }).shape);

interface TransitionBody {
  agency: string;
  version_number?: number | undefined;
  reason?: string | undefined;
}

const errorResponses = { 400: SitrepErrorBody, 404: SitrepErrorBody, 409: SitrepErrorBody };

/** One id per browser tab: a save may land over a newer version only when that one is its own. */
const EditSession = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/)
  .describe('The editing session (one per tab): a save over a newer version of the same session is accepted');

const SaveBody = AgencySitrepShape.extend({
  version_number: z
    .number()
    .int()
    .min(0)
    .max(2_147_483_647)
    .describe('The version this form was based on (stale → 409)'),
  edit_session: EditSession.optional(),
});

/** Approve, Not Approved and Submit act on the version the user viewed. */
const ViewedVersion = z
  .number()
  .int()
  .min(0)
  .max(2_147_483_647)
  .describe('The version the user viewed (a newer current version → 409)');

/** Sends a refused call as the one error shape plus its status fields. */
async function answer<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof SitrepError)) throw error;
    const { validationErrors, ...fields } = error.fields;
    return reply.code(error.statusCode).send({
      statusCode: error.statusCode,
      error: error.statusCode === 409 ? 'Conflict' : error.statusCode === 404 ? 'Not Found' : 'Bad Request',
      message: error.message,
      ...(error.code ? { code: error.code, params: error.params } : {}),
      ...fields,
      ...(validationErrors && Object.keys(validationErrors).length ? { validationErrors } : {}),
    });
  }
}

const security = [{ bearer: [] }];

/**
 * The agency sitrep calls of docs/spec/data-entry.md section 7. An agency user reads and writes only its
 * own agency (403 whatever the query says), the national centre reads all and approves or
 * rejects, anonymous gets 401. The claim is a lease of CLAIM_IDLE_MS.
 */
export async function agencySitrepRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const now = () => app.config.now();

  const read =
    (variant: Variant) =>
    async (request: FastifyRequest<{ Querystring: { agency: string } }>, reply: FastifyReply) => {
      const identity = requireAgencyAccess(request, request.query.agency, 'read');
      return answer(reply, () => readSitrep(app.db.kysely, identity, request.query.agency, variant, now()));
    };

  for (const [path, variant, summary] of [
    [
      '/v1/sitrep/agency',
      'draft',
      'The draft sitrep of an agency, with fire_options and previous (the last approved copy)',
    ],
    [
      '/v1/sitrep/agency/approved',
      'approved',
      'The approved copy (static, read-only); 404 before the first approval',
    ],
    [
      '/v1/sitrep/agency/published',
      'published',
      'The published copy (static, read-only); 404 before the first publication',
    ],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          summary,
          tags: ['agency-sitrep'],
          security,
          querystring: AgencyQuery,
          response: { 200: AgencySitrepResponse, ...errorResponses },
        },
      },
      read(variant),
    );
  }

  app.post(
    '/v1/sitrep/agency',
    {
      schema: {
        summary:
          'Save the whole form as a new version (claim holder only). Out-of-bound values are kept as a new version and answered 400 with validationErrors; a stale version_number answers 409 and is recorded in the history',
        tags: ['agency-sitrep'],
        security,
        querystring: AgencyQuery,
        body: SaveBody,
        response: { 200: SitrepStatusFields, ...errorResponses },
      },
    },
    async (request, reply) => {
      const identity = requireAgencyAccess(request, request.query.agency, 'write');
      const { version_number, edit_session, ...doc } = request.body;
      const saved = await answer(reply, () =>
        save(app.db.kysely, identity, request.query.agency, doc, version_number, now(), edit_session ?? null),
      );
      // A refused save was already answered by `answer` (409, 400 for types, 404).
      if ((saved as unknown) === reply) return reply;
      const fields = saved as z.infer<typeof SitrepStatusFields>;
      // Out-of-bound values: the draft is kept as a new version (nothing typed is lost), and the
      // answer is a 400 naming every offending field, as for every write of the API.
      if (fields.validationErrors && Object.keys(fields.validationErrors).length > 0) {
        return reply.code(400).send({
          statusCode: 400,
          error: 'Bad Request',
          message: `The draft was kept as version ${fields.version_number}; it has validation errors`,
          code: 'sitrep.kept_with_errors',
          params: { version: fields.version_number },
          ...fields,
        });
      }
      return fields;
    },
  );

  for (const [path, action, summary] of [
    [
      '/v1/sitrep/agency/claim',
      claim,
      `Start editing: take the lease (renewed by saves and reads, lapses after ${CLAIM_IDLE_MS / 60_000} idle minutes); 409 naming the holder when another user holds it`,
    ],
    [
      '/v1/sitrep/agency/release',
      release,
      'Pause editing: give the lease back; 409 when another user holds it',
    ],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          summary,
          tags: ['agency-sitrep'],
          security,
          querystring: AgencyQuery,
          response: { 200: SitrepStatusFields, ...errorResponses },
        },
      },
      async (request, reply) => {
        const identity = requireAgencyAccess(request, request.query.agency, 'write');
        return answer(reply, () => action(app.db.kysely, identity, request.query.agency, now()));
      },
    );
  }

  const transitions: [string, typeof submit, 'write' | 'national', z.ZodType<TransitionBody>, string][] = [
    [
      '/v1/sitrep/agency/submit',
      submit,
      'write',
      AgencyBody.extend({ version_number: ViewedVersion.optional() }),
      'Submit the draft for approval (the agency user; a saved, valid draft); 409 at version 0 or when version_number is not the current one',
    ],
    [
      '/v1/sitrep/agency/approve',
      approve,
      'national',
      AgencyBody.extend({ version_number: ViewedVersion }),
      'Approve (CIFFC): the version viewed becomes the approved copy; 409 "changed since you opened it" when a newer version exists',
    ],
    [
      '/v1/sitrep/agency/reject',
      reject,
      'national',
      AgencyBody.extend({
        version_number: ViewedVersion,
        reason: z.string().max(2000).optional().describe('Why (shown to the agency)'),
      }),
      'Not Approved (CIFFC): back to the agency with an optional reason, for the version viewed only',
    ],
  ];
  for (const [path, action, rule, body, summary] of transitions) {
    app.post(
      path,
      {
        schema: {
          summary,
          tags: ['agency-sitrep'],
          security,
          body,
          response: { 200: SitrepStatusFields, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { agency, ...options } = request.body;
        let identity: Identity;
        if (rule === 'national') {
          identity = requireNational(request);
          requireAgencyAccess(request, agency, 'read');
        } else identity = requireAgencyAccess(request, agency, 'write');
        return answer(reply, () => action(app.db.kysely, identity, agency, now(), options));
      },
    );
  }

  app.get(
    '/v1/sitrep/stats/agency',
    {
      schema: {
        summary:
          'The states list (polled every 5 s by the editor, 60 s by the overview): every agency for CIFFC, the own agency for an agency user',
        tags: ['agency-sitrep'],
        security,
        response: { 200: z.object({ items: z.array(AgencySitrepStatsItem) }) },
      },
    },
    async (request) => {
      const identity = requireUser(request);
      return { items: await listStates(app.db.kysely, identity, now()) };
    },
  );
}
