import { messages as agencyOverview } from '../features/agency-overview/messages.ts';
import { messages as agencySitrep } from '../features/agency-sitrep/messages.ts';
import { messages as dashboard } from '../features/dashboard/messages.ts';
import { messages as fireFeeds } from '../features/fire-feeds/messages.ts';
import { messages as firesImport } from '../features/fires-import/messages.ts';
import { messages as firesSummary } from '../features/fires-summary/messages.ts';
import { messages as inventory } from '../features/inventory/messages.ts';
import { messages as inventoryInput } from '../features/inventory-input/messages.ts';
import { messages as login } from '../features/login/messages.ts';
import { messages as nationalFires } from '../features/national-fires/messages.ts';
import { messages as nationalSitrep } from '../features/national-sitrep/messages.ts';
import { messages as openData } from '../features/open-data/messages.ts';
import { messages as perimetersImport } from '../features/perimeters/messages.ts';
import { messages as reports } from '../features/reports/messages.ts';
import { messages as situation } from '../features/situation/messages.ts';
import { messages as situationArchive } from '../features/situation-archive/messages.ts';
import { messages as statistics } from '../features/statistics/messages.ts';
import { defineCatalogue, mergeCatalogues } from '../shared/i18n/catalogue.ts';
import { sharedMessages } from '../shared/i18n/messages.ts';
import { serverMessages } from '../shared/i18n/server-messages.ts';
import { resourceMessages } from '../shared/resources/messages.ts';

/** The shell's own strings (header, sidebar, 404, layout). */
const shellMessages = defineCatalogue({
  en: {
    'shell.skipToContent': 'Skip to main content',
    'shell.home': 'CIFFC home page',
    'shell.orgName': 'Canadian Interagency Forest Fire Centre',
    'shell.menu': 'Menu',
    'shell.nav.primary': 'Main navigation',
    'shell.footer.nav': 'About this site',
    'shell.nav.situationReports': 'Situation Reports',
    'shell.nav.summary': 'Current Fires Summary',
    'shell.nav.nationalFires': 'National Fires List',
    'shell.nav.statistics': 'Wildfire Graphs',
    'shell.nav.login': 'Login',
    'shell.account.centre': 'CIFFC',
    'shell.language.toggle': 'Français',
    'shell.sidebar.label': 'Agency menu',
    'shell.sidebar.overview': 'Overview',
    'shell.sidebar.agencySitrep': 'Agency SitRep Input',
    'shell.sidebar.nationalSitrep': 'National SitRep Input',
    'shell.sidebar.inventoryInput': 'Inventory Input',
    'shell.sidebar.inventorySummary': 'Inventory Summary',
    'shell.sidebar.reports': 'Reports and Exports',
    'shell.sidebar.logout': 'Logout',
    'shell.redirecting': 'Redirecting…',
    'notFound.title': 'Page not found',
    'notFound.body': 'The page you asked for does not exist or is not available.',
    'notFound.home': 'Go to the home page',
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
  },
  fr: {
    'shell.skipToContent': 'Passer au contenu principal',
    'shell.home': 'Page d’accueil du CIFFC',
    'shell.orgName': 'Centre interservices des feux de forêt du Canada',
    'shell.menu': 'Menu',
    'shell.nav.primary': 'Navigation principale',
    'shell.footer.nav': 'À propos de ce site',
    'shell.nav.situationReports': 'Rapports de situation',
    'shell.nav.summary': 'Sommaire des feux actuels',
    'shell.nav.nationalFires': 'Liste nationale des feux',
    'shell.nav.statistics': 'Graphiques des feux de forêt',
    'shell.nav.login': 'Connexion',
    'shell.account.centre': 'CIIFF',
    'shell.language.toggle': 'English',
    'shell.sidebar.label': 'Menu de l’agence',
    'shell.sidebar.overview': 'Aperçu',
    'shell.sidebar.agencySitrep': 'Saisie du rapport de situation de l’agence',
    'shell.sidebar.nationalSitrep': 'Saisie du rapport de situation national',
    'shell.sidebar.inventoryInput': 'Saisie de l’inventaire',
    'shell.sidebar.inventorySummary': 'Sommaire de l’inventaire',
    'shell.sidebar.reports': 'Rapports et exportations',
    'shell.sidebar.logout': 'Déconnexion',
    'shell.redirecting': 'Redirection…',
    'notFound.title': 'Page introuvable',
    'notFound.body': 'La page demandée n’existe pas ou n’est pas disponible.',
    'notFound.home': 'Aller à la page d’accueil',
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
});

/** Every folder's catalogue. A new feature adds its `messages.ts` here. */
export const catalogue = mergeCatalogues(
  sharedMessages,
  resourceMessages,
  shellMessages,
  dashboard,
  firesSummary,
  firesImport,
  perimetersImport,
  fireFeeds,
  nationalFires,
  openData,
  statistics,
  situation,
  situationArchive,
  agencyOverview,
  agencySitrep,
  nationalSitrep,
  inventory,
  inventoryInput,
  reports,
  login,
  serverMessages,
);
