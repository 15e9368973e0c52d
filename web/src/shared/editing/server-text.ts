import { fieldMessage, serverMessage } from '@ciffc/contracts';
import { ApiError } from '../api/http.ts';

/**
 * The text of a refusal in the user's language: the data API sends a `code` with `params` that the
 * catalogue of @ciffc/contracts renders in EN and FR; without a known code, the server's message.
 */
export function serverText(error: unknown, locale: 'en' | 'fr'): string {
  if (error instanceof ApiError) {
    const body = error.body as { code?: string; params?: Record<string, string | number> } | undefined;
    return serverMessage(body?.code, body?.params, locale) ?? fieldMessage(error.message, locale);
  }
  return error instanceof Error ? error.message : String(error);
}

/** The code of a refusal, when it has one. */
export function serverCode(error: unknown): string | undefined {
  const body = error instanceof ApiError ? (error.body as { code?: unknown } | undefined) : undefined;
  return typeof body?.code === 'string' ? body.code : undefined;
}

/**
 * The server's field messages (`validationErrors`) in the user's language: each English text of
 * the catalogue (FIELD_MESSAGES, "Must be at least 0") is shown from its French template in French.
 */
export function fieldTexts(errors: Record<string, string>, locale: 'en' | 'fr'): Record<string, string> {
  if (locale === 'en') return errors;
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) out[key] = fieldMessage(message, locale);
  return out;
}

/** The fields with an error, without the section slots (`form_0`…) that repeat them per section. */
export const fieldErrorCount = (errors: Record<string, string> | undefined) =>
  Object.keys(errors ?? {}).filter((k) => !/^form_\d+$/.test(k)).length;
