import { defineCatalogue } from './catalogue.ts';

/** Strings of shared/ (ui kit, auth, content). */
export const sharedMessages = defineCatalogue({
  en: {
    'common.error': 'Error',
    'common.externalServerUrl': 'External server URL',
    // A value the agency's file did not give (docs/glossary.md): shown as such, never guessed.
    'common.notReported': 'Not reported',
    'editing.connection.offline':
      'Offline.{waiting, select, yes { Your changes are kept in this tab and sent when the connection returns.} other { Nothing typed is waiting: the server has it all.}}',
    'editing.connection.unsent': 'Changes not yet on the server: they are sent within seconds.',
    'editing.connection.offlineSave':
      'Offline.{waiting, select, yes { Your changes stay on this page: save them once the connection returns.} other {}}',
    'editing.connection.synced': 'All changes saved on the server at {time}.',
    'editing.connection.ready': 'Editing: each change is saved on the server as you go.',
    'reauth.title': 'Your session has ended',
    'reauth.elsewhere': 'You were signed out in another tab or window.',
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
    'numberInput.notNumber': 'Not a number: type digits only.',
    'numberInput.notNumberDecimal': 'Not a number: type digits, with a point for decimals.',
    'numberInput.whole': 'A whole number is expected.',
    'numberInput.range': 'Must be between {lo} and {hi}.',
    'numberInput.atLeast': 'Must be at least {lo}.',
    'numberInput.atMost': 'Must be at most {hi}.',
    'numberInput.readAs': 'Read as {value}',
  },
  fr: {
    'common.error': 'Erreur',
    'common.externalServerUrl': 'URL du serveur externe',
    'common.notReported': 'Non déclaré',
    'editing.connection.offline':
      'Hors ligne.{waiting, select, yes { Vos modifications sont gardées dans cet onglet et envoyées au retour de la connexion.} other { Rien de ce qui a été saisi n’attend : le serveur a tout.}}',
    'editing.connection.unsent':
      'Modifications pas encore sur le serveur : elles sont envoyées dans quelques secondes.',
    'editing.connection.offlineSave':
      'Hors ligne.{waiting, select, yes { Vos modifications restent sur cette page : enregistrez-les au retour de la connexion.} other {}}',
    'editing.connection.synced': 'Toutes les modifications sont enregistrées sur le serveur à {time}.',
    'editing.connection.ready':
      'Modification en cours : chaque changement est enregistré sur le serveur au fur et à mesure.',
    'reauth.title': 'Votre session a pris fin',
    'reauth.elsewhere': 'Vous avez été déconnecté dans un autre onglet ou une autre fenêtre.',
    'reauth.body': 'Vos modifications sont gardées sur cette page. Reconnectez-vous pour les envoyer.',
    'reauth.as': 'Connecté en tant que {username}',
    'reauth.password': 'Mot de passe',
    'reauth.submit': 'Me connecter et envoyer mes modifications',
    'reauth.sameUser': 'Connectez-vous en tant que {username} pour garder ces modifications.',
    'reauth.failed': 'Erreur lors de l’authentification. Veuillez réessayer.',
    'common.loading': 'Chargement…',
    'common.notFound': 'Introuvable : «\u00a0{alias}\u00a0»',
    'common.pageNotFound': 'Page introuvable.',
    'common.close': 'Fermer',
    'common.notifications': 'Notifications',
    'common.noAccess': 'Votre compte n’a pas accès à cette page.',
    'common.ogc.link': 'Ces feux comme couche SIG (OGC API – Features, GeoJSON) : {link}.',
    'common.ogc.qgis':
      'Dans QGIS : Couche › Ajouter une couche › Ajouter une couche WFS / OGC API – Features, Nouveau, URL {url}, Connexion, puis ajoutez la couche «\u00a0fires\u00a0».',
    'numberInput.notNumber': 'Ce n’est pas un nombre : tapez seulement des chiffres.',
    'numberInput.notNumberDecimal':
      'Ce n’est pas un nombre : tapez des chiffres, avec une virgule pour les décimales.',
    'numberInput.whole': 'Un nombre entier est attendu.',
    'numberInput.range': 'Doit être entre {lo} et {hi}.',
    'numberInput.atLeast': 'Doit être au moins {lo}.',
    'numberInput.atMost': 'Doit être au plus {hi}.',
    'numberInput.readAs': 'Lu : {value}',
  },
});
