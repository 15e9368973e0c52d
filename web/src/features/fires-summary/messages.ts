import { defineCatalogue } from '../../shared/i18n/catalogue.ts';

export const messages = defineCatalogue({
  en: {
    'firesSummary.title': 'Current Fires Summary',
  },
  fr: {
    'firesSummary.title': 'Sommaire des feux actuels',
  },
});
