import { fetchMe, postLogin, postLogout } from '../api/cms.ts';
import { clearSession, getToken, type Session, startSession } from './session.ts';

/**
 * Signs in at the content system, then loads the full user record (role, agency_code,
 * preferredLocale) and keeps both for SESSION_SECONDS.
 */
export async function signIn(identifier: string, password: string): Promise<Session> {
  // Typed as the happy path, but a proxy or a broken server may answer 200 with anything.
  const login: Partial<Awaited<ReturnType<typeof postLogin>>> | undefined = await postLogin(
    identifier,
    password,
  );
  const jwt = login?.jwt;
  // An answer without a token is not a login; the page shows its default error.
  if (typeof jwt !== 'string' || !jwt) throw new Error('The login response has no token');
  let user = login?.user;
  try {
    user = await fetchMe(jwt);
  } catch (error) {
    // The token is good; without the full record the user keeps the login response's fields.
    console.error('Loading the signed-in user failed', error);
  }
  if (!user) throw new Error('The login response has no user');
  return startSession(jwt, user);
}

/**
 * Signs out: the content system ends the token (and every other of the user) so a copy of it no
 * longer works anywhere, and this browser forgets it at once, without waiting for the answer.
 */
export function signOut(): void {
  const token = getToken();
  clearSession();
  if (token) postLogout(token).catch((error: unknown) => console.error('Ending the session failed', error));
}
