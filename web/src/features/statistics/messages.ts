import { defineCatalogue } from '../../shared/i18n/catalogue.ts';

export const messages = defineCatalogue({
  en: {
    'statistics.export': 'Export CSV',
    'statistics.table': 'Data table',
    'statistics.daily.title': 'Daily Fires',
    'statistics.daily.description': 'Fires reported each day of {month}.',
    'statistics.byYear.title': 'Fires by Year',
    'statistics.byYear.description':
      'Fires per year from 1980 to {year} (this year to date), with the average of the 10 years before.',
    'statistics.hectaresByYear.title': 'Hectares by Year',
    'statistics.hectaresByYear.description':
      'Hectares burned per year from 1980 to {year} (this year to date), with the average of the 10 years before.',
    'statistics.thisWeek.title': 'Fires This Week',
    'statistics.thisWeek.description': 'Fires reported by each agency from {from} to {to}.',
    'statistics.vsAverage.title': 'Fires by Week vs 10-Year Average',
    'statistics.vsAverage.description':
      'Cumulative fires by week (weeks 1 to 52) this year and on average over the 10 years {from} to {to}.',
    'statistics.vsLastYear.title': 'Fires by Week vs Last Year',
    'statistics.vsLastYear.description': 'Cumulative fires by week (weeks 1 to 52) this year and last year.',
    'statistics.col.day': 'Day',
    'statistics.col.date': 'Date',
    'statistics.col.year': 'Year',
    'statistics.col.week': 'Week',
    'statistics.col.agency': 'Agency',
    'statistics.col.agencyCode': 'Agency code',
    'statistics.fires': 'Fires',
    'statistics.hectares': 'Hectares',
    'statistics.tenYearAverage': '10-Year Average',
    'statistics.lastYear': 'Last Year',
    'statistics.thisYear': '{year}',
    'statistics.weekly': '{series}, week',
    'statistics.cumulative': '{series}, cumulative',
  },
  fr: {
    'statistics.export': 'Exporter en CSV',
    'statistics.table': 'Tableau de données',
    'statistics.daily.title': 'Feux par jour',
    'statistics.daily.description': 'Feux signalés chaque jour de {month}.',
    'statistics.byYear.title': 'Feux par année',
    'statistics.byYear.description':
      'Feux par année de 1980 à {year} (année en cours à ce jour), avec la moyenne des 10 années précédentes.',
    'statistics.hectaresByYear.title': 'Hectares par année',
    'statistics.hectaresByYear.description':
      'Hectares brûlés par année de 1980 à {year} (année en cours à ce jour), avec la moyenne des 10 années précédentes.',
    'statistics.thisWeek.title': 'Feux cette semaine',
    'statistics.thisWeek.description': 'Feux signalés par chaque agence du {from} au {to}.',
    'statistics.vsAverage.title': 'Feux par semaine et moyenne sur 10 ans',
    'statistics.vsAverage.description':
      'Feux cumulés par semaine (semaines 1 à 52) cette année et en moyenne sur les 10 années de {from} à {to}.',
    'statistics.vsLastYear.title': 'Feux par semaine et année dernière',
    'statistics.vsLastYear.description':
      'Feux cumulés par semaine (semaines 1 à 52) cette année et l’année dernière.',
    'statistics.col.day': 'Jour',
    'statistics.col.date': 'Date',
    'statistics.col.year': 'Année',
    'statistics.col.week': 'Semaine',
    'statistics.col.agency': 'Agence',
    'statistics.col.agencyCode': 'Code de l’agence',
    'statistics.fires': 'Feux',
    'statistics.hectares': 'Hectares',
    'statistics.tenYearAverage': 'Moyenne sur 10 ans',
    'statistics.lastYear': 'Année dernière',
    'statistics.thisYear': '{year}',
    'statistics.weekly': '{series}, semaine',
    'statistics.cumulative': '{series}, cumul',
  },
});
