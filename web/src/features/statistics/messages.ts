import { defineCatalogue } from '../../shared/i18n/catalogue.ts';

export const messages = defineCatalogue({
  en: {
    'statistics.title': 'Wildfire Graphs',
  },
  fr: {
    'statistics.title': 'Graphiques des feux de forêt',
  },
});
