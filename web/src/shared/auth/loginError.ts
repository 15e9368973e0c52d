import { ApiError } from '../api/http.ts';

/**
 * The login error catalogue (public-site.md section 8): the response's `error.message`; otherwise
 * the network error's message; otherwise `undefined`, and the page shows its translated
 * "Error attempting to authenticate. Please try again."
 */
export function loginErrorMessage(error: unknown): string | undefined {
  if (error instanceof ApiError && error.fromServer && error.message) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}
