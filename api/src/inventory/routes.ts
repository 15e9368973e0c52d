import {
  agencyOf,
  INVENTORY_MESSAGES,
  INVENTORY_SUMMARY_COLUMNS,
  InventoryForm,
  InventoryInput,
  InventoryResult,
  InventorySummary,
  InventorySummaryQuery,
  PRODUCT_EXPORT_FILE,
} from '@ciffc/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordsToCsv, sendCsv } from '../exports/csv.ts';
import { forbidden } from '../http/errors.ts';
import { requestLang } from '../http/lang.ts';
import { requireNational, requireUser } from '../plugins/identity.ts';
import { checkInventoryForm, getInventoryInput, inventorySummary, saveInventory } from './service.ts';
import { InventoryLockedError, InventoryStaleError, setInventoryLocked } from './store.ts';

const InventoryError = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  // Absent when the request is refused before the route runs (a NUL in the body, say): the one
  // error shape of plugins/errors.ts has no lock to report.
  locked: z.boolean().optional(),
  validationErrors: z.record(z.string(), z.string()).optional(),
  code: z.string().optional().describe('The message as a code of the site catalogues (EN, FR)'),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  version_number: z.number().int().optional().describe('The current version (409 stale)'),
});

/** Inventory input is for agency users of a known agency (docs/spec/data-entry.md section 6); 401/403 otherwise. */
function requireInventoryAgency(request: FastifyRequest) {
  const identity = requireUser(request);
  const agency = agencyOf(identity);
  if (!agency) throw forbidden('Only an agency user of a known agency may enter inventory');
  return { identity, agency };
}

/** A body that does not even have the form's shape: keyed like the row rules, with the spec's words. */
function shapeErrors(request: FastifyRequest): Record<string, string> | null {
  const error = request.validationError as
    | { validation?: { instancePath?: string; message?: string }[] }
    | undefined;
  if (!error) return null;
  const out: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const key = (issue.instancePath ?? '').split('/').filter(Boolean).join('.') || 'body';
    const field = key.split('.').pop();
    out[key] ??=
      field === 'seasonal' || field === 'exportable'
        ? INVENTORY_MESSAGES.invalidValue
        : ['category', 'subcategory', 'item'].includes(field ?? '')
          ? INVENTORY_MESSAGES.required
          : (issue.message ?? 'is invalid');
  }
  return out;
}

function sendInvalid(reply: FastifyReply, locked: boolean, validationErrors: Record<string, string>) {
  return reply.code(400).send({
    statusCode: 400,
    error: 'Bad Request',
    message: `Invalid inventory: ${Object.keys(validationErrors).join(', ')}`,
    locked,
    validationErrors,
  });
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
        response: { 200: InventoryResult, 400: InventoryError },
      },
    },
    async (request, reply) => {
      const { agency } = requireInventoryAgency(request);
      const shape = shapeErrors(request);
      if (shape) return sendInvalid(reply, false, shape);
      const checked = await checkInventoryForm(app.db.kysely, agency, request.body);
      if (Object.keys(checked.validationErrors).length > 0)
        return sendInvalid(reply, checked.locked, checked.validationErrors);
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
        response: { 200: InventoryResult, 400: InventoryError, 409: InventoryError },
      },
    },
    async (request, reply) => {
      const { agency, identity } = requireInventoryAgency(request);
      const shape = shapeErrors(request);
      if (shape) return sendInvalid(reply, false, shape);
      const checked = await checkInventoryForm(app.db.kysely, agency, request.body);
      const sendLocked = () =>
        reply.code(409).send({
          statusCode: 409,
          error: 'Conflict',
          message: INVENTORY_MESSAGES.locked,
          locked: true,
          validationErrors: checked.validationErrors,
        });
      if (checked.locked) return sendLocked();
      if (Object.keys(checked.validationErrors).length > 0)
        return sendInvalid(reply, false, checked.validationErrors);
      try {
        const { version_number, edit_session } = request.body;
        const version = await saveInventory(app.db.kysely, agency, checked, identity.username, {
          version_number,
          edit_session,
        });
        return { locked: false, validationErrors: {}, version_number: version };
      } catch (error) {
        // Locked between the check above and the save: the save's transaction refused it.
        if (error instanceof InventoryLockedError) return sendLocked();
        // Saved meanwhile by another tab, device or user: nothing written over it (issue 9).
        if (error instanceof InventoryStaleError)
          return reply.code(409).send({
            statusCode: 409,
            error: 'Conflict',
            message: INVENTORY_MESSAGES.stale,
            code: 'inventory.stale',
            params: { current: error.current },
            locked: false,
            version_number: error.current,
            validationErrors: {},
          });
        throw error;
      }
    },
  );

  app.post(
    '/v1/inventory/lock',
    {
      schema: {
        summary: "Locks or unlocks an agency's inventory input (national centre only)",
        tags: ['inventory'],
        security: secured,
        body: z.object({ agency: InventoryInput.shape.agency, locked: z.boolean() }),
        response: { 200: z.object({ agency: z.string(), locked: z.boolean() }) },
      },
    },
    async (request) => {
      requireNational(request);
      await setInventoryLocked(app.db.kysely, request.body.agency, request.body.locked);
      return { agency: request.body.agency, locked: request.body.locked };
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
