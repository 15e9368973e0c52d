import { defineCatalogue } from '../../shared/i18n/catalogue.ts';

export const messages = defineCatalogue({
  en: {
    'fireFeeds.title': 'Agency Fire Feeds',
    'fireFeeds.sidebar': 'Agency Fire Feeds',
    'fireFeeds.intro':
      'Each agency may publish its fires at a URL (CSV or GeoJSON, a format of the fire import). They are fetched on the interval set here and imported under the same rules.',
    'fireFeeds.caption': 'Feeds by agency',
    'fireFeeds.col.agency': 'Agency',
    'fireFeeds.col.url': 'Feed URL',
    'fireFeeds.col.interval': 'Interval (minutes)',
    'fireFeeds.col.enabled': 'Enabled',
    'fireFeeds.col.status': 'Status',
    'fireFeeds.save': 'Save',
    'fireFeeds.run': 'Fetch now',
    'fireFeeds.saved': 'Saved.',
    'fireFeeds.none': 'No feed',
    'fireFeeds.status.success': 'Last success {time}',
    'fireFeeds.status.error': 'Last error {time}: {error}',
    'fireFeeds.status.rows': 'Last file: {total} rows, {accepted} accepted, {rejected} rejected',
    'fireFeeds.status.next': 'Next fetch {time}',
  },
  fr: {
    'fireFeeds.title': 'Flux de feux des agences',
    'fireFeeds.sidebar': 'Flux de feux des agences',
    'fireFeeds.intro':
      'Chaque agence peut publier ses feux à une adresse URL (CSV ou GeoJSON, un format de l’importation des feux). Ils sont lus à l’intervalle fixé ici et importés selon les mêmes règles.',
    'fireFeeds.caption': 'Flux par agence',
    'fireFeeds.col.agency': 'Agence',
    'fireFeeds.col.url': 'Adresse URL du flux',
    'fireFeeds.col.interval': 'Intervalle (minutes)',
    'fireFeeds.col.enabled': 'Actif',
    'fireFeeds.col.status': 'État',
    'fireFeeds.save': 'Enregistrer',
    'fireFeeds.run': 'Lire maintenant',
    'fireFeeds.saved': 'Enregistré.',
    'fireFeeds.none': 'Aucun flux',
    'fireFeeds.status.success': 'Dernière réussite {time}',
    'fireFeeds.status.error': 'Dernière erreur {time} : {error}',
    'fireFeeds.status.rows': 'Dernier fichier : {total} lignes, {accepted} acceptées, {rejected} rejetées',
    'fireFeeds.status.next': 'Prochaine lecture {time}',
  },
});
