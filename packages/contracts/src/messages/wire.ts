/** The wire shapes of the catalogue's codes: `validationErrors` and a code's parameters. */
import { z } from 'zod';

export const ServerMessageParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type ServerMessageParams = z.infer<typeof ServerMessageParams>;

/** One entry of `validationErrors`: the code, its parameters and the English text. */
export const FieldError = z.object({
  code: z.string().describe('A code of the catalogue (SERVER_MESSAGES in @ciffc/contracts)'),
  params: ServerMessageParams.describe("The code's parameters (min, max, list, ...)"),
  message: z.string().describe('The English text, for logs and API users'),
});
export type FieldError = z.infer<typeof FieldError>;

/** `validationErrors`: field path (dots, list indexes as numbers) → its error. */
export const ValidationErrors = z
  .record(z.string(), FieldError)
  .describe('Field path (dots, list indexes as numbers: priority_fires.2.percent_contained) → its error');
export type ValidationErrors = z.infer<typeof ValidationErrors>;
