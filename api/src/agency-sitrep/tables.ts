/**
 * The agency sitrep's tables, merged into the one `Database` interface of `db/tables.ts`
 * (declaration merging keeps the domain's tables beside its own SQL).
 */
export interface AgencySitrepsTable {
  /** One row per agency: the current document. */
  agency: string;
  /** N, E, S, R, A (docs/spec/data-entry.md 4.1). */
  status: string;
  /** Counts up with every accepted save. */
  version_number: number;
  /** The whole current document, JSON. */
  document: string;
  /** validationErrors of the current document, JSON (submit and approve refuse while not empty). */
  validation_errors: string;
  /** User id of the lease holder, null when free. */
  claimed_by: number | null;
  claimed_by_name: string | null;
  /** ISO timestamp after which the lease has lapsed. */
  claim_expires_at: string | null;
  edited_by: string | null;
  last_edit: string | null;
  approved_version: number | null;
  approved_at: string | null;
  approved_by: string | null;
  published_version: number | null;
  published_at: string | null;
  /** 1 when the fire statistics groups come from the fires data (the agency cannot type them). */
  has_dip_feed: number;
  /** The last `seq` used in the history of this agency. */
  history_seq: number;
  /** The editing session (one per browser tab) that saved the current version; null before any. */
  edit_session: string | null;
  /** The version on which `edit_session`'s unbroken run of saves started (every later one is its own). */
  edit_session_base: number | null;
  /** The version the agency last submitted (a later save means "changed since submitted"). */
  submitted_version: number | null;
  /** The version the national centre last refused, and its optional reason (shown to the agency). */
  rejected_version: number | null;
  rejected_reason: string | null;
}

export type SitrepHistoryKind = 'seed' | 'save' | 'submit' | 'approve' | 'reject' | 'stale-rejected';

/** Append-only: every accepted save, every transition, and every save refused as stale. */
export interface AgencySitrepVersionsTable {
  agency: string;
  /** Order of the rows of one agency (1, 2, ...). */
  seq: number;
  /** The version the row holds: the new version of a save, the current one of a transition, the base of a stale save. */
  version: number;
  kind: SitrepHistoryKind;
  user_id: number | null;
  username: string | null;
  created_at: string;
  document: string;
  /** The editing session of a save or stale save; null for transitions and older rows. */
  edit_session: string | null;
  /** The reason given with a Not Approved (reject) row. */
  reason: string | null;
}

declare module '../db/tables.ts' {
  interface Database {
    agency_sitreps: AgencySitrepsTable;
    agency_sitrep_versions: AgencySitrepVersionsTable;
  }
}
