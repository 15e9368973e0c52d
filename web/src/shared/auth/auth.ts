import { fetchMe, postLogin } from '../api/cms.ts';
import { clearSession, type Session, startSession } from './session.ts';

/**
 * Signs in at the content system, then loads the full user record (role, agency_code,
 * preferredLocale) and keeps both for SESSION_SECONDS.
 */
export async function signIn(identifier: string, password: string): Promise<Session> {
  const { jwt, user: loginUser } = await postLogin(identifier, password);
  let user = loginUser;
  try {
    user = await fetchMe(jwt);
  } catch (error) {
    // The token is good; without the full record the user keeps the login response's fields.
    console.error('Loading the signed-in user failed', error);
  }
  return startSession(jwt, user);
}

export function signOut(): void {
  clearSession();
}
