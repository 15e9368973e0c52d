import {
  agencyOf,
  FireImportFile,
  FireImportFileParams,
  FireImportsPage,
  FireImportsQuery,
  FireVersions,
  FireVersionsParams,
  type Identity,
  isNational,
} from '@ciffc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../http/errors.ts';
import { ErrorResponse } from '../../http/query.ts';
import { requireAgencyAccess, requireUser } from '../../plugins/identity.ts';
import { importFile, importsPage, versionsOfFire } from './service.ts';

const tags = ['fires'];
const security = [{ bearer: [] }];

/** The national centre sees every import; an agency user only its own agency's. */
function readerScope(request: FastifyRequest): { identity: Identity; agency: string | undefined } {
  const identity = requireUser(request);
  if (isNational(identity)) return { identity, agency: undefined };
  const own = agencyOf(identity);
  if (!own) throw forbidden('import.history_forbidden');
  return { identity, agency: own };
}

export async function fireHistoryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/fires/imports',
    {
      schema: {
        summary: 'The fire imports, newest first, 50 a page (an agency user: its own agency only)',
        tags,
        security,
        querystring: FireImportsQuery,
        response: {
          200: FireImportsPage,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { agency } = readerScope(request);
      reply.header('cache-control', 'private, no-store');
      return importsPage(app.db.kysely, agency, request.query.page);
    },
  );

  app.get(
    '/v1/fires/imports/:id/file',
    {
      schema: {
        summary: 'The file of one import, as it was sent (for audit or to import it again)',
        tags,
        security,
        params: FireImportFileParams,
        response: {
          200: FireImportFile,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { agency } = readerScope(request);
      const found = await importFile(app.db.kysely, request.params.id, agency);
      reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${found.name}"`)
        .type(found.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/geo+json; charset=utf-8');
      // A Buffer is sent as it is: a string typed as JSON would be serialised (quoted) again.
      return reply.send(Buffer.from(found.text, 'utf8'));
    },
  );

  app.get(
    '/v1/fires/:agency/:agency_fire_id/versions',
    {
      schema: {
        summary: "A fire's versions, newest first: its values after each import that inserted or changed it",
        description:
          "'baseline' is the fire's values before its first recorded change when it had no version yet " +
          '(loaded by the demo seed or before the history existed). National centre: any agency; ' +
          'an agency user: its own.',
        tags,
        security,
        params: FireVersionsParams,
        response: {
          200: FireVersions,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const agency = request.params.agency.toLowerCase();
      requireAgencyAccess(request, agency, 'read');
      const fireId = request.params.agency_fire_id;
      reply.header('cache-control', 'private, no-store');
      return versionsOfFire(app.db.kysely, agency, fireId);
    },
  );
}
