import { servedMessages } from '@ciffc/contracts/site';
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
import { messages as nearMe } from '../features/near-me/messages.ts';
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
    'notFound.home': 'Go to the home page',
  },
  fr: {
    'shell.skipToContent': 'Passer au contenu principal',
    'shell.home': 'Page d’accueil du CIFFC',
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
    'notFound.home': 'Aller à la page d’accueil',
  },
});

/**
 * Every folder's catalogue. A new feature adds its `messages.ts` here. The words the data API also
 * writes (page titles and descriptions, the served report) are the package's, shared with it.
 */
export const catalogue = mergeCatalogues(
  servedMessages,
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
  nearMe,
  inventory,
  inventoryInput,
  reports,
  login,
  serverMessages,
);

/**
 * Every message id of the site. react-intl's `<FormattedMessage id>`, `formatMessage({ id })` and
 * `defineMessages` take only these (message-ids.d.ts; docs/decisions.md, "Typed message ids").
 */
export type MessageId = keyof typeof catalogue.en;
