import { z } from 'zod';
import { FIELD_MESSAGES } from './field.ts';
import { HTTP_MESSAGES } from './http.ts';
import { IMPORT_MESSAGES } from './import.ts';
import { PERIMETER_MESSAGES } from './perimeters.ts';
import { SITREP_MESSAGES } from './sitrep.ts';

/**
 * The one catalogue of the data API's messages (docs/spec/README.md: codes are the contract
 * between the site and the API). Every refusal and every field error carries one of these codes
 * with its parameters; the API adds the English text as `message` for logs and API users, the
 * site renders the code with react-intl in the user's language. Texts are ICU messages
 * (`{name}`, `{max, number}` for a quantity written with the language's grouping). The record's
 * type makes a code without both texts a compile error; messages.test.ts walks every code.
 */
export const SERVER_MESSAGES = {
  ...HTTP_MESSAGES,
  ...FIELD_MESSAGES,
  ...SITREP_MESSAGES,
  ...IMPORT_MESSAGES,
  ...PERIMETER_MESSAGES,
} as const satisfies Record<string, { en: string; fr: string }>;

export type ServerMessageCode = keyof typeof SERVER_MESSAGES;
/** The agency sitrep's codes. */
export type SitrepMessageCode = Extract<ServerMessageCode, `sitrep.${string}`>;
/** The fire import's codes. */
export type ImportMessageCode = Extract<ServerMessageCode, `import.${string}`>;

export const ServerMessageParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type ServerMessageParams = z.infer<typeof ServerMessageParams>;

/** The English text of a code, its parameters filled in: the `message` the API sends beside the code. */
export function englishMessage(code: ServerMessageCode, params: ServerMessageParams = {}): string {
  const text: string = SERVER_MESSAGES[code].en;
  return text.replace(/\{(\w+)(?:, number)?\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

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

/** A field error of the catalogue, with its English text. */
export const fieldError = (code: ServerMessageCode, params: ServerMessageParams = {}): FieldError => ({
  code,
  params,
  message: englishMessage(code, params),
});

/** True for a code of the catalogue (a client meets codes of a newer server, too). */
export const isServerMessageCode = (code: unknown): code is ServerMessageCode =>
  typeof code === 'string' && Object.hasOwn(SERVER_MESSAGES, code);
