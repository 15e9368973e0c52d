import type { SitrepExportRow } from '@ciffc/contracts';
import { apiGet } from '../../shared/api/data-api.ts';

export type ExportKind = 'national' | 'agency';
export type ExportRow = SitrepExportRow;

/** GET /v1/sitrep/{kind}/export?export=true&year= : the year's rows (docs/spec/data-entry.md section 7). */
export const fetchExport = (kind: ExportKind, year: number) =>
  apiGet<ExportRow[]>(`/v1/sitrep/${kind}/export`, { query: { export: true, year } });

export const exportFileName = (kind: ExportKind, year: number) => `${kind}-sitreps-${year}-export.csv`;
