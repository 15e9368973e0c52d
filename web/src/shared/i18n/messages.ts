import { defineCatalogue } from './catalogue.ts';

/** Strings of shared/ (ui kit, auth, content). */
export const sharedMessages = defineCatalogue({
  en: {
    'common.error': 'Error',
    'common.externalServerUrl': 'External server URL',
    'common.loading': 'Loading…',
    'common.notFound': 'Not found: "{alias}"',
    'common.pageNotFound': 'Page not found.',
    'common.close': 'Close',
    'common.notifications': 'Notifications',
    'common.noAccess': 'Your account does not have access to this page.',
  },
  fr: {
    'common.error': 'Erreur',
    'common.externalServerUrl': 'URL du serveur externe',
    'common.loading': 'Chargement…',
    'common.notFound': 'Introuvable : « {alias} »',
    'common.pageNotFound': 'Page introuvable.',
    'common.close': 'Fermer',
    'common.notifications': 'Notifications',
    'common.noAccess': 'Votre compte n’a pas accès à cette page.',
  },
});
