import { SESSION_SECONDS } from '@ciffc/contracts';
import { describe, expect, it } from 'vitest';
import {
  clearSession,
  getSession,
  identityOf,
  keepSessionWhileEditing,
  reloadSession,
  SESSION_KEY,
  sessionEndedElsewhere,
  startSession,
} from './session.ts';

const user = { id: 1, username: 'ab', agency_code: 'ab', role: { name: 'Authenticated' } };

describe('session', () => {
  it('survives a reload for SESSION_SECONDS and no longer', () => {
    const t0 = 1_000_000;
    startSession('jwt', user, t0);
    reloadSession(); // what a page reload does: read storage again
    expect(getSession(t0 + (SESSION_SECONDS - 1) * 1000)?.jwt).toBe('jwt');
    reloadSession();
    expect(getSession(t0 + SESSION_SECONDS * 1000)).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('keeps an expired session while a page edits, and clears it when the last editing page goes', () => {
    const t0 = 2_000_000;
    startSession('jwt', user, t0);
    const release = keepSessionWhileEditing();
    const later = t0 + SESSION_SECONDS * 1000 + 1;
    // The page stays with what is typed; the server refuses the token and the page asks to sign in.
    expect(getSession(later)?.jwt).toBe('jwt');
    release();
    expect(getSession(later)).toBeNull();
  });

  it('keeps the session of a page that edits when another tab signs out, and says so; otherwise signs out', () => {
    const signOutElsewhere = () => {
      localStorage.removeItem(SESSION_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY }));
    };
    startSession('jwt', user);
    const release = keepSessionWhileEditing();
    signOutElsewhere();
    expect(getSession()?.jwt).toBe('jwt');
    expect(sessionEndedElsewhere()).toBe(true);
    release();
    expect(getSession()).toBeNull();

    startSession('jwt2', user);
    expect(sessionEndedElsewhere()).toBe(false);
    signOutElsewhere();
    expect(getSession()).toBeNull();
  });

  it('ignores corrupt storage', () => {
    localStorage.setItem(SESSION_KEY, '{nope');
    reloadSession();
    expect(getSession()).toBeNull();
  });

  it('clears on logout', () => {
    startSession('jwt', user);
    clearSession();
    expect(getSession()).toBeNull();
  });

  it('gives the contracts an identity with the role name', () => {
    expect(identityOf(user)).toEqual({ id: 1, username: 'ab', role: 'Authenticated', agency_code: 'ab' });
    expect(identityOf(null)).toBeNull();
  });
});
