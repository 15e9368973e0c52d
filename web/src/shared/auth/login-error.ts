import { ApiError } from '../api/http.ts';

type Locale = 'en' | 'fr';

/**
 * The content system's login refusals (Strapi's users-permissions and our lockout in
 * cms/src/extensions/users-permissions) and the browsers' network failures, each in EN and FR.
 * Keys are the exact English texts they send; a text not listed is shown as it came.
 */
export const LOGIN_MESSAGES: Record<string, Record<Locale, string>> = {
  'Invalid identifier or password': {
    en: 'Invalid identifier or password',
    fr: 'Identifiant ou mot de passe non valide',
  },
  'Too many failed sign-ins for this account, please try again later.': {
    en: 'Too many failed sign-ins for this account, please try again later.',
    fr: 'Trop de connexions échouées pour ce compte, veuillez réessayer plus tard.',
  },
  'Too many requests, please try again later.': {
    en: 'Too many requests, please try again later.',
    fr: 'Trop de requêtes, veuillez réessayer plus tard.',
  },
  'Your account has been blocked by an administrator': {
    en: 'Your account has been blocked by an administrator',
    fr: 'Votre compte a été bloqué par un administrateur',
  },
  'Your account email is not confirmed': {
    en: 'Your account email is not confirmed',
    fr: 'L’adresse courriel de votre compte n’est pas confirmée',
  },
  'identifier is a required field': {
    en: 'identifier is a required field',
    fr: 'L’identifiant est obligatoire',
  },
  'password is a required field': {
    en: 'password is a required field',
    fr: 'Le mot de passe est obligatoire',
  },
  // Network failures as Chromium, Firefox and Safari word them.
  'Failed to fetch': {
    en: 'Failed to fetch',
    fr: 'Échec de la connexion au serveur',
  },
  'NetworkError when attempting to fetch resource.': {
    en: 'NetworkError when attempting to fetch resource.',
    fr: 'Erreur réseau lors de la connexion au serveur.',
  },
  'Load failed': { en: 'Load failed', fr: 'Échec du chargement' },
};

const inLanguage = (message: string, locale: Locale) =>
  Object.hasOwn(LOGIN_MESSAGES, message)
    ? (LOGIN_MESSAGES[message] as Record<Locale, string>)[locale]
    : message;

/**
 * The login error catalogue (docs/spec/public-site.md section 8): the server's own `error.message` from the
 * response body; otherwise, when the request never got an answer, the network error's message;
 * otherwise `undefined`, and the page shows its translated "Error attempting to authenticate.
 * Please try again." Anything else (a 5xx without an error body, a non-JSON answer, a response
 * without a token) is not a message meant for users, so it falls to the default. Known texts are
 * shown in the page's language (LOGIN_MESSAGES).
 */
export function loginErrorMessage(error: unknown, locale: Locale = 'en'): string | undefined {
  if (!(error instanceof ApiError) || !error.message) return undefined;
  if (error.fromServer) return inLanguage(error.message, locale);
  // `request` turns a failed fetch (no answer at all) into status 0.
  if (error.status === 0) return inLanguage(error.message, locale);
  return undefined;
}
