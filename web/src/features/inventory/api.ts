import type { InventorySummary, InventorySummaryQuery, Locale } from '@ciffc/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet } from '../../shared/api/data-api.ts';

/** The filters of the national summary, as the site sends them (the query's input). */
export type InventoryFilters = Pick<
  z.input<typeof InventorySummaryQuery>,
  'agency' | 'category' | 'subcategory' | 'item'
>;

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
