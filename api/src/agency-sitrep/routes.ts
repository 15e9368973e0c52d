import {
  AgencyQuery,
  AgencySitrepResponse,
  AgencySitrepStatsList,
  type Identity,
  SitrepApproveBody,
  SitrepErrorBody,
  SitrepRejectBody,
  SitrepSaveBody,
  SitrepStatusFields,
  SitrepSubmitBody,
} from '@ciffc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireAgencyAccess, requireNational, requireUser } from '../plugins/identity.ts';
import { sitrepError } from './refusals.ts';
import { CLAIM_IDLE_MINUTES, claim, listStates, readSitrep, release, save, type Variant } from './service.ts';
import { approve, reject, submit } from './transitions.ts';

const security = [{ bearer: [] }];
/** What the three transitions read of their bodies (Not Approved's has every field). */
type TransitionBody = Pick<z.output<typeof SitrepRejectBody>, 'agency'> &
  Partial<z.output<typeof SitrepRejectBody>>;
const errorResponses = { 400: SitrepErrorBody, 404: SitrepErrorBody, 409: SitrepErrorBody };

/**
 * The agency sitrep calls of docs/spec/data-entry.md section 7. An agency user reads and writes only its
 * own agency (403 whatever the query says), the national centre reads all and approves or
 * rejects, anonymous gets 401. The claim is a lease of CLAIM_IDLE_MINUTES (db/lease.ts).
 */
export async function agencySitrepRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const now = () => app.config.now();

  const read = (variant: Variant) => async (request: FastifyRequest<{ Querystring: { agency: string } }>) => {
    const identity = requireAgencyAccess(request, request.query.agency, 'read');
    return readSitrep(app.db.kysely, identity, request.query.agency, variant, now());
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
        body: SitrepSaveBody,
        response: { 200: SitrepStatusFields, ...errorResponses },
      },
    },
    async (request) => {
      const identity = requireAgencyAccess(request, request.query.agency, 'write');
      const { version_number, edit_session, ...doc } = request.body;
      const fields = await save(
        app.db.kysely,
        identity,
        request.query.agency,
        doc,
        version_number,
        now(),
        edit_session ?? null,
      );
      // Out-of-bound values: the draft is kept as a new version (nothing typed is lost), and the
      // answer is a 400 naming every offending field, as for every write of the API.
      if (Object.keys(fields.validationErrors).length > 0) {
        throw sitrepError(400, fields, 'sitrep.kept_with_errors', { version: fields.version_number });
      }
      return fields;
    },
  );

  for (const [path, action, summary] of [
    [
      '/v1/sitrep/agency/claim',
      claim,
      `Start editing: take the lease (renewed by saves and reads, lapses after ${CLAIM_IDLE_MINUTES} idle minutes); 409 naming the holder when another user holds it`,
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
      async (request) => {
        const identity = requireAgencyAccess(request, request.query.agency, 'write');
        return action(app.db.kysely, identity, request.query.agency, now());
      },
    );
  }

  const transitions: [string, typeof submit, 'write' | 'national', z.ZodType<TransitionBody>, string][] = [
    [
      '/v1/sitrep/agency/submit',
      submit,
      'write',
      SitrepSubmitBody,
      'Submit the draft for approval (the agency user; a saved, valid draft); 409 at version 0 or when version_number is not the current one',
    ],
    [
      '/v1/sitrep/agency/approve',
      approve,
      'national',
      SitrepApproveBody,
      'Approve (CIFFC): the version viewed becomes the approved copy; 409 "changed since you opened it" when a newer version exists',
    ],
    [
      '/v1/sitrep/agency/reject',
      reject,
      'national',
      SitrepRejectBody,
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
      async (request) => {
        const { agency, ...options } = request.body;
        let identity: Identity;
        if (rule === 'national') {
          identity = requireNational(request);
          requireAgencyAccess(request, agency, 'read');
        } else identity = requireAgencyAccess(request, agency, 'write');
        return action(app.db.kysely, identity, agency, now(), options);
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
        response: { 200: AgencySitrepStatsList },
      },
    },
    async (request) => {
      const identity = requireUser(request);
      return { items: await listStates(app.db.kysely, identity, now()) };
    },
  );
}
