import { describe, expect, it } from 'vitest';
import { ISSUED_MS_CLAIM, SESSION_SECONDS, tokenRefusal } from './token-rule.ts';

const now = Date.UTC(2026, 11, 5, 12, 0, 0, 500);
const nowS = Math.floor(now / 1000);
const session = (iat: number) => ({ iat, exp: iat + SESSION_SECONDS });

describe('tokenRefusal', () => {
  it('accepts a token of this session', () => {
    expect(tokenRefusal(session(nowS - 60), now)).toBeNull();
    expect(tokenRefusal(session(nowS - SESSION_SECONDS + 1), now)).toBeNull();
  });

  it('refuses a token without iat or exp', () => {
    expect(tokenRefusal({ iat: nowS }, now)).toBe('no_times');
    expect(tokenRefusal({ exp: nowS + 60 }, now)).toBe('no_times');
    expect(tokenRefusal({ iat: String(nowS), exp: nowS + 60 }, now)).toBe('no_times');
  });

  it('refuses an expired token, one issued in the future, one older than a session', () => {
    expect(tokenRefusal({ iat: nowS - 100, exp: nowS }, now)).toBe('expired');
    expect(tokenRefusal(session(nowS + 1), now)).toBe('issued_in_future');
    // Issued 13 hours ago with an end pushed out past the usual 12: older than a session.
    expect(tokenRefusal({ iat: nowS - 13 * 3600, exp: nowS + 3600 }, now)).toBe('too_old');
  });

  it('refuses a token issued before the user signed out, to the millisecond', () => {
    const signedOut = now - 200;
    expect(tokenRefusal({ ...session(nowS), [ISSUED_MS_CLAIM]: now - 300 }, now, signedOut)).toBe('revoked');
    expect(tokenRefusal({ ...session(nowS), [ISSUED_MS_CLAIM]: now - 100 }, now, signedOut)).toBeNull();
    expect(tokenRefusal({ ...session(nowS), [ISSUED_MS_CLAIM]: signedOut }, now, signedOut)).toBeNull();
  });

  it('reads a token without the millisecond claim (or with one off its second) at the start of its second', () => {
    expect(tokenRefusal(session(nowS - 1), now, now - 400)).toBe('revoked');
    expect(tokenRefusal({ ...session(nowS - 1), [ISSUED_MS_CLAIM]: now }, now, now - 400)).toBe('revoked');
    expect(tokenRefusal(session(nowS - 1), now, null)).toBeNull();
  });
});
