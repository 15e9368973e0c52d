import type { IntlShape } from 'react-intl';
import { ApiError } from '../../shared/api/http.ts';
import { codedText } from '../../shared/editing/server-text.ts';

type StrapiError = { error?: { details?: { code?: unknown; params?: unknown } } };

/**
 * A sign-in limit (429) in the reader's language. The content system sends a code with it
 * (`auth.account_locked` with the minutes left, `auth.rate_limited`) in Strapi's `error.details`;
 * nginx's own per-address limit answers in the data API's shape (`code: 'auth.rate_limited'` at the
 * top, deploy/README.md), and any 429 without a code read here is that per-address limit.
 */
export function rateLimitMessage(error: unknown, intl: IntlShape): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  const details = (error.body as StrapiError | undefined)?.error?.details;
  const perAddress = intl.formatMessage({ id: 'auth.rate_limited' });
  const code =
    typeof details?.code === 'string' && details.code.startsWith('auth.') ? details.code : undefined;
  return codedText(intl, code, details?.params, perAddress);
}
