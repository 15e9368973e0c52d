import { type ServerMessageParams, serverMessage } from '@ciffc/contracts';
import { ApiError } from '../../shared/api/http.ts';

type StrapiError = { error?: { details?: { code?: unknown; params?: unknown } } };

/**
 * A sign-in limit (429) in the reader's language. The content system sends a code with it
 * (`auth.account_locked` with the minutes left, `auth.rate_limited`); nginx's own limit sends no
 * JSON at all, and any 429 without a known code is the per-address limit.
 */
export function rateLimitMessage(error: unknown, locale: 'en' | 'fr'): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  const details = (error.body as StrapiError | undefined)?.error?.details;
  const code = typeof details?.code === 'string' ? details.code : undefined;
  const params =
    details?.params && typeof details.params === 'object'
      ? (details.params as ServerMessageParams)
      : undefined;
  const known = code?.startsWith('auth.') ? serverMessage(code, params, locale) : undefined;
  return known ?? serverMessage('auth.rate_limited', undefined, locale);
}
