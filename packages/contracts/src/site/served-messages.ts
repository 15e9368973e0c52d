/**
 * The words the data API writes into the pages it serves (their titles and descriptions, a
 * report's text) and into a report's preview image, with the site's own: the app shows the same
 * ones (web/src/app/messages.ts merges this catalogue), so a page reads the same before and after
 * the app takes over. Only these live here; every other message stays in its screen's folder.
 */
const en = {
  'dashboard.title': 'Active Fires Dashboard',
  'dashboard.legend.group.OC': 'Out of control',
  'dashboard.legend.group.BH': 'Being held',
  'dashboard.legend.group.UC': 'Under control',
  'dashboard.legend.group.MON_OC': 'Monitored, out of control',
  'situation.title': 'National Situation Report',
  'situation.heading': 'National Situation Report: {date}',
  'situation.nationalLevel': 'National Preparedness Level:',
  'situation.dutyOfficer': 'Duty officer:',
  'situation.section.summary': 'National Summary',
  'situation.section.prepLevels': 'Preparedness Levels',
  'archive.title': 'Situation Reports',
  'summary.title': 'Current Fires Summary',
  'nationalFires.title': 'National Fires List',
  'statistics.title': 'Wildfire Graphs',
  'statistics.intro': 'Fires reported by the agencies, with history from 1980.',
  'openData.title': 'Open data',
  'login.title': 'Login',
  'forgot.title': 'Forgot your password',
  'reset.title': 'Choose a new password',
  'shell.orgName': 'Canadian Interagency Forest Fire Centre',
  'notFound.title': 'Page not found',
  'notFound.body': 'The page you asked for does not exist or is not available.',
  'meta.siteName': 'Canadian Interagency Forest Fire Centre (CIFFC)',
  'meta.description.site':
    'Canadian Interagency Forest Fire Centre: the national wildfire situation, active fires and situation reports.',
  'meta.description.dashboard':
    'Active wildfires across Canada on a map, by stage of control, with the national preparedness level.',
  'meta.description.summary':
    'Current wildfires in Canada by agency and stage of control: counts and hectares burned this season.',
  'meta.description.national':
    'Every active wildfire reported by Canada’s wildfire agencies: location, size, stage of control.',
  'meta.description.statistics':
    'Wildfire graphs for Canada: daily fires, fires and hectares by year, this week against the 10-year average.',
  'meta.description.data':
    'Canada’s wildfire data, open: the OGC API layer for QGIS and ArcGIS, downloads in CSV, GeoJSON and KML, the JSON API and Atom feeds.',
  'meta.description.archive':
    'The national wildfire situation reports of the Canadian Interagency Forest Fire Centre, by date.',
  'meta.description.situation':
    'The latest national wildfire situation report of the Canadian Interagency Forest Fire Centre.',
  'meta.report.title': 'National Situation Report, {date}: preparedness level {level}',
  'meta.report.titleNoLevel': 'National Situation Report, {date}',
} as const;

export const servedMessages: { en: Record<keyof typeof en, string>; fr: Record<keyof typeof en, string> } = {
  en,
  fr: {
    'dashboard.title': 'Tableau de bord des feux actifs',
    'dashboard.legend.group.OC': 'Hors de contrôle',
    'dashboard.legend.group.BH': 'Contenu',
    'dashboard.legend.group.UC': 'Maîtrisé',
    'dashboard.legend.group.MON_OC': 'Sous surveillance, hors de contrôle',
    'situation.title': 'Rapport de situation national',
    'situation.heading': 'Rapport de situation national : {date}',
    'situation.nationalLevel': 'Niveau de préparation national :',
    'situation.dutyOfficer': 'Agent de service :',
    'situation.section.summary': 'Sommaire national',
    'situation.section.prepLevels': 'Niveaux de préparation',
    'archive.title': 'Rapports de situation',
    'summary.title': 'Sommaire des feux actuels',
    'nationalFires.title': 'Liste nationale des feux',
    'statistics.title': 'Graphiques des feux de forêt',
    'statistics.intro': 'Feux signalés par les agences, avec l’historique depuis 1980.',
    'openData.title': 'Données ouvertes',
    'login.title': 'Connexion',
    'forgot.title': 'Mot de passe oublié',
    'reset.title': 'Choisir un nouveau mot de passe',
    'shell.orgName': 'Centre interservices des feux de forêt du Canada',
    'notFound.title': 'Page introuvable',
    'notFound.body': 'La page demandée n’existe pas ou n’est pas disponible.',
    'meta.siteName': 'Centre interservices des feux de forêt du Canada (CIFFC)',
    'meta.description.site':
      'Centre interservices des feux de forêt du Canada : la situation nationale des feux de forêt, les feux actifs et les rapports de situation.',
    'meta.description.dashboard':
      'Les feux de forêt actifs au Canada sur une carte, par stade de maîtrise, avec le niveau de préparation national.',
    'meta.description.summary':
      'Les feux de forêt actuels au Canada par agence et par stade de maîtrise : nombres et hectares brûlés cette saison.',
    'meta.description.national':
      'Chaque feu de forêt actif signalé par les agences du Canada : lieu, superficie, stade de maîtrise.',
    'meta.description.statistics':
      'Graphiques des feux de forêt au Canada : feux par jour, feux et hectares par année, cette semaine contre la moyenne de 10 ans.',
    'meta.description.data':
      'Les données sur les feux de forêt au Canada, ouvertes : la couche OGC API pour QGIS et ArcGIS, les téléchargements CSV, GeoJSON et KML, l’API JSON et les fils Atom.',
    'meta.description.archive':
      'Les rapports de situation nationaux des feux de forêt du Centre interservices des feux de forêt du Canada, par date.',
    'meta.description.situation':
      'Le plus récent rapport de situation national des feux de forêt du Centre interservices des feux de forêt du Canada.',
    'meta.report.title': 'Rapport de situation national, {date} : niveau de préparation {level}',
    'meta.report.titleNoLevel': 'Rapport de situation national, {date}',
  },
};

export type ServedMessageId = keyof typeof en;
