import { z } from 'zod';

/**
 * The one JSON error shape of the data API (its handler: api/src/plugins/errors.ts). A domain's
 * refusal may carry its own fields beside these (a report's status fields, an inventory's lock):
 * its schema extends this one.
 */
export const ApiErrorBody = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  validationErrors: z
    .record(z.string(), z.string())
    .optional()
    .describe('Field path (dots, list indexes as numbers: priority_fires.2.percent_contained) → message'),
  requestId: z.string().optional().describe('On a 5xx: the id the server logged the failure under'),
  code: z
    .string()
    .optional()
    .describe("The message as a code of the site's catalogues (SERVER_MESSAGES in @ciffc/contracts)"),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .describe("The code's parameters"),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
