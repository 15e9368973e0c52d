import { defineCatalogue } from '../../shared/i18n/catalogue.ts';

export const messages = defineCatalogue({
  en: {
    'agencyOverview.title': 'Overview',
  },
  fr: {
    'agencyOverview.title': 'Aperçu',
  },
});
