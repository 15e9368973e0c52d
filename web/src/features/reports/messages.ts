import { defineCatalogue } from '../../shared/i18n/catalogue.ts';

export const messages = defineCatalogue({
  en: {
    'reports.title': 'Reports and Exports',
    'reports.year': 'Year',
    'reports.export': 'Export (CSV)',
    'reports.exportEmpty': 'Export Aborted. Your search yielded no results.',
    'reports.national.heading': 'National situation reports',
    'reports.national.description':
      'One year of published national situation reports, one row per report date, with the national preparedness level.',
    'reports.agency.heading': 'Agency situation reports',
    'reports.agency.description':
      'One year of approved agency situation reports, one row per approval, with the agency preparedness level.',
  },
  fr: {
    'reports.title': 'Rapports et exportations',
    'reports.year': 'Année',
    'reports.export': 'Exporter (CSV)',
    'reports.exportEmpty': 'Exportation annulée. Votre recherche n’a donné aucun résultat.',
    'reports.national.heading': 'Rapports de situation nationaux',
    'reports.national.description':
      'Une année de rapports de situation nationaux publiés, une ligne par date de rapport, avec le niveau de préparation national.',
    'reports.agency.heading': 'Rapports de situation des agences',
    'reports.agency.description':
      'Une année de rapports de situation des agences approuvés, une ligne par approbation, avec le niveau de préparation de l’agence.',
  },
});
