import { defineCatalogue } from '../../shared/i18n/catalogue.ts';

export const messages = defineCatalogue({
  en: {
    'situationArchive.title': 'Situation Reports',
  },
  fr: {
    'situationArchive.title': 'Rapports de situation',
  },
});
