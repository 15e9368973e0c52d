/**
 * Demo content (CIFFC_DEMO=1): one static-content block per feature alias of docs/spec/public-site.md
 * section 2 (a published alias switches its screen on), and a few content pages per audience.
 */
import { FEATURE_ALIASES, type FeatureAlias } from '@ciffc/contracts/commonjs/features';

export type Localized = { Name: string; Body: string };
export type DemoEntry = { Alias: string; en: Localized; fr: Localized };

// One block per feature alias of the contracts: a missing or unknown alias does not compile.
const FEATURE_BLOCKS: Record<FeatureAlias, Omit<DemoEntry, 'Alias'>> = {
  login: {
    en: {
      Name: 'Sign in',
      Body: [
        'Agency and CIFFC staff sign in with the account issued by the Canadian Interagency Forest Fire Centre.',
        '',
        'Your session lasts 12 hours. If you have forgotten your password, contact the CIFFC duty officer.',
      ].join('\n'),
    },
    fr: {
      Name: 'Connexion',
      Body: [
        'Le personnel des agences et du CIFFC se connecte avec le compte fourni par le Centre interservices des feux de forêt du Canada.',
        '',
        "Votre session dure 12 heures. Si vous avez oublié votre mot de passe, communiquez avec l'agent de service du CIFFC.",
      ].join('\n'),
    },
  },
  'national-summary': {
    en: {
      Name: 'Current Fires Summary',
      Body: [
        'Wildland fires reported by each agency for the current year, from January 1, grouped by response type',
        '(full, modified, monitored) and stage of control.',
      ].join(' '),
    },
    fr: {
      Name: 'Sommaire des feux actuels',
      Body: [
        "Feux de végétation signalés par chaque agence pour l'année en cours, depuis le 1er janvier, regroupés par",
        "type d'intervention (complète, modifiée, surveillée) et par stade de maîtrise.",
      ].join(' '),
    },
  },
  'national-fires': {
    en: {
      Name: 'National Fires List',
      Body: 'Every fire reported to CIFFC, filterable by agency, stage of control and response type, and exportable as CSV.',
    },
    fr: {
      Name: 'Liste nationale des feux',
      Body: "Tous les feux signalés au CIFFC, filtrables par agence, stade de maîtrise et type d'intervention, et exportables en CSV.",
    },
  },
  'fire-statistics': {
    en: {
      Name: 'Wildfire Graphs',
      Body: [
        'Fires and hectares burned by day, week and year since 1980, compared with the 1-year and 10-year averages.',
        'Each chart can be downloaded as CSV.',
      ].join(' '),
    },
    fr: {
      Name: 'Graphiques sur les feux de forêt',
      Body: [
        'Nombre de feux et superficie brûlée par jour, par semaine et par année depuis 1980, comparés aux moyennes',
        'sur 1 an et sur 10 ans. Chaque graphique peut être téléchargé en CSV.',
      ].join(' '),
    },
  },
  'national-sitrep-archive': {
    en: {
      Name: 'Situation Reports',
      Body: 'Daily national situation reports, coloured by the national preparedness level of the day.',
    },
    fr: {
      Name: 'Rapports de situation',
      Body: 'Rapports de situation nationaux quotidiens, colorés selon le niveau de préparation national du jour.',
    },
  },
  'sitrep-input-agency': {
    en: {
      Name: 'Agency SitRep Input',
      Body: [
        "Enter your agency's daily situation report: new fires, fires by response type and stage of control,",
        'preparedness level, resources and comments in English and French. Submit it for CIFFC approval by 10:00 MT.',
      ].join(' '),
    },
    fr: {
      Name: "Saisie du rapport de situation de l'agence",
      Body: [
        'Saisissez le rapport de situation quotidien de votre agence : nouveaux feux, feux par type',
        "d'intervention et stade de maîtrise, niveau de préparation, ressources et commentaires en anglais et en",
        "français. Soumettez-le à l'approbation du CIFFC avant 10 h (HR des Rocheuses).",
      ].join(' '),
    },
  },
  'sitrep-input-national': {
    en: {
      Name: 'National SitRep Input',
      Body: 'Compile the national situation report from the approved agency reports, then publish it.',
    },
    fr: {
      Name: 'Saisie du rapport de situation national',
      Body: 'Rédigez le rapport de situation national à partir des rapports approuvés des agences, puis publiez-le.',
    },
  },
  'inventory-input': {
    en: {
      Name: 'Inventory Input',
      Body: "Update your agency's inventory of personnel, aircraft and equipment available to share.",
    },
    fr: {
      Name: "Saisie de l'inventaire",
      Body: "Mettez à jour l'inventaire du personnel, des aéronefs et de l'équipement que votre agence peut partager.",
    },
  },
  inventory: {
    en: {
      Name: 'Inventory Summary',
      Body: 'National summary of the resources each agency has reported as available.',
    },
    fr: {
      Name: "Sommaire de l'inventaire",
      Body: 'Sommaire national des ressources que chaque agence a déclarées disponibles.',
    },
  },
  'reports-and-exports': {
    en: {
      Name: 'Reports and Exports',
      Body: 'Download situation reports, fire lists and statistics for briefings and analysis.',
    },
    fr: {
      Name: 'Rapports et exportations',
      Body: "Téléchargez les rapports de situation, les listes de feux et les statistiques pour les breffages et l'analyse.",
    },
  },
};

export const STATIC_CONTENTS: DemoEntry[] = FEATURE_ALIASES.map((Alias) => ({
  Alias,
  ...FEATURE_BLOCKS[Alias],
}));

export const PAGES: DemoEntry[] = [
  {
    Alias: 'about',
    en: {
      Name: 'About CIFFC',
      Body: [
        'The **Canadian Interagency Forest Fire Centre** (CIFFC) coordinates the sharing of wildland fire',
        'resources among the provinces, the territories and Parks Canada, and with international partners.',
        '',
        '## What we do',
        '',
        '- Publish the daily national situation report and the national preparedness level.',
        '- Move firefighters, aircraft and equipment to where they are needed most.',
        '- Keep national statistics on wildland fires since 1980.',
      ].join('\n'),
    },
    fr: {
      Name: 'À propos du CIFFC',
      Body: [
        'Le **Centre interservices des feux de forêt du Canada** (CIFFC) coordonne le partage des ressources',
        'de lutte contre les feux de végétation entre les provinces, les territoires et Parcs Canada, ainsi',
        "qu'avec les partenaires internationaux.",
        '',
        '## Ce que nous faisons',
        '',
        '- Publier le rapport de situation national quotidien et le niveau de préparation national.',
        "- Déployer le personnel, les aéronefs et l'équipement là où les besoins sont les plus grands.",
        '- Tenir les statistiques nationales sur les feux de végétation depuis 1980.',
      ].join('\n'),
    },
  },
  {
    Alias: 'preparedness-levels',
    en: {
      Name: 'National Preparedness Levels',
      Body: [
        'The national preparedness level (APL) describes wildland fire activity and resource commitment across Canada.',
        '',
        '1. **Level 1**: Minimal wildland fire activity. Agencies meet their needs with their own resources.',
        '2. **Level 2**: Low to moderate wildland fire activity. Some agencies may need resources from other agencies.',
        '3. **Level 3**: Moderate wildland fire activity. Resources are being shared nationally.',
        '4. **Level 4**: High wildland fire activity in several agencies. National resources are largely committed.',
        '5. **Level 5**: Extreme wildland fire activity. National resources are fully committed and international help may be needed.',
        '',
        '[National Preparedness Levels (PDF)](/uploads/preparedness-levels-en.pdf)',
      ].join('\n'),
    },
    fr: {
      Name: 'Niveaux de préparation nationaux',
      Body: [
        "Le niveau de préparation national (NPN) décrit l'activité des feux de végétation et l'engagement des",
        "ressources à l'échelle du Canada.",
        '',
        '1. **Niveau 1** : Activité minimale des feux de végétation. Les agences répondent à leurs besoins avec leurs propres ressources.',
        '2. **Niveau 2** : Activité faible à modérée des feux de végétation. Certaines agences peuvent avoir besoin de ressources d’autres agences.',
        '3. **Niveau 3** : Activité modérée des feux de végétation. Des ressources sont partagées à l’échelle nationale.',
        '4. **Niveau 4** : Activité élevée des feux de végétation dans plusieurs agences. Les ressources nationales sont en grande partie engagées.',
        '5. **Niveau 5** : Activité extrême des feux de végétation. Les ressources nationales sont entièrement engagées et une aide internationale peut être nécessaire.',
        '',
        '[Niveaux de préparation nationaux (PDF)](/uploads/preparedness-levels-fr.pdf)',
      ].join('\n'),
    },
  },
  // The footer's pages (web/src/app/Footer.tsx): edited here like any other page.
  {
    Alias: 'contact',
    en: {
      Name: 'Contact us',
      Body: [
        'For questions about the national situation report or this site, contact the CIFFC duty officer',
        'through your provincial or territorial wildfire agency, or write to CIFFC through its main web site.',
        '',
        'For a fire near you, always follow the advice of your local wildfire agency and emergency services.',
      ].join('\n'),
    },
    fr: {
      Name: 'Nous joindre',
      Body: [
        'Pour toute question sur le rapport de situation national ou sur ce site, communiquez avec l’agent de',
        'service du CIFFC par l’entremise de votre agence provinciale ou territoriale, ou écrivez au CIFFC par son site principal.',
        '',
        'Pour un feu près de chez vous, suivez toujours les consignes de votre agence locale et des services d’urgence.',
      ].join('\n'),
    },
  },
  {
    Alias: 'privacy',
    en: {
      Name: 'Privacy',
      Body: [
        'This site does not use advertising or tracking cookies. Your browser keeps your language choice and,',
        'when you sign in, your session; nothing else about your visit is stored.',
        '',
        'Server logs (address, page, time) are kept for security only and deleted after a short period.',
      ].join('\n'),
    },
    fr: {
      Name: 'Confidentialité',
      Body: [
        'Ce site n’utilise aucun témoin de publicité ou de suivi. Votre navigateur conserve votre choix de',
        'langue et, si vous vous connectez, votre session; rien d’autre sur votre visite n’est conservé.',
        '',
        'Les journaux du serveur (adresse, page, heure) servent à la sécurité seulement et sont supprimés après une courte période.',
      ].join('\n'),
    },
  },
  {
    Alias: 'accessibility',
    en: {
      Name: 'Accessibility',
      Body: [
        'This site aims to meet the Web Content Accessibility Guidelines (WCAG) 2.1 level AA in English and French.',
        '',
        '- Every chart has a data table and a CSV download.',
        '- The fire map can be used from the keyboard through its list of fires in view.',
        '',
        'If something does not work for you, please tell us through the contact page.',
      ].join('\n'),
    },
    fr: {
      Name: 'Accessibilité',
      Body: [
        'Ce site vise la conformité aux Règles pour l’accessibilité des contenus Web (WCAG) 2.1, niveau AA, en français et en anglais.',
        '',
        '- Chaque graphique a un tableau de données et un téléchargement CSV.',
        '- La carte des feux s’utilise au clavier grâce à la liste des feux affichés.',
        '',
        'Si quelque chose ne fonctionne pas pour vous, dites-le-nous par la page Nous joindre.',
      ].join('\n'),
    },
  },
  {
    Alias: 'terms',
    en: {
      Name: 'Terms of use',
      Body: [
        'The figures on this site are compiled daily from the reports of the wildfire agencies and may be',
        'revised. They are provided for information; for decisions about your safety, follow your local authorities.',
        '',
        'You may reuse the data with credit to the Canadian Interagency Forest Fire Centre.',
      ].join('\n'),
    },
    fr: {
      Name: 'Conditions d’utilisation',
      Body: [
        'Les données de ce site sont compilées chaque jour à partir des rapports des agences de lutte contre les',
        'feux et peuvent être révisées. Elles sont fournies à titre d’information; pour votre sécurité, suivez les consignes de vos autorités locales.',
        '',
        'Vous pouvez réutiliser les données en citant le Centre interservices des feux de forêt du Canada.',
      ].join('\n'),
    },
  },
];

export const AGENCY_PAGES: DemoEntry[] = [
  {
    Alias: 'agency-help',
    en: {
      Name: 'Help for agency users',
      Body: [
        '## Daily situation report',
        '',
        '1. Open **Agency SitRep Input** and claim your draft.',
        '2. Fill in every section; your work is saved as you go.',
        '3. Select **Submit** when the report is complete. CIFFC approves it or returns it with comments.',
        '',
        'Questions: contact the CIFFC duty officer.',
      ].join('\n'),
    },
    fr: {
      Name: 'Aide pour les utilisateurs des agences',
      Body: [
        '## Rapport de situation quotidien',
        '',
        "1. Ouvrez **Saisie du rapport de situation de l'agence** et réservez votre ébauche.",
        '2. Remplissez chaque section; votre travail est enregistré au fur et à mesure.',
        '3. Sélectionnez **Soumettre** lorsque le rapport est complet. Le CIFFC l’approuve ou le renvoie avec des commentaires.',
        '',
        "Questions : communiquez avec l'agent de service du CIFFC.",
      ].join('\n'),
    },
  },
  {
    Alias: 'reporting-schedule',
    en: {
      Name: 'Reporting schedule',
      Body: [
        '| Report | Due |',
        '|---|---|',
        '| Agency situation report | Daily, 10:00 MT |',
        '| Inventory update | Daily, 12:00 MT, and on any major change |',
        '| National situation report | Published daily by CIFFC, 14:00 MT |',
      ].join('\n'),
    },
    fr: {
      Name: 'Calendrier des rapports',
      Body: [
        '| Rapport | Échéance |',
        '|---|---|',
        "| Rapport de situation de l'agence | Chaque jour, 10 h (HR des Rocheuses) |",
        "| Mise à jour de l'inventaire | Chaque jour, 12 h (HR des Rocheuses), et à tout changement important |",
        '| Rapport de situation national | Publié chaque jour par le CIFFC, 14 h (HR des Rocheuses) |',
      ].join('\n'),
    },
  },
];

export const CIFFC_PAGES: DemoEntry[] = [
  {
    Alias: 'publishing-checklist',
    en: {
      Name: 'Publishing checklist',
      Body: [
        'Before publishing the national situation report:',
        '',
        '- [ ] Every reporting agency has submitted, and each report is approved or returned.',
        '- [ ] The national preparedness level is set and explained in English and French.',
        '- [ ] Mobilizations and demobilizations match the day’s resource orders.',
        '- [ ] US fire activity is updated from the NIFC report.',
      ].join('\n'),
    },
    fr: {
      Name: 'Liste de vérification avant publication',
      Body: [
        'Avant de publier le rapport de situation national :',
        '',
        '- [ ] Chaque agence déclarante a soumis son rapport, et chaque rapport est approuvé ou renvoyé.',
        '- [ ] Le niveau de préparation national est fixé et expliqué en anglais et en français.',
        '- [ ] Les mobilisations et démobilisations correspondent aux demandes de ressources du jour.',
        "- [ ] L'activité des feux aux États-Unis est mise à jour à partir du rapport du NIFC.",
      ].join('\n'),
    },
  },
];

/** Reference PDFs of the home dashboard, served at /uploads/<name>.pdf (names kept stable). */
export const DOCUMENTS: { file: string; title: string; lines: string[] }[] = [
  {
    file: 'stages-of-control-en',
    title: 'Stages of Control',
    lines: [
      'OC - Out of Control: the fire is spreading or not responding to suppression.',
      'BH - Being Held: the fire is not likely to spread beyond set boundaries.',
      'UC - Under Control: the fire will not spread further.',
      'OUT - Out: the fire is extinguished.',
    ],
  },
  {
    file: 'stages-of-control-fr',
    title: 'Stades de maîtrise',
    lines: [
      'OC - Hors de contrôle : le feu se propage ou ne réagit pas aux mesures de suppression.',
      'BH - Contenu : le feu ne devrait pas se propager au-delà des limites fixées.',
      'UC - Maîtrisé : le feu ne se propagera plus.',
      'OUT - Éteint : le feu est éteint.',
    ],
  },
  {
    file: 'preparedness-levels-en',
    title: 'National Preparedness Levels',
    lines: [
      'Level 1: minimal activity; agencies use their own resources.',
      'Level 2: low to moderate activity; some sharing between agencies.',
      'Level 3: moderate activity; resources shared nationally.',
      'Level 4: high activity; national resources largely committed.',
      'Level 5: extreme activity; international help may be needed.',
    ],
  },
  {
    file: 'preparedness-levels-fr',
    title: 'Niveaux de préparation nationaux',
    lines: [
      'Niveau 1 : activité minimale; les agences utilisent leurs propres ressources.',
      'Niveau 2 : activité faible à modérée; partage limité entre les agences.',
      'Niveau 3 : activité modérée; ressources partagées à l’échelle nationale.',
      'Niveau 4 : activité élevée; ressources nationales en grande partie engagées.',
      'Niveau 5 : activité extrême; une aide internationale peut être nécessaire.',
    ],
  },
];
