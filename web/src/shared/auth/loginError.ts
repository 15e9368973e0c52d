import { ApiError } from '../api/http.ts';

/**
 * The login error catalogue (public-site.md section 8): the server's own `error.message` from the
 * response body; otherwise, when the request never got an answer, the network error's message;
 * otherwise `undefined`, and the page shows its translated "Error attempting to authenticate.
 * Please try again." Anything else (a 5xx without an error body, a non-JSON answer, a response
 * without a token) is not a message meant for users, so it falls to the default.
 */
export function loginErrorMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.message) return undefined;
  if (error.fromServer) return error.message;
  // `request` turns a failed fetch (no answer at all) into status 0.
  if (error.status === 0) return error.message;
  return undefined;
}
