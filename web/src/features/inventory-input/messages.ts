import { defineCatalogue } from '../../shared/i18n/catalogue.ts';

export const messages = defineCatalogue({
  en: {
    'inventoryInput.title': 'Inventory Input',
    'inventoryInput.row': 'Item {n}',
    'inventoryInput.rowResource': 'Resource of item {n}',
    'inventoryInput.seasonal': 'Seasonal',
    'inventoryInput.exportable': 'Exportable',
    'inventoryInput.remove': 'Remove',
    'inventoryInput.add': 'Add another item',
    'inventoryInput.save': 'Save',
    'inventoryInput.blocked': 'Blocked',
    'inventoryInput.overview': 'Overview',
    'inventoryInput.empty': 'No inventory yet. Use “Add another item” to add a resource.',
    'inventoryInput.locked': 'This data is locked and currently cannot be edited.',
    'inventoryInput.confirmDelete': 'Are you sure you want to delete this item?',
    'inventoryInput.saved': 'Data synced with server. The action has been successfully saved.',
    'inventoryInput.validationToast': 'Not saved: Save is blocked until the errors are fixed.',
  },
  fr: {
    'inventoryInput.title': 'Saisie de l’inventaire',
    'inventoryInput.row': 'Article {n}',
    'inventoryInput.rowResource': 'Ressource de l’article {n}',
    'inventoryInput.seasonal': 'Saisonnier',
    'inventoryInput.exportable': 'Exportable',
    'inventoryInput.remove': 'Supprimer',
    'inventoryInput.add': 'Ajouter un autre article',
    'inventoryInput.save': 'Enregistrer',
    'inventoryInput.blocked': 'Bloqué',
    'inventoryInput.overview': 'Aperçu',
    'inventoryInput.empty':
      'Aucun inventaire pour l’instant. Utilisez «\u00a0Ajouter un autre article\u00a0» pour ajouter une ressource.',
    'inventoryInput.locked': 'Ces données sont verrouillées et ne peuvent pas être modifiées pour le moment.',
    'inventoryInput.confirmDelete': 'Voulez-vous vraiment supprimer cet article?',
    'inventoryInput.saved': 'Données synchronisées avec le serveur. L’action a été enregistrée avec succès.',
    'inventoryInput.validationToast':
      'Non enregistré : l’enregistrement est bloqué jusqu’à la correction des erreurs.',
  },
});
