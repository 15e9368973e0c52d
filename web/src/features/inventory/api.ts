import type { InventorySummary, Locale } from '@ciffc/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api/dataApi.ts';

export interface InventoryFilters {
  agency?: string | undefined;
  category?: string | undefined;
  subcategory?: string | undefined;
  item?: string | undefined;
}

export const inventorySummaryQuery = (params: InventoryFilters & { page: number; lang: Locale }) =>
  queryOptions({
    queryKey: ['inventory-national', params],
    queryFn: ({ signal }) =>
      apiGet<InventorySummary>('/v1/inventory/national', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Every row matching the filters (export=true), for CIFFC.csv. */
export const fetchAllInventory = (filters: InventoryFilters, lang: Locale) =>
  apiGet<InventorySummary>('/v1/inventory/national', { query: { ...filters, export: true, lang } });
