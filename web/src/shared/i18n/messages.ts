import { defineCatalogue } from './catalogue.ts';

/** Strings of shared/ (ui kit, auth, content). */
export const sharedMessages = defineCatalogue({
  en: {
    'common.error': 'Error',
    'common.externalServerUrl': 'External server URL',
    // A value the agency's file did not give (docs/glossary.md): shown as such, never guessed.
    'common.notReported': 'Not reported',
    'reauth.title': 'Your session has ended',
    'reauth.body': 'Your changes are kept on this page. Sign in again to send them.',
    'reauth.as': 'Signed in as {username}',
    'reauth.password': 'Password',
    'reauth.submit': 'Sign in and send my changes',
    'reauth.sameUser': 'Sign in as {username} to keep these changes.',
    'reauth.failed': 'Error attempting to authenticate. Please try again.',
    'common.loading': 'Loading…',
    'common.notFound': 'Not found: "{alias}"',
    'common.pageNotFound': 'Page not found.',
    'common.close': 'Close',
    'common.notifications': 'Notifications',
    'common.noAccess': 'Your account does not have access to this page.',
    'common.ogc.link': 'These fires as a GIS layer (OGC API – Features, GeoJSON): {link}.',
    'common.ogc.qgis':
      'In QGIS: Layer › Add Layer › Add WFS / OGC API – Features Layer, New, URL {url}, Connect, then add the layer “fires”.',
  },
  fr: {
    'common.error': 'Erreur',
    'common.externalServerUrl': 'URL du serveur externe',
    'common.notReported': 'Non déclaré',
    'reauth.title': 'Votre session a pris fin',
    'reauth.body': 'Vos modifications sont gardées sur cette page. Reconnectez-vous pour les envoyer.',
    'reauth.as': 'Connecté en tant que {username}',
    'reauth.password': 'Mot de passe',
    'reauth.submit': 'Me connecter et envoyer mes modifications',
    'reauth.sameUser': 'Connectez-vous en tant que {username} pour garder ces modifications.',
    'reauth.failed': 'Erreur lors de l’authentification. Veuillez réessayer.',
    'common.loading': 'Chargement…',
    'common.notFound': 'Introuvable : « {alias} »',
    'common.pageNotFound': 'Page introuvable.',
    'common.close': 'Fermer',
    'common.notifications': 'Notifications',
    'common.noAccess': 'Votre compte n’a pas accès à cette page.',
    'common.ogc.link': 'Ces feux comme couche SIG (OGC API – Features, GeoJSON) : {link}.',
    'common.ogc.qgis':
      'Dans QGIS : Couche › Ajouter une couche › Ajouter une couche WFS / OGC API – Features, Nouveau, URL {url}, Connexion, puis ajoutez la couche « fires ».',
  },
});
