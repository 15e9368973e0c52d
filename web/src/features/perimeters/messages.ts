import { defineCatalogue } from '../../shared/i18n/catalogue.ts';

export const messages = defineCatalogue({
  en: {
    'perimetersImport.title': 'Import fire perimeters',
    'perimetersImport.sidebar': 'Import Perimeters',
    'perimetersImport.intro':
      'A GeoJSON, KML, KMZ or zipped Shapefile (with its .prj) of fire perimeters: BC Wildfire Service and US interagency files are read as they are published. Each polygon is matched to its fire by agency and fire ID.',
    'perimetersImport.file': 'Perimeter file',
    'perimetersImport.dryRun': 'Check only (nothing is saved)',
    'perimetersImport.submit': 'Send the file',
    'perimetersImport.sending': 'Sending…',
    'perimetersImport.checked': 'Checked {file}: nothing was saved',
    'perimetersImport.done': 'Imported {file}',
    'perimetersImport.counts':
      '{total, plural, one {# feature} other {# features}}: {accepted} accepted ({inserted} new, {replaced} replaced, {unchanged} unchanged), {refused} refused, {unmatched} of no reported fire.',
    'perimetersImport.refused': 'Refused features',
    'perimetersImport.unmatched': 'Perimeters of no reported fire (kept)',
    'perimetersImport.feature': 'Feature',
    'perimetersImport.fire': 'Fire',
    'perimetersImport.reason': 'Reason',
    'perimetersImport.capturedAt': 'Captured',
    'perimetersImport.area': 'Area (ha)',
    'perimetersImport.noId': 'no ID',
    'perimetersImport.history': 'Recent imports',
    'perimetersImport.historyEmpty': 'No perimeter import yet.',
    'perimetersImport.when': 'When',
    'perimetersImport.who': 'Who',
    'perimetersImport.fileName': 'File',
    'perimetersImport.summary': 'Summary',
    'perimetersImport.historyRow':
      '{total} features, {inserted} new, {refused} refused, {unmatched} unmatched',
  },
  fr: {
    'perimetersImport.title': 'Importer des périmètres de feux',
    'perimetersImport.sidebar': 'Importer des périmètres',
    'perimetersImport.intro':
      'Un fichier GeoJSON, KML, KMZ ou Shapefile compressé (avec son .prj) de périmètres de feux : les fichiers du BC Wildfire Service et des agences américaines sont lus tels qu’ils sont publiés. Chaque polygone est associé à son feu par l’agence et l’identifiant du feu.',
    'perimetersImport.file': 'Fichier de périmètres',
    'perimetersImport.dryRun': 'Vérifier seulement (rien n’est enregistré)',
    'perimetersImport.submit': 'Envoyer le fichier',
    'perimetersImport.sending': 'Envoi…',
    'perimetersImport.checked': '{file} vérifié : rien n’a été enregistré',
    'perimetersImport.done': '{file} importé',
    'perimetersImport.counts':
      '{total, plural, one {# entité} other {# entités}} : {accepted} acceptées ({inserted} nouvelles, {replaced} remplacées, {unchanged} inchangées), {refused} refusées, {unmatched} sans feu déclaré.',
    'perimetersImport.refused': 'Entités refusées',
    'perimetersImport.unmatched': 'Périmètres sans feu déclaré (conservés)',
    'perimetersImport.feature': 'Entité',
    'perimetersImport.fire': 'Feu',
    'perimetersImport.reason': 'Motif',
    'perimetersImport.capturedAt': 'Relevé',
    'perimetersImport.area': 'Superficie (ha)',
    'perimetersImport.noId': 'sans identifiant',
    'perimetersImport.history': 'Importations récentes',
    'perimetersImport.historyEmpty': 'Aucune importation de périmètres pour l’instant.',
    'perimetersImport.when': 'Date',
    'perimetersImport.who': 'Par',
    'perimetersImport.fileName': 'Fichier',
    'perimetersImport.summary': 'Résumé',
    'perimetersImport.historyRow':
      '{total} entités, {inserted} nouvelles, {refused} refusées, {unmatched} sans feu déclaré',
  },
});
