/**
 * When a sign-in token is refused for its times, the one rule of the data API and the
 * content system: both refuse what the other refuses. A token must say when it was issued and when it
 * ends, ends at most a session after it was issued, is not issued in the future, and is not older
 * than its user's last sign-out, password change, block or "sign out everywhere" (`validAfterMs`).
 * Seconds are compared as jose compares them (the API checks signatures with it): `now` floored.
 */

/** Session length of docs/spec/public-site.md section 9: the token and the stored session end then. */
export const SESSION_SECONDS = 43_200;

/** The claim, in epoch milliseconds, that tells a token issued right after a sign-out from one before it. */
export const ISSUED_MS_CLAIM = 'iat_ms';

export type TokenRefusal = 'no_times' | 'expired' | 'issued_in_future' | 'too_old' | 'revoked';

export interface TokenTimes {
  iat?: unknown;
  exp?: unknown;
  [ISSUED_MS_CLAIM]?: unknown;
}

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Why the token's times refuse it at `nowMs`, or null when they do not. */
export function tokenRefusal(
  claims: TokenTimes,
  nowMs: number,
  validAfterMs?: number | null,
): TokenRefusal | null {
  const { iat, exp } = claims;
  if (!isTime(iat) || !isTime(exp)) return 'no_times';
  const now = Math.floor(nowMs / 1000);
  if (exp <= now) return 'expired';
  if (iat > now) return 'issued_in_future';
  if (now - iat > SESSION_SECONDS) return 'too_old';
  if (validAfterMs != null && issuedMs(claims, iat) < validAfterMs) return 'revoked';
  return null;
}

/** The token's issue time in milliseconds: its own claim, or the start of its `iat` second. */
function issuedMs(claims: TokenTimes, iat: number): number {
  const ms = claims[ISSUED_MS_CLAIM];
  // A claim that disagrees with `iat` by more than its second was not written by our issuer.
  return isTime(ms) && Math.floor(ms / 1000) === iat ? ms : iat * 1000;
}
