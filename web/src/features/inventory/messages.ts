import { defineCatalogue } from '../../shared/i18n/catalogue.ts';

export const messages = defineCatalogue({
  en: {
    'inventory.title': 'Inventory Summary',
  },
  fr: {
    'inventory.title': 'Sommaire de l’inventaire',
  },
});
