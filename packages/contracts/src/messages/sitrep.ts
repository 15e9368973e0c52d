/** Refusals of the editing screens: agency and national sitreps, inventory (docs/spec/data-entry.md 7). */
export const SITREP_MESSAGES = {
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
  // One code per action: a word inside a sentence would stay English in the French text.
  'national.claim_first_to_save': {
    en: 'Start editing (claim the national sitrep) before saving',
    fr: 'Commencez la modification (réservez le sitrep national) avant d’enregistrer',
  },
  'national.claim_first_to_publish': {
    en: 'Start editing (claim the national sitrep) before publishing',
    fr: 'Commencez la modification (réservez le sitrep national) avant de publier',
  },
  'national.stale': {
    en: 'The national sitrep changed since version {based_on} (now {current} by {name}); reload it',
    fr: 'Le sitrep national a changé depuis la version {based_on} (maintenant {current}, par {name}); rechargez-le',
  },
  'inventory.stale': {
    en: 'The inventory was saved elsewhere since you opened it (another tab, device or user; now version {current}); reload it.',
    fr: 'L’inventaire a été enregistré ailleurs depuis son ouverture (autre onglet, appareil ou utilisateur; version {current} maintenant); rechargez-le.',
  },
  'national.invalid': {
    en: 'This data has one or more validation errors',
    fr: 'Ces données contiennent une ou plusieurs erreurs de validation',
  },
  'inventory.locked': {
    en: 'This data is locked and currently cannot be edited.',
    fr: 'Ces données sont verrouillées et ne peuvent pas être modifiées pour le moment.',
  },
  'inventory.invalid': {
    en: 'Invalid inventory: {fields}',
    fr: 'Inventaire non valide : {fields}',
  },
  'inventory.agency_only': {
    en: 'Only an agency user of a known agency may enter inventory',
    fr: 'Seul un utilisateur d’une agence connue peut saisir l’inventaire',
  },
  'national.not_published': {
    en: 'No national situation report has been published',
    fr: 'Aucun rapport de situation national n’a été publié',
  },
  'national.not_found': {
    en: 'No national situation report for {date}',
    fr: 'Aucun rapport de situation national pour le {date}',
  },
} as const;
