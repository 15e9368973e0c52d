import type { IncomingMessage } from 'node:http';
import {
  agencyOf,
  FiresImportProgress,
  FiresImportProgressParams,
  FiresImportQuery,
  FiresImportReport,
  FiresImportResult,
  isNational,
} from '@ciffc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden, notFound } from '../../http/errors.ts';
import { ErrorResponse } from '../../http/query.ts';
import { centreToday } from '../../http/time.ts';
import { requireUser } from '../../plugins/identity.ts';
import { fireHistoryRoutes } from '../history/routes.ts';
import { readBody } from './body.ts';
import { IMPORT_WORKER_BYTES } from './check.ts';
import { importFires, importReport } from './import.ts';
import { decodeFile, SentFile } from './parse.ts';
import { importProgress, trackImport } from './progress.ts';

export async function fireImportRoutes(fastify: FastifyInstance): Promise<void> {
  // Encapsulated: these parsers serve the import only. The body is read as bytes and decoded by the
  // import's rules (UTF-8, UTF-16 or Windows-1252: docs/fires-import.md), JSON included, so that
  // the history holds the file's text as sent (the import parses it itself).
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    ['text/csv', 'text/plain', 'application/csv', 'application/geo+json', 'application/json'],
    async (request: FastifyRequest, payload: IncomingMessage) => {
      const bytes = await readBody(
        payload,
        request.headers['content-length'],
        request.routeOptions.bodyLimit,
      );
      const contentType = request.headers['content-type'];
      // A large file stays bytes until the worker thread decodes and checks it (check.ts).
      return bytes.byteLength >= IMPORT_WORKER_BYTES
        ? new SentFile(bytes, contentType)
        : decodeFile(bytes, contentType);
    },
  );
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/v1/fires/import',
    {
      bodyLimit: fastify.config.importBodyLimit,
      schema: {
        summary: 'Import fires from a CSV or GeoJSON file (upsert by agency_code and agency_fire_id)',
        description:
          'Send the file as the body with Content-Type text/csv or application/geo+json (application/json also ' +
          'accepted). CIFFC may import any agency; an agency user only its own. The answer lists the first 100 ' +
          'accepted and rejected rows; ?report=csv answers every rejected row as CSV (text/csv) without writing. ' +
          'See docs/fires-import.md.',
        tags: ['fires'],
        security: [{ bearer: [] }],
        querystring: FiresImportQuery,
        response: {
          200: FiresImportResult.or(FiresImportReport),
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const identity = requireUser(request);
      const national = isNational(identity);
      const own = agencyOf(identity);
      if (!national && !own) throw forbidden('import.forbidden');
      const tracker = trackImport(identity.id, request.query.progress);
      if (request.query.report === 'csv') {
        const csv = await importReport(request.body, {
          today: centreToday(app.config.now()),
          onlyAgency: national ? undefined : own,
          formatHint: request.headers['content-type'],
          tracker,
        }).finally(tracker.end);
        const name = (request.query.file_name ?? 'fires-import')
          .replace(/\.\w+$/, '')
          .replace(/[^\w.-]/g, '_');
        reply
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${name}-rejected.csv"`)
          .type('text/csv; charset=utf-8');
        // A stream of the report's text (import.ts), sent as it is read.
        return reply.send(csv as unknown as string);
      }
      const result = await importFires(app.db, request.body, {
        today: centreToday(app.config.now()),
        onlyAgency: national ? undefined : own,
        dryRun: request.query.dry_run === true,
        formatHint: request.headers['content-type'],
        actor: { source: 'api', userId: identity.id, username: identity.username },
        fileName: request.query.file_name,
        snapshot: request.query.snapshot,
        tracker,
      }).finally(tracker.end);
      if (!result.dry_run && result.accepted_count) {
        request.log.info(
          {
            user: identity.username,
            importId: result.import_id,
            inserted: result.inserted,
            updated: result.updated,
          },
          'fires imported',
        );
      }
      return result;
    },
  );
  app.get(
    '/v1/fires/import/progress/:id',
    {
      schema: {
        summary: 'How far the server is in checking an import the same user sent with ?progress={id}',
        description:
          '404 before the file has arrived and after the answer is sent. See docs/fires-import.md, "Progress".',
        tags: ['fires'],
        security: [{ bearer: [] }],
        params: FiresImportProgressParams,
        response: { 200: FiresImportProgress, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const identity = requireUser(request);
      const progress = importProgress(identity.id, request.params.id);
      if (!progress) throw notFound('import.not_found');
      reply.header('cache-control', 'private, no-store');
      return progress;
    },
  );
  await fireHistoryRoutes(fastify);
}
