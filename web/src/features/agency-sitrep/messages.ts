import { defineCatalogue } from '../../shared/i18n/catalogue.ts';

export const messages = defineCatalogue({
  en: {
    'agencySitrep.title': 'Agency SitRep Input',
  },
  fr: {
    'agencySitrep.title': 'Saisie du rapport de situation de l’agence',
  },
});
