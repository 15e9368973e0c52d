import { defineCatalogue } from '../../shared/i18n/catalogue.ts';

export const messages = defineCatalogue({
  en: {
    'nationalFires.title': 'National Fires List',
  },
  fr: {
    'nationalFires.title': 'Liste nationale des feux',
  },
});
