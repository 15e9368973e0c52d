import type { InventoryForm, InventoryInput, InventoryResult } from '@ciffc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../shared/api/data-api.ts';

/** The agency's rows: always fresh (another save may have changed them). */
export const inventoryInputQuery = () =>
  queryOptions({
    queryKey: ['inventory-input'],
    queryFn: ({ signal }) => apiGet<InventoryInput>('/v1/inventory/input', { signal }),
    staleTime: 0,
    gcTime: 0,
  });

export const validateInventory = (form: InventoryForm, signal?: AbortSignal) =>
  apiRequest<InventoryResult>('/v1/inventory/input', { method: 'POST', body: form, signal });

export const saveInventory = (form: InventoryForm) =>
  apiRequest<InventoryResult>('/v1/inventory/input/save', { method: 'POST', body: form });
