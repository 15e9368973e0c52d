/**
 * Messages of the data API as codes with parameters (issue 9, item 5): the API sends `code` and
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
} as const satisfies Record<string, { en: string; fr: string }>;

export type ServerMessageCode = keyof typeof SERVER_MESSAGES;
/** The agency sitrep's codes. */
export type SitrepMessageCode = Extract<ServerMessageCode, `sitrep.${string}`>;
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
    params && Object.hasOwn(params, name) ? String(params[name]) : whole,
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
    Object.hasOwn(found.params, name) ? String(found.params[name]) : whole,
  );
}
