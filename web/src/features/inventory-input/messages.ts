import { defineCatalogue } from '../../shared/i18n/catalogue.ts';

export const messages = defineCatalogue({
  en: {
    'inventoryInput.title': 'Inventory Input',
  },
  fr: {
    'inventoryInput.title': 'Saisie de l’inventaire',
  },
});
