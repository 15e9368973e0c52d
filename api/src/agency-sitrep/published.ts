/* For other domains: the yearly export and the national publishing. */
import {
  type AgencySitrepData,
  effectivePreparednessLevel,
  type ReportExportColumns,
  type ReportTextExportColumns,
  reportExportColumns,
  reportTextExportColumns,
  sitrepTotals,
  suggestedPreparednessLevel,
} from '@ciffc/contracts';
import { centreToday } from '../http/time.ts';

import { type Db, iso, parse } from './refusals.ts';
import { approvalsBetween, documentOfVersion, getSitrepRow } from './store.ts';

export interface ApprovedAgencySitrepRow extends ReportExportColumns, ReportTextExportColumns {
  agency: string;
  /** The day of the approval in the centre's time zone (YYYY-MM-DD). */
  report_date: string;
  version: number;
  approved_at: string;
  approved_by: string | null;
  /** The level in force: the override when set, else the suggestion (data-entry.md 5.5). */
  preparedness_level: number;
  suggested_preparedness_level: number | null;
  prep_level_override: number | null;
  a_total: number;
  full_response_active: number;
  full_response_total_fires: number;
  full_response_total_area: number;
  overall_fires: number;
  overall_area: number;
  priority_fires: number;
}

/** One row per approval in the year (the agency-sitreps-{year}-export.csv), oldest first. */
export async function listApprovedAgencySitreps(db: Db, year: number): Promise<ApprovedAgencySitrepRow[]> {
  const rows = await approvalsBetween(db, `${year}-01-01`, `${year + 1}-01-01`);
  return rows.map((r) => {
    const doc = parse<AgencySitrepData>(r.document, {});
    const t = sitrepTotals(doc);
    const override = doc.prep_level_override ?? null;
    return {
      agency: r.agency,
      report_date: centreToday(new Date(r.created_at)),
      version: r.version,
      approved_at: r.created_at,
      approved_by: r.username,
      preparedness_level: effectivePreparednessLevel(doc, override),
      suggested_preparedness_level: suggestedPreparednessLevel(doc) ?? null,
      prep_level_override: override,
      a_total: t.a_total,
      full_response_active: t.b_active,
      full_response_total_fires: t.b_total_fires,
      full_response_total_area: t.b_total_area,
      overall_fires: t.overall_fires,
      overall_area: t.overall_area,
      ...reportExportColumns(doc),
      priority_fires: doc.priority_fires?.length ?? 0,
      ...reportTextExportColumns(doc),
    };
  });
}

export interface ApprovedSnapshot {
  agency: string;
  version: number;
  approved_at: string | null;
  document: AgencySitrepData;
}

/** The approved copy of an agency (the national sitrep reads ops summaries and figures from it). */
export async function getApprovedSnapshot(db: Db, agency: string): Promise<ApprovedSnapshot | null> {
  const row = await getSitrepRow(db, agency);
  if (!row || row.approved_version == null) return null;
  return {
    agency,
    version: row.approved_version,
    approved_at: row.approved_at,
    document: parse<AgencySitrepData>(await documentOfVersion(db, agency, row.approved_version), {}),
  };
}

/**
 * Publishing the national sitrep makes each agency's approved copy its published copy. Pass the
 * national publish's transaction as `db` so both commit together, and as `versions` the approved
 * version of each agency that the report shows: exactly those become the published copies (an
 * approval that lands after the report read them waits for the next publication). Without
 * `versions`, every agency's current approved copy.
 */
export async function publishApprovedCopies(
  db: Db,
  options: { versions?: ReadonlyMap<string, number>; now?: Date } = {},
): Promise<{ agency: string; published_version: number }[]> {
  const at = iso(options.now ?? new Date());
  let rows: { agency: string; published_version: number | null }[];
  if (options.versions) {
    rows = [];
    for (const [agency, version] of options.versions) {
      const row = await db
        .updateTable('agency_sitreps')
        .set({ published_version: version, published_at: at })
        .where('agency', '=', agency)
        .returning(['agency', 'published_version'])
        .executeTakeFirst();
      if (row) rows.push(row);
    }
  } else {
    rows = await db
      .updateTable('agency_sitreps')
      .set((eb) => ({ published_version: eb.ref('approved_version'), published_at: at }))
      .where('approved_version', 'is not', null)
      .returning(['agency', 'published_version'])
      .execute();
  }
  return rows
    .map((r) => ({ agency: r.agency, published_version: r.published_version as number }))
    .sort((a, b) => a.agency.localeCompare(b.agency));
}
