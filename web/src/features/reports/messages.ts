import { defineCatalogue } from '../../shared/i18n/catalogue.ts';

export const messages = defineCatalogue({
  en: {
    'reports.title': 'Reports and Exports',
  },
  fr: {
    'reports.title': 'Rapports et exportations',
  },
});
