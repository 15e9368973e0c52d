import { ApiError, request } from '../../shared/api/http.ts';

/** Something before and after one `@`, a dot in the domain: the content system checks the rest. */
export const looksLikeEmail = (email: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

/**
 * Asks the content system to mail a reset link (users-permissions' forgot-password). It answers
 * alike for every address (cms/src/extensions/users-permissions/strapi-server.ts).
 */
export function postForgotPassword(email: string): Promise<unknown> {
  return request('/api/auth/forgot-password', { method: 'POST', body: { email } });
}

/** Sets a new password with the mail's code; the answer's token is not kept (the reader signs in). */
export function postResetPassword(
  code: string,
  password: string,
  passwordConfirmation: string,
): Promise<unknown> {
  return request('/api/auth/reset-password', {
    method: 'POST',
    body: { code, password, passwordConfirmation },
  });
}

export type ResetFailure = 'tooMany' | 'network' | 'badCode' | 'tooShort' | 'mismatch' | 'default';

/** What went wrong with a forgot or reset request, for the page to word in its language. */
export function resetFailure(error: unknown): ResetFailure {
  if (!(error instanceof ApiError)) return 'default';
  if (error.status === 429) return 'tooMany';
  if (error.status === 0) return 'network';
  if (error.status === 400 && error.fromServer) {
    if (/incorrect code/i.test(error.message)) return 'badCode';
    if (/do not match/i.test(error.message)) return 'mismatch';
    if (/password/i.test(error.message) && /at least|min/i.test(error.message)) return 'tooShort';
  }
  return 'default';
}
