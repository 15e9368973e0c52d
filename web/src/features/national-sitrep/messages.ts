import { defineCatalogue } from '../../shared/i18n/catalogue.ts';

export const messages = defineCatalogue({
  en: {
    'nationalSitrep.title': 'National SitRep Input',
  },
  fr: {
    'nationalSitrep.title': 'Saisie du rapport de situation national',
  },
});
