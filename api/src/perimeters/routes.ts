import {
  agencyOf,
  CANADA_BOX,
  FirePerimeters,
  FirePerimetersParams,
  isNational,
  PerimeterImports,
  PerimetersDownloadQuery,
  PerimetersImportQuery,
  PerimetersImportResult,
  PerimetersInspectResult,
  PerimetersQuery,
  PerimetersResponse,
  zoomBand,
} from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCached } from '../http/cache.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { ErrorResponse, readVersion } from '../http/query.ts';
import { requireUser } from '../plugins/identity.ts';
import { sendPerimetersDownload } from './download.ts';
import { importPerimeters, inspectPerimeterFile } from './import.ts';
import { perimeterRefusal } from './refusals.ts';
import './tables.ts';
import { firePerimeters, mapPerimeters, perimeterImports } from './service.ts';

const MB = 1024 * 1024;

/** Every media type a perimeter file is sent as; the import recognises the format by its bytes. */
const FILE_TYPES = [
  'application/geo+json',
  'application/json',
  'application/vnd.google-earth.kml+xml',
  'application/vnd.google-earth.kmz',
  'application/xml',
  'text/xml',
  'application/zip',
  'application/x-zip-compressed',
  'application/octet-stream',
];

export async function perimeterRoutes(fastify: FastifyInstance): Promise<void> {
  // Encapsulated: the import reads its body as bytes (a zip is binary; GeoJSON is parsed by it).
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(FILE_TYPES, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  importRoutes(fastify);
  readRoutes(fastify);
}

/** The import (and its inspection of a file) and the list of past imports: signed-in users. */
function importRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/v1/perimeters/import',
    {
      bodyLimit: fastify.config.importBodyLimit,
      // A file over the limit is refused by its declared length before a byte is read, in megabytes,
      // as the site shows it in the user's language (the gateway and nginx answer the same).
      preParsing: async (request, _reply, payload) => {
        const limit = request.routeOptions.bodyLimit ?? fastify.config.importBodyLimit;
        if (Number(request.headers['content-length']) > limit)
          throw new HttpError(413, 'request.too_large_mb', { params: { max: Math.floor(limit / MB) } });
        return payload;
      },
      schema: {
        summary: 'Import fire perimeters from a GeoJSON, KML, KMZ or zipped Shapefile file',
        description:
          'Send the file as the body (application/geo+json, application/vnd.google-earth.kml+xml, ' +
          'application/vnd.google-earth.kmz or application/zip; the format is recognised by its bytes). A Shapefile is reprojected from its .prj to ' +
          'CRS84. CIFFC may import any agency; an agency user only its own. Each feature is checked alone: ' +
          'invalid ones are refused with a reason, perimeters of no known fire are kept and listed with why. ' +
          '?inspect=true answers the attributes of the file and the field mapping proposed for it ' +
          '(PerimetersInspectResult) instead; ?fire_id_field=&captured_at_field=&agency_field=&area_ha_field= ' +
          'name the attributes holding those fields (remembered for the agency by an import that writes), ' +
          '?agency= the agency of the features that name none. Property and field mapping: docs/perimeters.md.',
        tags: ['perimeters'],
        security: [{ bearer: [] }],
        querystring: PerimetersImportQuery,
        response: {
          200: PerimetersImportResult.or(PerimetersInspectResult),
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          413: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const identity = requireUser(request);
      const national = isNational(identity);
      const own = agencyOf(identity);
      if (!national && !own) throw perimeterRefusal(403, 'perimeters.forbidden');
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw perimeterRefusal(400, 'perimeters.unreadable', { detail: 'no file' });
      const query = request.query;
      // An agency user's files are its own: another agency for the whole file is refused by name.
      if (!national && query.agency !== undefined && query.agency !== own)
        throw badRequest('agency', 'perimeters.mapping_foreign_agency', { own: own ?? '' });
      const choice = {
        fileAgency: query.agency,
        mapping: {
          fire_id: query.fire_id_field ?? null,
          captured_at: query.captured_at_field ?? null,
          agency: query.agency_field ?? null,
          area_ha: query.area_ha_field ?? null,
        },
      };
      if (query.inspect === true) {
        reply.header('cache-control', 'private, no-store');
        return inspectPerimeterFile(app.db, body, {
          ownAgency: national ? undefined : own,
          fileAgency: query.agency,
          now: app.config.now(),
          reader: app.config.perimeterReader,
        });
      }
      const result = await importPerimeters(app.db, body, {
        ...choice,
        ownAgency: national ? undefined : own,
        dryRun: request.query.dry_run === true,
        now: app.config.now(),
        actor: { source: 'api', userId: identity.id, username: identity.username },
        fileName: request.query.file_name,
        reader: app.config.perimeterReader,
      });
      if (!result.dry_run)
        request.log.info(
          { user: identity.username, importId: result.import_id, inserted: result.inserted },
          'perimeters imported',
        );
      return result;
    },
  );

  app.get(
    '/v1/perimeters/imports',
    {
      schema: {
        summary: 'The last 50 perimeter imports, newest first (an agency user: its own)',
        tags: ['perimeters'],
        security: [{ bearer: [] }],
        response: { 200: PerimeterImports, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request, reply) => {
      const identity = requireUser(request);
      const own = isNational(identity) ? undefined : agencyOf(identity);
      if (!isNational(identity) && !own) throw perimeterRefusal(403, 'perimeters.forbidden');
      reply.header('cache-control', 'private, no-store');
      return perimeterImports(app.db.kysely, own);
    },
  );
}

/** The public reads: the map's perimeters, the download, a fire's captures. */
function readRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/perimeters',
    {
      schema: {
        summary: 'Current fire perimeters in a box, simplified for the map zoom (GeoJSON)',
        description:
          "Each fire's newest capture whose box meets bbox, with the fire's stage and reported hectares. The " +
          'geometry is simplified for the zoom band (about half a pixel) and its coordinates rounded to match; ' +
          "area_ha is the unsimplified polygon's.",
        tags: ['perimeters'],
        querystring: PerimetersQuery,
        response: { 200: PerimetersResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const box = request.query.bbox ?? [...CANADA_BOX];
      const band = zoomBand(request.query.zoom);
      return sendCached(request, reply, app.responseCache, {
        // The stage and reported hectares come from the fires: their version is in the key too.
        version: await readVersion(app, request, ['perimeters', 'fires']),
        contentType: 'application/geo+json; charset=utf-8',
        // The stored shapes are sent as they are, without parsing them again (PerimetersResponse).
        compute: () => mapPerimeters(app.db.kysely, box, band),
      });
    },
  );

  app.get(
    '/v1/perimeters/download',
    {
      schema: {
        summary:
          'Every current perimeter (or every capture) as GeoJSON, KML or GeoPackage, unsimplified, in the language of lang, with its licence and attribution (Link rel=license, Content-Crs)',
        tags: ['perimeters'],
        querystring: PerimetersDownloadQuery,
        response: { 400: ErrorResponse },
      },
    },
    async (request, reply) => sendPerimetersDownload(app, request, reply),
  );

  app.get(
    '/v1/perimeters/fires/:agency/:agency_fire_id',
    {
      schema: {
        summary: "A fire's perimeter captures, oldest first (its growth), unsimplified",
        tags: ['perimeters'],
        params: FirePerimetersParams,
        response: { 200: FirePerimeters, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const agency = request.params.agency.toLowerCase();
      const fireId = request.params.agency_fire_id;
      return sendCached(request, reply, app.responseCache, {
        version: await readVersion(app, request, ['perimeters', 'fires']),
        schema: FirePerimeters,
        // Which captures are the fire's depends on the fire holding the id (its year): fires too.
        compute: () => firePerimeters(app.db.kysely, agency, fireId),
      });
    },
  );
}
