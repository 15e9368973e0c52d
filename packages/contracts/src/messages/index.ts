import { FIELD_MESSAGES } from './field.ts';
import { HTTP_MESSAGES } from './http.ts';
import { IMPORT_MESSAGES } from './import.ts';
import { PERIMETER_MESSAGES } from './perimeters.ts';
import { SITREP_MESSAGES } from './sitrep.ts';
import type { FieldError, ServerMessageParams } from './wire.ts';

// The wire schemas (zod) live in ./wire.ts: the site's shell reads this catalogue, and a zod call at
// the top of a module it reads would put zod in the first bundle (docs/performance.md, "First load").
export { FieldError, ServerMessageParams, ValidationErrors } from './wire.ts';

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

/** The English text of a code, its parameters filled in: the `message` the API sends beside the code. */
export function englishMessage(code: ServerMessageCode, params: ServerMessageParams = {}): string {
  const text: string = SERVER_MESSAGES[code].en;
  return text.replace(/\{(\w+)(?:, number)?\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** A field error of the catalogue, with its English text. */
export const fieldError = (code: ServerMessageCode, params: ServerMessageParams = {}): FieldError => ({
  code,
  params,
  message: englishMessage(code, params),
});

/** True for a code of the catalogue (a client meets codes of a newer server, too). */
export const isServerMessageCode = (code: unknown): code is ServerMessageCode =>
  typeof code === 'string' && Object.hasOwn(SERVER_MESSAGES, code);
