import { defineCatalogue } from '../i18n/catalogue.ts';

/** Strings of the shared resource picker (category → subcategory → item). */
export const resourceMessages = defineCatalogue({
  en: {
    'resources.resource': 'Resource',
    'resources.category': 'Category',
    'resources.subcategory': 'Subcategory',
    'resources.item': 'Item',
    'resources.choose': '- Select -',
    'resources.chooseCategoryFirst': '- Select a category first -',
    'resources.chooseSubcategoryFirst': '- Select a subcategory first -',
    'resources.required': 'This field is required.',
    'resources.retired': '{name} (retired)',
    'resources.loadFailed': 'The resource list could not be loaded.',
  },
  fr: {
    'resources.resource': 'Ressource',
    'resources.category': 'Catégorie',
    'resources.subcategory': 'Sous-catégorie',
    'resources.item': 'Article',
    'resources.choose': '- Choisir -',
    'resources.chooseCategoryFirst': '- Choisir d’abord une catégorie -',
    'resources.chooseSubcategoryFirst': '- Choisir d’abord une sous-catégorie -',
    'resources.required': 'Ce champ est obligatoire.',
    'resources.retired': '{name} (retiré)',
    'resources.loadFailed': 'La liste des ressources n’a pas pu être chargée.',
  },
});
