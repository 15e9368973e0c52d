import {
  agencyOf,
  FireImport,
  FireImportFile,
  FireImportFileParams,
  FireImportsPage,
  FireImportsQuery,
  type FireVersionAction,
  FireVersions,
  FireVersionsParams,
  type Identity,
  isNational,
} from '@ciffc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden, notFound } from '../../http/errors.ts';
import { ErrorResponse } from '../../http/query.ts';
import { requireAgencyAccess, requireUser } from '../../plugins/identity.ts';
import { fireVersions, type ImportSource, importWithFile, listImports } from './store.ts';

const IMPORTS_PAGE_SIZE = 50;

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
      const page = request.query.page;
      const { total, items } = await listImports(
        app.db.kysely,
        { agency },
        { limit: IMPORTS_PAGE_SIZE, offset: (page - 1) * IMPORTS_PAGE_SIZE },
      );
      reply.header('cache-control', 'private, no-store');
      return {
        items: items.map((i) => FireImport.parse(i)),
        meta: {
          page,
          page_size: IMPORTS_PAGE_SIZE,
          total_pages: Math.ceil(total / IMPORTS_PAGE_SIZE),
          total_results: total,
        },
      };
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
      const found = await importWithFile(app.db.kysely, request.params.id);
      // Another agency's import answers as if it did not exist.
      if (!found || (agency && found.agency_code !== agency)) throw notFound('import.not_found');
      const extension = found.format === 'csv' ? 'csv' : 'geojson';
      const name = (found.file_name ?? `fires-import-${found.id}.${extension}`).replace(/[^\w.-]/g, '_');
      reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${name}"`)
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
      const rows = await fireVersions(app.db.kysely, agency, fireId);
      if (!rows.length) throw notFound('import.no_versions', { agency, fire: fireId });
      reply.header('cache-control', 'private, no-store');
      return {
        agency_code: agency,
        agency_fire_id: fireId,
        items: rows.map(({ id, import_id, action, recorded_at, source, username, ...fire }) => ({
          version_id: id,
          import_id,
          action: action as FireVersionAction,
          recorded_at,
          source: source as ImportSource,
          username,
          fire,
        })),
      };
    },
  );
}
