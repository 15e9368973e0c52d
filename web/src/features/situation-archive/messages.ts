import { defineCatalogue } from '../../shared/i18n/catalogue.ts';

export const messages = defineCatalogue({
  en: {
    'archive.latest': 'Latest report',
    'archive.latestLevel': 'National preparedness level:',
    'archive.latestLink': 'National situation report of {date}',
    'archive.empty': 'No national situation report has been published yet.',
    'archive.legend': 'National preparedness levels',
    'archive.levelName': 'Level {level}',
    'archive.noReport': 'No report',
    'archive.dayLabel': '{date}: national preparedness level {level}',
    'archive.subscribe': 'Subscribe',
    'archive.feedReports': 'National situation reports (Atom)',
    'archive.feedLevels': 'National preparedness level changes (Atom)',
  },
  fr: {
    'archive.latest': 'Dernier rapport',
    'archive.latestLevel': 'Niveau de préparation national :',
    'archive.latestLink': 'Rapport de situation national du {date}',
    'archive.empty': 'Aucun rapport de situation national n’a encore été publié.',
    'archive.legend': 'Niveaux de préparation nationaux',
    'archive.levelName': 'Niveau {level}',
    'archive.noReport': 'Aucun rapport',
    'archive.dayLabel': '{date} : niveau de préparation national {level}',
    'archive.subscribe': 'S’abonner',
    'archive.feedReports': 'Rapports de situation nationaux (Atom)',
    'archive.feedLevels': 'Changements du niveau de préparation national (Atom)',
  },
});
