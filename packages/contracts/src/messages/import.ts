/** The fire import (docs/fires-import.md): a malformed file (400, nothing imported), a rejected row. */
export const IMPORT_MESSAGES = {
  'import.unreadable_csv': {
    en: 'Malformed file: CSV could not be read: {detail}',
    fr: 'Fichier mal formé : le CSV n’a pas pu être lu : {detail}',
  },
  'import.unknown_separator': {
    en: 'Malformed file: the first line has no column separator; expected a comma, a semicolon or a tab between the column names',
    fr: 'Fichier mal formé : la première ligne n’a pas de séparateur de colonnes; une virgule, un point-virgule ou une tabulation étaient attendus entre les noms de colonnes',
  },
  'import.unknown_encoding': {
    en: 'Malformed file: the text is in {encoding}; save it as UTF-8 or Windows-1252 (Western European)',
    fr: 'Fichier mal formé : le texte est en {encoding}; enregistrez-le en UTF-8 ou Windows-1252 (Europe occidentale)',
  },
  'import.empty': { en: 'Malformed file: the file is empty', fr: 'Fichier mal formé : le fichier est vide' },
  'import.no_rows': {
    en: 'Malformed file: the file holds no rows',
    fr: 'Fichier mal formé : le fichier ne contient aucune ligne',
  },
  'import.missing_columns': {
    en: 'Malformed file: missing column(s) {columns}',
    fr: 'Fichier mal formé : colonne(s) manquante(s) {columns}',
  },
  'import.duplicate_columns': {
    en: 'Malformed file: column(s) given twice: {columns}',
    fr: 'Fichier mal formé : colonne(s) en double : {columns}',
  },
  'import.invalid_json': {
    en: 'Malformed file: not valid JSON: {detail}',
    fr: 'Fichier mal formé : JSON non valide : {detail}',
  },
  'import.not_feature_collection': {
    en: 'Malformed file: GeoJSON must be a FeatureCollection',
    fr: 'Fichier mal formé : le GeoJSON doit être une FeatureCollection',
  },
  'import.no_features': {
    en: 'Malformed file: GeoJSON FeatureCollection has no features array',
    fr: 'Fichier mal formé : la FeatureCollection GeoJSON n’a pas de tableau features',
  },
  'import.not_feature': {
    en: 'Malformed file: features[{index}] is not a Feature',
    fr: 'Fichier mal formé : features[{index}] n’est pas une Feature',
  },
  'import.foreign_agency': {
    en: 'An agency user may import only {agency} fires; row {row} is {other}',
    fr: 'Un utilisateur d’agence ne peut importer que les feux de {agency}; la ligne {row} est de {other}',
  },
  // ... and a rejected row (the others are imported).
  'import.required': { en: '{field} is required', fr: '{field} est obligatoire' },
  'import.number_required': {
    en: '{field} is required and must be a number',
    fr: '{field} est obligatoire et doit être un nombre',
  },
  'import.us_agency': {
    en: 'US agency "{agency}": only Canadian agencies are imported',
    fr: 'Agence américaine «\u00a0{agency}\u00a0» : seules les agences canadiennes sont importées',
  },
  'import.unknown_agency': {
    en: 'unknown agency code "{agency}" (expected {expected})',
    fr: 'code d’agence inconnu «\u00a0{agency}\u00a0» (attendu : {expected})',
  },
  'import.id_too_long': {
    en: 'agency_fire_id is longer than {max, number} characters',
    fr: 'agency_fire_id dépasse {max, number} caractères',
  },
  'import.unknown_time_zone': {
    en: 'unknown time zone "{zone}"',
    fr: 'fuseau horaire inconnu «\u00a0{zone}\u00a0»',
  },
  'import.bad_date': {
    en: 'date does not parse: "{value}" (expected YYYY-MM-DD)',
    fr: 'date illisible : «\u00a0{value}\u00a0» (attendu : AAAA-MM-JJ)',
  },
  'import.future_date': { en: 'date {date} is in the future', fr: 'la date {date} est dans le futur' },
  'import.unknown_stage': {
    en: 'unknown stage of control code "{value}" (expected {expected})',
    fr: 'code de stade de maîtrise inconnu «\u00a0{value}\u00a0» (attendu : {expected})',
  },
  'import.unknown_cause': {
    en: 'unknown cause code "{value}" (expected {expected})',
    fr: 'code de cause inconnu «\u00a0{value}\u00a0» (attendu : {expected})',
  },
  'import.unknown_response': {
    en: 'unknown response type code "{value}" (expected {expected})',
    fr: 'code de type d’intervention inconnu «\u00a0{value}\u00a0» (attendu : {expected})',
  },
  'import.not_number': { en: '{field} is not a number', fr: '{field} n’est pas un nombre' },
  'import.not_finite': { en: '{field} is not a finite number', fr: '{field} n’est pas un nombre fini' },
  'import.negative_size': { en: 'negative size {size, number}', fr: 'superficie négative {size, number}' },
  'import.bad_degrees': {
    en: 'coordinates are not valid degrees',
    fr: 'les coordonnées ne sont pas des degrés valides',
  },
  'import.outside_canada': {
    en: 'coordinates outside Canada ({latitude}, {longitude})',
    fr: 'coordonnées hors du Canada ({latitude}, {longitude})',
  },
  'import.control_character': {
    en: '{field} contains a control character (U+0000 to U+001F)',
    fr: '{field} contient un caractère de contrôle (U+0000 à U+001F)',
  },
  'import.duplicate_row': {
    en: 'duplicate of row {row} (same agency_code and agency_fire_id)',
    fr: 'doublon de la ligne {row} (mêmes agency_code et agency_fire_id)',
  },
  'import.forbidden': {
    en: 'Only the national centre or an agency user may import fires',
    fr: 'Seuls le centre national ou un utilisateur d’agence peuvent importer des feux',
  },
  'import.history_forbidden': {
    en: 'Only the national centre or an agency user may read the import history',
    fr: 'Seuls le centre national ou un utilisateur d’agence peuvent consulter l’historique des importations',
  },
  'import.not_found': { en: 'No such import', fr: 'Importation introuvable' },
  'import.no_versions': {
    en: 'No recorded version of fire {agency}/{fire}',
    fr: 'Aucune version enregistrée du feu {agency}/{fire}',
  },
} as const;
