import { isServerMessageCode, type ServerMessageParams, type ValidationErrors } from '@ciffc/contracts';
import type { IntlShape } from 'react-intl';
import { ApiError } from '../api/http.ts';

const paramsOf = (params: unknown): ServerMessageParams =>
  params && typeof params === 'object' ? (params as ServerMessageParams) : {};

/**
 * A code of the data API's catalogue in the user's language (react-intl renders it from the
 * catalogue's texts, see serverMessages); `fallback` (the server's English message) for a code
 * this site does not know, as a newer server may send.
 */
export function codedText(intl: IntlShape, code: unknown, params: unknown, fallback: string): string {
  if (!isServerMessageCode(code)) return fallback;
  return intl.formatMessage({ id: code }, paramsOf(params));
}

/** The text of a refusal in the user's language, from its `code` and `params`. */
export function serverText(error: unknown, intl: IntlShape): string {
  if (error instanceof ApiError) {
    const body = error.body as { code?: unknown; params?: unknown } | undefined;
    return codedText(intl, body?.code, body?.params, error.message);
  }
  return error instanceof Error ? error.message : String(error);
}

/** The code of a refusal, when it has one. */
export function serverCode(error: unknown): string | undefined {
  const body = error instanceof ApiError ? (error.body as { code?: unknown } | undefined) : undefined;
  return typeof body?.code === 'string' ? body.code : undefined;
}

/** The server's field errors (`validationErrors`) as texts in the user's language, by field path. */
export function fieldTexts(errors: ValidationErrors, intl: IntlShape): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, error] of Object.entries(errors))
    out[key] = codedText(intl, error.code, error.params, error.message);
  return out;
}

/** The fields with an error, without the section slots (`form_0`…) that repeat them per section. */
export const fieldErrorCount = (errors: Record<string, unknown> | undefined) =>
  Object.keys(errors ?? {}).filter((k) => !/^form_\d+$/.test(k)).length;
