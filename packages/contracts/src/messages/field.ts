/**
 * The errors beside a field (`validationErrors`): the bounds of the forms (zod issues mapped by
 * zod-issues.ts), the rules written by hand (inventory, resources, the national tables), and the
 * section slots (`form_N`) that count them.
 */
export const FIELD_MESSAGES = {
  'field.required': { en: 'This field is required.', fr: 'Ce champ est obligatoire.' },
  'field.invalid': { en: 'Invalid value.', fr: 'Valeur non valide.' },
  'field.invalid_type': {
    en: 'Invalid value: expected {expected}',
    fr: 'Valeur non valide : {expected} attendu',
  },
  'field.between': {
    en: 'Must be between {min, number} and {max, number}',
    fr: 'Doit être entre {min, number} et {max, number}',
  },
  'field.min': { en: 'Must be at least {min, number}', fr: 'Doit être au moins {min, number}' },
  'field.max': { en: 'Must be at most {max, number}', fr: 'Doit être au plus {max, number}' },
  'field.date': { en: 'Must be a date as YYYY-MM-DD', fr: 'Doit être une date AAAA-MM-JJ' },
  'field.year_in_future': {
    en: 'Must not be after the current year',
    fr: 'Ne doit pas être postérieure à l’année en cours',
  },
  'field.range_reversed': {
    en: '{field} {to} is before {other} {from}',
    fr: '{field} {to} est antérieur à {other} {from}',
  },
  'field.bbox': {
    en: 'Expected west,south,east,north in degrees, west at most east, south at most north',
    fr: 'Attendu : ouest,sud,est,nord en degrés, ouest au plus est, sud au plus nord',
  },
  'field.whole': { en: 'Must be a whole number', fr: 'Doit être un nombre entier' },
  'field.one_of': { en: 'Must be one of {list}', fr: 'Doit être l’une des valeurs {list}' },
  'field.too_short': {
    en: 'At least {min, number} characters',
    fr: 'Au moins {min, number} caractères',
  },
  'field.too_long': { en: 'At most {max, number} characters', fr: 'Au plus {max, number} caractères' },
  'field.too_few': { en: 'At least {min, number} items', fr: 'Au moins {min, number} éléments' },
  'field.too_many': { en: 'At most {max, number} items', fr: 'Au plus {max, number} éléments' },
  'field.nul': { en: 'Must not contain a NUL character', fr: 'Ne doit pas contenir de caractère NUL' },
  'field.too_deep': {
    en: 'Must not be nested deeper than {max} levels',
    fr: 'Ne doit pas être imbriqué sur plus de {max} niveaux',
  },
  'field.section_error': {
    en: 'This section has 1 validation error.',
    fr: 'Cette section contient 1 erreur de validation.',
  },
  'field.section_errors': {
    en: 'This section has {count} validation errors.',
    fr: 'Cette section contient {count} erreurs de validation.',
  },
  'field.section_has_errors': {
    en: 'This section has one or more errors.',
    fr: 'Cette section contient une ou plusieurs erreurs.',
  },
  'field.exportable_above_seasonal': {
    en: 'Exportable cannot be more than seasonal.',
    fr: 'L’exportable ne peut pas dépasser le saisonnier.',
  },
  'field.duplicate_resource': {
    en: 'This resource is already listed in another row.',
    fr: 'Cette ressource figure déjà dans une autre ligne.',
  },
  'field.unknown_row': {
    en: 'This row no longer exists; reload the page.',
    fr: 'Cette ligne n’existe plus; rechargez la page.',
  },
  'field.not_catalogue_item': {
    en: 'Not an item of the resource catalogue.',
    fr: 'Ce n’est pas un élément du catalogue des ressources.',
  },
  'field.unknown_category': { en: 'Unknown category', fr: 'Catégorie inconnue' },
  'field.format': { en: 'Invalid format', fr: 'Format non valide' },
  'field.not_subcategory': {
    en: 'Not a subcategory of the category',
    fr: 'Ce n’est pas une sous-catégorie de la catégorie',
  },
  'field.not_item': {
    en: 'Not an item of the subcategory',
    fr: 'Ce n’est pas un élément de la sous-catégorie',
  },
  'field.missing_from': { en: 'Missing in the From table.', fr: 'Absent du tableau De.' },
  'field.missing_to': { en: 'Missing in the To table.', fr: 'Absent du tableau Vers.' },
  'field.row_key_mismatch': {
    en: 'Does not match the row key.',
    fr: 'Ne correspond pas à la clé de la ligne.',
  },
} as const;
