import { defineCatalogue } from '../../shared/i18n/catalogue.ts';

export const messages = defineCatalogue({
  en: {
    'dashboard.title': 'Active Fires Dashboard',
  },
  fr: {
    'dashboard.title': 'Tableau de bord des feux actifs',
  },
});
