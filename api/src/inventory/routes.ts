import {
  agencyOf,
  fieldError,
  INVENTORY_SUMMARY_COLUMNS,
  InventoryErrorBody,
  InventoryForm,
  InventoryInput,
  InventoryLock,
  InventoryResult,
  InventorySummary,
  InventorySummaryQuery,
  PRODUCT_EXPORT_FILE,
  type ValidationErrors,
} from '@ciffc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordsToCsv, sendCsv } from '../exports/csv.ts';
import { forbidden } from '../http/errors.ts';
import { requestLang } from '../http/lang.ts';
import { requireNational, requireUser } from '../plugins/identity.ts';
import {
  checkInventoryForm,
  getInventoryInput,
  invalidInventory,
  inventorySummary,
  lockedInventory,
  lockInventory,
  saveInventory,
} from './service.ts';

/** Inventory input is for agency users of a known agency (docs/spec/data-entry.md section 6); 401/403 otherwise. */
function requireInventoryAgency(request: FastifyRequest) {
  const identity = requireUser(request);
  const agency = agencyOf(identity);
  if (!agency) throw forbidden('inventory.agency_only');
  return { identity, agency };
}

/** A body that does not even have the form's shape: keyed like the row rules, with the spec's words. */
function shapeErrors(request: FastifyRequest): ValidationErrors | null {
  const error = request.validationError as
    | { validation?: { instancePath?: string; message?: string }[] }
    | undefined;
  if (!error) return null;
  const out: ValidationErrors = {};
  for (const issue of error.validation ?? []) {
    const key = (issue.instancePath ?? '').split('/').filter(Boolean).join('.') || 'body';
    const field = key.split('.').pop() ?? '';
    out[key] ??= fieldError(
      ['category', 'subcategory', 'item'].includes(field) ? 'field.required' : 'field.invalid',
    );
  }
  return out;
}

export async function inventoryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const secured = [{ bearer: [] }];

  app.get(
    '/v1/inventory/input',
    {
      schema: {
        summary: "The signed-in agency's inventory rows, the lock and the save counter",
        tags: ['inventory'],
        security: secured,
        response: { 200: InventoryInput },
      },
    },
    async (request, reply) => {
      const { agency } = requireInventoryAgency(request);
      reply.header('cache-control', 'no-store');
      return getInventoryInput(app.db.kysely, agency);
    },
  );

  app.post(
    '/v1/inventory/input',
    {
      attachValidation: true,
      schema: {
        summary: 'Validates the inventory form (nothing is saved): locked and validationErrors by row index',
        tags: ['inventory'],
        security: secured,
        body: InventoryForm,
        response: { 200: InventoryResult, 400: InventoryErrorBody },
      },
    },
    async (request) => {
      const { agency } = requireInventoryAgency(request);
      const shape = shapeErrors(request);
      if (shape) throw invalidInventory(false, shape);
      const checked = await checkInventoryForm(app.db.kysely, agency, request.body);
      if (Object.keys(checked.validationErrors).length > 0)
        throw invalidInventory(checked.locked, checked.validationErrors);
      return { locked: checked.locked, validationErrors: {} };
    },
  );

  app.post(
    '/v1/inventory/input/save',
    {
      attachValidation: true,
      schema: {
        summary:
          'Validates and saves the inventory form; removed rows are deleted; every save is kept as a version',
        tags: ['inventory'],
        security: secured,
        body: InventoryForm,
        response: { 200: InventoryResult, 400: InventoryErrorBody, 409: InventoryErrorBody },
      },
    },
    async (request) => {
      const { agency, identity } = requireInventoryAgency(request);
      const shape = shapeErrors(request);
      if (shape) throw invalidInventory(false, shape);
      const checked = await checkInventoryForm(app.db.kysely, agency, request.body);
      if (checked.locked) throw lockedInventory(checked.validationErrors);
      if (Object.keys(checked.validationErrors).length > 0)
        throw invalidInventory(false, checked.validationErrors);
      const { version_number, edit_session } = request.body;
      const version = await saveInventory(
        app.db.kysely,
        agency,
        checked,
        identity.username,
        app.config.now(),
        {
          version_number,
          edit_session,
        },
      );
      return { locked: false, validationErrors: {}, version_number: version };
    },
  );

  app.post(
    '/v1/inventory/lock',
    {
      schema: {
        summary: "Locks or unlocks an agency's inventory input (national centre only)",
        tags: ['inventory'],
        security: secured,
        body: InventoryLock,
        response: { 200: InventoryLock },
      },
    },
    async (request) => {
      requireNational(request);
      return lockInventory(app.db.kysely, { agency: request.body.agency, locked: request.body.locked });
    },
  );

  app.get(
    '/v1/inventory/national',
    {
      schema: {
        summary:
          'National inventory summary: filters, paging (20 a page), export=true for every matching row',
        tags: ['inventory'],
        security: secured,
        querystring: InventorySummaryQuery,
        response: { 200: InventorySummary },
      },
    },
    async (request, reply) => {
      // docs/spec/data-entry.md 2: the list needs a signed-in user with a token, whatever the role.
      requireUser(request);
      const q = request.query;
      reply.header('cache-control', 'private, no-cache');
      const summary = await inventorySummary(app.db.kysely, q, requestLang(request));
      if (q.export === true && q.format === 'csv') {
        // Agency codes upper case, as on screen and in the site's own CIFFC.csv (one file, one look).
        const rows = summary.rows.map((r) => ({ ...r, agency: r.agency.toUpperCase() }));
        return sendCsv(reply, PRODUCT_EXPORT_FILE, recordsToCsv(INVENTORY_SUMMARY_COLUMNS, rows));
      }
      return summary;
    },
  );
}
