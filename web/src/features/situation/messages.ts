import { defineCatalogue } from '../../shared/i18n/catalogue.ts';

export const messages = defineCatalogue({
  en: {
    'situation.title': 'National Situation Report',
  },
  fr: {
    'situation.title': 'Rapport de situation national',
  },
});
