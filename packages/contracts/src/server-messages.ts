/**
 * Messages of the data API as codes with parameters: the API sends `code` and
 * `params` beside its English `message`, and the site renders the code from this catalogue in the
 * user's language. Parameters are written `{name}`. The record's type makes a code without both
 * texts a compile error; server-messages.test.ts walks every code as well.
 */
export const SERVER_MESSAGES = {
  'sitrep.not_found': { en: 'No sitrep for agency {agency}.', fr: 'Aucun sitrep pour l’agence {agency}.' },
  'sitrep.no_copy': {
    en: 'There is no {variant} copy of this sitrep yet.',
    fr: 'Ce sitrep n’a pas encore de copie ({variant}).',
  },
  'sitrep.locked': {
    en: 'The sitrep is being edited by {name}.',
    fr: 'Le sitrep est en cours de modification par {name}.',
  },
  'sitrep.claim_first': {
    en: 'Start editing (claim the sitrep) before saving.',
    fr: 'Commencez la modification (réservez le sitrep) avant d’enregistrer.',
  },
  'sitrep.stale': {
    en: 'This change was based on version {based_on}, but version {current} was saved by {name} in another tab, device or editing session. Your values were not sent.',
    fr: 'Cette modification partait de la version {based_on}, mais la version {current} a été enregistrée par {name} dans un autre onglet, appareil ou session de modification. Vos valeurs n’ont pas été envoyées.',
  },
  'sitrep.changed_meanwhile': {
    en: 'The sitrep changed meanwhile; reload and try again.',
    fr: 'Le sitrep a changé entre-temps; rechargez-le et réessayez.',
  },
  'sitrep.decide_while_editing': {
    en: '{name} is editing this report: it can be approved or sent back once they pause or submit.',
    fr: '{name} modifie ce rapport : il pourra être approuvé ou renvoyé quand cette personne fera une pause ou le soumettra.',
  },
  'sitrep.not_submitted': {
    en: 'Version {current} was never submitted (the agency submitted version {submitted}). Confirm to approve version {current}.',
    fr: 'La version {current} n’a jamais été soumise (l’agence a soumis la version {submitted}). Confirmez pour approuver la version {current}.',
  },
  'sitrep.changed_since_opened': {
    en: 'The sitrep changed since you opened it (version {viewed}, now {current}); it was reloaded.',
    fr: 'Le sitrep a changé depuis son ouverture (version {viewed}, maintenant {current}); il a été rechargé.',
  },
  'sitrep.not_started': {
    en: 'Nothing has been saved in this sitrep yet: save it before you {action} it.',
    fr: 'Rien n’a encore été enregistré dans ce sitrep : enregistrez-le avant de poursuivre ({action}).',
  },
  'sitrep.invalid': {
    en: 'The sitrep has validation errors.',
    fr: 'Le sitrep contient des erreurs de validation.',
  },
  'sitrep.kept_with_errors': {
    en: 'The draft was kept as version {version}; it has validation errors.',
    fr: 'Le brouillon a été conservé comme version {version}; il contient des erreurs de validation.',
  },
  'sitrep.already_approved': { en: 'The sitrep is already approved.', fr: 'Le sitrep est déjà approuvé.' },
  'sitrep.already_rejected': {
    en: 'The sitrep is already not approved.',
    fr: 'Le sitrep est déjà non approuvé.',
  },
  'national.locked': {
    en: 'The national sitrep is being edited by {name}',
    fr: 'Le sitrep national est en cours de modification par {name}',
  },
  'national.claim_first': {
    en: 'Start editing (claim the national sitrep) before {action}',
    fr: 'Commencez la modification (réservez le sitrep national) avant de poursuivre ({action})',
  },
  'national.stale': {
    en: 'The national sitrep changed since version {based_on} (now {current} by {name}); reload it',
    fr: 'Le sitrep national a changé depuis la version {based_on} (maintenant {current}, par {name}); rechargez-le',
  },
  'inventory.stale': {
    en: 'The inventory was saved elsewhere since you opened it (another tab, device or user; now version {current}); reload it.',
    fr: 'L’inventaire a été enregistré ailleurs depuis son ouverture (autre onglet, appareil ou utilisateur; version {current} maintenant); rechargez-le.',
  },
  // Sign-in limits (429) of the content system and nginx: per client address, per account.
  'query.unknown_parameter': {
    en: 'Unknown query parameter {names} (this address takes: {expected})',
    fr: 'Paramètre de requête inconnu {names} (cette adresse accepte : {expected})',
  },
  // OGC API – Features (docs/fires-import.md, "A layer for GIS tools"): a filter or CRS refused.
  'ogc.filter_invalid': {
    en: 'The filter cannot be read at character {at}: {detail}',
    fr: 'Le filtre est illisible au caractère {at} : {detail}',
  },
  'ogc.crs_unsupported': {
    en: 'Unsupported coordinate reference system {crs} (supported: {supported})',
    fr: 'Système de coordonnées non pris en charge {crs} (pris en charge : {supported})',
  },
  'auth.rate_limited': {
    en: 'Too many sign-in attempts from your network. Wait a minute and try again.',
    fr: 'Trop de tentatives de connexion depuis votre réseau. Attendez une minute et réessayez.',
  },
  'auth.account_locked': {
    en: 'Too many failed sign-ins for this account. Try again in {minutes} min.',
    fr: 'Trop de connexions échouées pour ce compte. Réessayez dans {minutes} min.',
  },
  'national.invalid': {
    en: 'This data has one or more validation errors',
    fr: 'Ces données contiennent une ou plusieurs erreurs de validation',
  },
  // The fire import (docs/fires-import.md): a malformed file (400, nothing imported) ...
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
    fr: 'Agence américaine « {agency} » : seules les agences canadiennes sont importées',
  },
  'import.unknown_agency': {
    en: 'unknown agency code "{agency}" (expected {expected})',
    fr: 'code d’agence inconnu « {agency} » (attendu : {expected})',
  },
  'import.id_too_long': {
    en: 'agency_fire_id is longer than {max} characters',
    fr: 'agency_fire_id dépasse {max} caractères',
  },
  'import.unknown_time_zone': {
    en: 'unknown time zone "{zone}"',
    fr: 'fuseau horaire inconnu « {zone} »',
  },
  'import.bad_date': {
    en: 'date does not parse: "{value}" (expected YYYY-MM-DD)',
    fr: 'date illisible : « {value} » (attendu : AAAA-MM-JJ)',
  },
  'import.future_date': { en: 'date {date} is in the future', fr: 'la date {date} est dans le futur' },
  'import.unknown_stage': {
    en: 'unknown stage of control code "{value}" (expected {expected})',
    fr: 'code de stade de maîtrise inconnu « {value} » (attendu : {expected})',
  },
  'import.unknown_cause': {
    en: 'unknown cause code "{value}" (expected {expected})',
    fr: 'code de cause inconnu « {value} » (attendu : {expected})',
  },
  'import.unknown_response': {
    en: 'unknown response type code "{value}" (expected {expected})',
    fr: 'code de type d’intervention inconnu « {value} » (attendu : {expected})',
  },
  'import.not_number': { en: '{field} is not a number', fr: '{field} n’est pas un nombre' },
  'import.not_finite': { en: '{field} is not a finite number', fr: '{field} n’est pas un nombre fini' },
  'import.negative_size': { en: 'negative size {size}', fr: 'superficie négative {size}' },
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
  // The perimeter import: a file refused whole, or one feature.
  'perimeters.unreadable': {
    en: 'Malformed file: not GeoJSON, KML or a zipped Shapefile ({detail})',
    fr: 'Fichier mal formé : ni GeoJSON, ni KML, ni Shapefile compressé ({detail})',
  },
  'perimeters.no_features': {
    en: 'Malformed file: no feature found',
    fr: 'Fichier mal formé : aucune entité trouvée',
  },
  'perimeters.forbidden': {
    en: 'Only the national centre or an agency user may import perimeters',
    fr: 'Seuls le centre national ou un utilisateur d’agence peuvent importer des périmètres',
  },
  'perimeters.feature_not_polygon': {
    en: 'the geometry is a {type}, not a Polygon or MultiPolygon',
    fr: 'la géométrie est un {type}, pas un Polygon ou MultiPolygon',
  },
  'perimeters.feature_bad_coordinates': {
    en: 'a coordinate is not a pair of finite degrees',
    fr: 'une coordonnée n’est pas une paire de degrés finis',
  },
  'perimeters.feature_short_ring': {
    en: 'ring {ring} has {count} positions (at least 4 are needed)',
    fr: 'l’anneau {ring} a {count} positions (il en faut au moins 4)',
  },
  'perimeters.feature_open_ring': {
    en: 'ring {ring} is not closed (its last position differs from its first)',
    fr: 'l’anneau {ring} n’est pas fermé (sa dernière position diffère de la première)',
  },
  'perimeters.feature_self_intersection': {
    en: 'ring {ring} crosses itself near {longitude}, {latitude}',
    fr: 'l’anneau {ring} se croise près de {longitude}, {latitude}',
  },
  'perimeters.feature_outside_canada': {
    en: 'the polygon lies outside Canada ({west}, {south} to {east}, {north})',
    fr: 'le polygone est hors du Canada ({west}, {south} à {east}, {north})',
  },
  'perimeters.feature_absurd_area': {
    en: 'an area of {area} ha is not a fire perimeter (between {min} and {max} ha)',
    fr: 'une superficie de {area} ha n’est pas un périmètre de feu (entre {min} et {max} ha)',
  },
  'perimeters.feature_too_many_vertices': {
    en: 'the polygon has {count} vertices (at most {max})',
    fr: 'le polygone a {count} sommets (au plus {max})',
  },
  'perimeters.feature_bad_date': {
    en: 'the capture date {value} is not a date',
    fr: 'la date de relevé {value} n’est pas une date',
  },
  'perimeters.feature_foreign_agency': {
    en: 'the perimeter is of agency {agency}; you may import only {own}',
    fr: 'le périmètre est de l’agence {agency}; vous ne pouvez importer que {own}',
  },
  'perimeters.feature_unknown_agency': {
    en: 'unknown agency {agency}',
    fr: 'agence inconnue {agency}',
  },
} as const satisfies Record<string, { en: string; fr: string }>;

export type ServerMessageCode = keyof typeof SERVER_MESSAGES;
/** The agency sitrep's codes. */
export type SitrepMessageCode = Extract<ServerMessageCode, `sitrep.${string}`>;
/** The fire import's codes. */
export type ImportMessageCode = Extract<ServerMessageCode, `import.${string}`>;
export type ServerMessageParams = Record<string, string | number>;

/** The text of a code in a language, parameters filled in; undefined for an unknown code. */
export function serverMessage(
  code: string | undefined,
  params: ServerMessageParams | undefined,
  locale: 'en' | 'fr',
): string | undefined {
  if (!code || !Object.hasOwn(SERVER_MESSAGES, code)) return undefined;
  const text: string = SERVER_MESSAGES[code as ServerMessageCode][locale];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params && Object.hasOwn(params, name) ? shownParam(name, params[name] as string | number, locale) : whole,
  );
}

/**
 * The texts the server writes beside a field (`validationErrors`), kept as plain English strings
 * for compatibility: the site recognises each by its English template and shows the French one
 * (see fieldMessage). The server builds these same texts (contracts' zod rules, inventory rules).
 */
export const FIELD_MESSAGES = {
  required: { en: 'This field is required.', fr: 'Ce champ est obligatoire.' },
  invalid_value: { en: 'Invalid value.', fr: 'Valeur non valide.' },
  at_least: { en: 'Must be at least {n}', fr: 'Doit être au moins {n}' },
  between: { en: 'Must be between {lo} and {hi}', fr: 'Doit être entre {lo} et {hi}' },
  whole: { en: 'Must be a whole number', fr: 'Doit être un nombre entier' },
  one_of: { en: 'Must be one of {list}', fr: 'Doit être l’une des valeurs {list}' },
  section_error: {
    en: 'This section has 1 validation error.',
    fr: 'Cette section contient 1 erreur de validation.',
  },
  section_errors: {
    en: 'This section has {n} validation errors.',
    fr: 'Cette section contient {n} erreurs de validation.',
  },
  section_has_errors: {
    en: 'This section has one or more errors.',
    fr: 'Cette section contient une ou plusieurs erreurs.',
  },
  exportable_above_seasonal: {
    en: 'Exportable cannot be more than seasonal.',
    fr: 'L’exportable ne peut pas dépasser le saisonnier.',
  },
  duplicate_resource: {
    en: 'This resource is already listed in another row.',
    fr: 'Cette ressource figure déjà dans une autre ligne.',
  },
  unknown_row: {
    en: 'This row no longer exists; reload the page.',
    fr: 'Cette ligne n’existe plus; rechargez la page.',
  },
  locked: {
    en: 'This data is locked and currently cannot be edited.',
    fr: 'Ces données sont verrouillées et ne peuvent pas être modifiées pour le moment.',
  },
  inventory_stale: {
    en: 'The inventory was saved elsewhere since you opened it (another tab, device or user); reload it.',
    fr: 'L’inventaire a été enregistré ailleurs depuis son ouverture (autre onglet, appareil ou utilisateur); rechargez-le.',
  },
  not_catalogue_item: {
    en: 'Not an item of the resource catalogue.',
    fr: 'Ce n’est pas un élément du catalogue des ressources.',
  },
  not_subcategory: {
    en: 'Not a subcategory of the category',
    fr: 'Ce n’est pas une sous-catégorie de la catégorie',
  },
  not_item: { en: 'Not an item of the subcategory', fr: 'Ce n’est pas un élément de la sous-catégorie' },
  missing_from: { en: 'Missing in the From table.', fr: 'Absent du tableau De.' },
  missing_to: { en: 'Missing in the To table.', fr: 'Absent du tableau Vers.' },
  row_key_mismatch: { en: 'Does not match the row key.', fr: 'Ne correspond pas à la clé de la ligne.' },
  nul: {
    en: 'Must not contain a NUL character',
    fr: 'Ne doit pas contenir de caractère NUL',
  },
  // zod's own texts for the bounds the schemas leave unworded (the national draft's lengths, a
  // value of the wrong type sent by a script), so that they too reach French users in French.
  too_long: {
    en: 'Too big: expected string to have <={n} characters',
    fr: 'Trop long : au plus {n} caractères',
  },
  too_many: { en: 'Too big: expected array to have <={n} items', fr: 'Trop d’éléments : au plus {n}' },
  wrong_type: {
    en: 'Invalid input: expected {expected}, received {received}',
    fr: 'Valeur non valide : {expected} attendu, {received} reçu',
  },
} as const satisfies Record<string, { en: string; fr: string }>;

export type FieldMessageCode = keyof typeof FIELD_MESSAGES;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each English template as a pattern capturing its parameters, built once. */
const FIELD_PATTERNS = Object.entries(FIELD_MESSAGES).map(([code, texts]) => {
  const names: string[] = [];
  const source = texts.en
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      names.push(name);
      return '(.+?)';
    })
    .join('');
  return { code: code as FieldMessageCode, names, pattern: new RegExp(`^${source}$`) };
});

/** The code and parameters of a server field text, or undefined for a text of no template. */
export function fieldMessageCode(
  message: string,
): { code: FieldMessageCode; params: ServerMessageParams } | undefined {
  for (const { code, names, pattern } of FIELD_PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const params: ServerMessageParams = {};
    names.forEach((name, i) => {
      params[name] = match[i + 1] as string;
    });
    return { code, params };
  }
  return undefined;
}

/** A field text of the catalogue in English, as the server writes it. */
export function fieldText(code: FieldMessageCode, params: ServerMessageParams = {}): string {
  const text: string = FIELD_MESSAGES[code].en;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** A server field text in the given language (unchanged when it matches no template). */
export function fieldMessage(message: string, locale: 'en' | 'fr'): string {
  const found = fieldMessageCode(message);
  if (!found) return message;
  const text: string = FIELD_MESSAGES[found.code][locale];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(found.params, name)
      ? shownParam(name, found.params[name] as string | number, locale)
      : whole,
  );
}

/** Bounds are quantities: "100 000 000" in French, "100,000,000" in English (years, ids stay as sent). */
const QUANTITY_PARAMS = new Set(['lo', 'hi', 'max', 'size']);

function shownParam(name: string, value: string | number, locale: 'en' | 'fr'): string {
  const n = typeof value === 'number' ? value : /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
  if (!QUANTITY_PARAMS.has(name) || !Number.isFinite(n)) return String(value);
  return new Intl.NumberFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { maximumFractionDigits: 20 }).format(n);
}
