import { PageHeader } from '../../shared/ui/PageHeader.tsx';

/** Placeholder until the issue for this screen fills it. */
export function InventoryInputPage() {
  return <PageHeader titleId="inventoryInput.title" />;
}
