import { REPORT_FIELDS, type ReportFieldCode, reportFieldsOf } from './fields.ts';

/**
 * The fire-statistics tables, laid out once: the registry's numbers of the five fire sections in
 * form order, with the totals that sit between and after them. The public report (public-site.md
 * section 3) shows two tables, each summed in its foot; the national form (data-entry.md 2.2) shows
 * both as one table followed by the overall totals. Each column's heads are its registry entry's
 * `columns` (a total's own below), so a new number of these sections takes its place in every
 * table from its entry.
 */

/** A column that adds registry numbers of the same row. */
export interface FireStatisticsTotal {
  total: 'newFires' | 'fires' | 'area';
  kind: 'count' | 'hectares';
  /** The numbers it adds, in the order they are added. */
  of: readonly ReportFieldCode[];
  /** Its heads, as a registry entry's `columns`; no public head: the public report does not show it. */
  columns: { national: string; public?: string };
}

export type FireStatisticsColumn = ReportFieldCode | FireStatisticsTotal;

type FireSection = 'newFires' | 'fullResponse' | 'modifiedResponse' | 'monitoredResponse' | 'prescribedFires';

/** The fire counts (not the areas) of these sections, in form order. */
const countsOf = (...sections: FireSection[]) =>
  sections.flatMap((s) => reportFieldsOf(s)).filter((c) => REPORT_FIELDS[c].kind === 'count');
const areasOf = (...sections: FireSection[]) =>
  sections.flatMap((s) => reportFieldsOf(s)).filter((c) => REPORT_FIELDS[c].kind === 'hectares');

const newFiresTotal = {
  total: 'newFires',
  kind: 'count',
  of: reportFieldsOf('newFires'),
  columns: { national: 'stats.newTotal', public: 'stats.newTotal' },
} as const satisfies FireStatisticsTotal;

/** The public report's two tables in order: new fires by cause and full response; the other responses. */
export const FIRE_STATISTICS_TABLES = {
  newAndFull: [...reportFieldsOf('newFires'), newFiresTotal, ...reportFieldsOf('fullResponse')],
  otherResponses: [
    ...reportFieldsOf('modifiedResponse'),
    ...reportFieldsOf('monitoredResponse'),
    ...reportFieldsOf('prescribedFires'),
  ],
} as const;

/**
 * The national form's columns after both tables': the fires and the area of full, modified and
 * monitored response (prescribed burns are not wildfires).
 */
export const FIRE_STATISTICS_OVERALL = [
  {
    total: 'fires',
    kind: 'count',
    of: countsOf('fullResponse', 'modifiedResponse', 'monitoredResponse'),
    columns: { national: 'stats.fires' },
  },
  {
    total: 'area',
    kind: 'hectares',
    of: areasOf('fullResponse', 'modifiedResponse', 'monitoredResponse'),
    columns: { national: 'stats.area' },
  },
] as const satisfies readonly FireStatisticsTotal[];

/** The national form's one table: both public tables' columns, then the overall totals. */
export const FIRE_STATISTICS_NATIONAL = [
  ...FIRE_STATISTICS_TABLES.newAndFull,
  ...FIRE_STATISTICS_TABLES.otherResponses,
  ...FIRE_STATISTICS_OVERALL,
] as const;

/** Whether a column holds hectares (one decimal) or a count. */
export const isHectaresColumn = (column: FireStatisticsColumn) =>
  (typeof column === 'string' ? REPORT_FIELDS[column].kind : column.kind) === 'hectares';

/** A column's value in a row: the number itself, or the sum of the numbers it adds (an empty one adds 0). */
export function fireStatisticsValue(
  column: FireStatisticsColumn,
  read: (code: ReportFieldCode) => number | null | undefined,
): number | null | undefined {
  if (typeof column === 'string') return read(column);
  return column.of.reduce<number>((sum, code) => sum + (read(code) ?? 0), 0);
}
