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
