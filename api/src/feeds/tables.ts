import type { ColumnType } from 'kysely';

/** The agency feeds' table, merged into the one `Database` interface of `db/tables.ts`. */
export interface FireFeedsTable {
  agency_code: string;
  url: string;
  interval_minutes: number;
  enabled: number;
  /** The validators of the last file fetched, sent back as If-None-Match / If-Modified-Since. */
  etag: string | null;
  last_modified: string | null;
  next_run_at: string;
  last_run_at: string | null;
  last_success_at: string | null;
  last_error_at: string | null;
  last_error: string | null;
  /** `imported`, `not_modified` or `failed`. */
  last_outcome: string | null;
  last_total_rows: number | null;
  last_accepted: number | null;
  last_rejected: number | null;
  last_import_id: number | null;
  /** Who polls it now, and until when: only one API instance polls a feed at a time. */
  lease_owner: string | null;
  lease_until: string | null;
  /** 1: each file is the agency's complete list; 0: not; null: by the file's layout (docs/fires-import.md). */
  snapshot: ColumnType<number | null, number | null | undefined, number | null>;
}

declare module '../db/tables.ts' {
  interface Database {
    fire_feeds: FireFeedsTable;
    /** The perimeter feeds: the same columns (`snapshot` unused), polled by the same worker. */
    perimeter_feeds: FireFeedsTable;
  }
}
