import { defineCatalogue } from '../../shared/i18n/catalogue.ts';

export const messages = defineCatalogue({
  en: {
    'login.title': 'Login',
    'login.username': 'Username',
    'login.password': 'Password',
    'login.submit': 'Login',
    'login.submitting': 'Logging in…',
    'login.error.default': 'Error attempting to authenticate. Please try again.',
    'login.error.required': 'This field is required.',
  },
  fr: {
    'login.title': 'Connexion',
    'login.username': 'Nom d’utilisateur',
    'login.password': 'Mot de passe',
    'login.submit': 'Connexion',
    'login.submitting': 'Connexion en cours…',
    'login.error.default': 'Erreur lors de la tentative d’authentification. Veuillez réessayer.',
    'login.error.required': 'Ce champ est obligatoire.',
  },
});
