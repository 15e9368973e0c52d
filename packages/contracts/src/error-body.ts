import { z } from 'zod';
import { ServerMessageParams, ValidationErrors } from './messages/index.ts';

/**
 * The one JSON error shape of the data API (its handler: api/src/plugins/errors.ts). A domain's
 * refusal may carry its own fields beside these (a report's status fields, an inventory's lock):
 * its schema extends this one.
 */
export const ApiErrorBody = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string().describe('The English text of the code, for logs and API users'),
  code: z
    .string()
    .describe('The refusal as a code of the one catalogue (SERVER_MESSAGES in @ciffc/contracts)'),
  params: ServerMessageParams.describe("The code's parameters"),
  validationErrors: ValidationErrors.optional(),
  requestId: z.string().optional().describe('On a 5xx: the id the server logged the failure under'),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
