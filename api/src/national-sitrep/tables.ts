/**
 * The national sitrep's tables, merged into the one `Database` interface of `db/tables.ts`.
 * JSON documents are stored as text on both engines.
 */
export interface NationalSitrepDraftTable {
  /** Always 1: there is one national draft, a continuous document. */
  id: number;
  data: string;
  version_number: number;
  /** User id of the claimant (a lease, db/lease.ts), null when free. */
  claimed_by: number | null;
  claimed_by_name: string | null;
  /** ISO timestamp after which the lease has lapsed. */
  claim_expires_at: string | null;
  edited_by: number | null;
  edited_by_name: string | null;
  last_edit: string | null;
  /** The editing session (one per tab) that saved the current version. */
  edit_session: string | null;
  /** The version on which that session's unbroken run of saves started. */
  edit_session_base: number | null;
}

/** Append-only: every accepted save is a row, never an overwrite. */
interface NationalSitrepVersionsTable {
  version_number: number;
  data: string;
  edited_by: number | null;
  edited_by_name: string | null;
  created_at: string;
}

/**
 * Every publication, kept. The current one of a date (`current` = 1) is that date's public report;
 * a republish of the same date adds a row and clears `current` on the earlier one.
 */
export interface NationalSitrepPublicationsTable {
  report_date: string;
  /** 1 for the first publication of the date, 2 after a republish, ... */
  publication_number: number;
  current: number;
  draft_version: number;
  preparedness_level: string;
  /** The public report (PublicNationalSitrep, with the expanded data), JSON. */
  report: string;
  /** The national fields as published (bring forward reads national_to_mobs/national_from_mobs), JSON. */
  fields: string;
  published_at: string;
  published_by: string | null;
}

declare module '../db/tables.ts' {
  interface Database {
    national_sitrep_draft: NationalSitrepDraftTable;
    national_sitrep_versions: NationalSitrepVersionsTable;
    national_sitrep_publications: NationalSitrepPublicationsTable;
  }
}
