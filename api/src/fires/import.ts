import type { AgencyCode, FiresImportResult } from '@ciffc/contracts';
import type { Db } from '../db/index.ts';
import type { ImportActor } from './history.ts';
import { storedFile } from './history.ts';
import { applyImport, type ImportPlan } from './import-apply.ts';
import { parseFireFile } from './import-parse.ts';
import { countByReason, type RejectedRow } from './import-problems.ts';
import { checkAgency, checkRecords } from './import-rows.ts';

/**
 * The fire import (docs/fires-import.md), the one entry point of the API, the command line and the
 * agency feeds. Its sections, each in its own module: reading the file (`import-parse.ts`), the
 * rows' rules (`import-rows.ts`), the problems and rejection reasons (`import-problems.ts`), and
 * writing the import with its history (`import-apply.ts`).
 */

/** The answer of an import, each rejected row's reason a code of the catalogue. */
export type ImportResult = Omit<FiresImportResult, 'rejected'> & { rejected: RejectedRow[] };

export interface ImportOptions {
  today: string;
  /** An agency user may import only its own agency's fires; undefined: any agency (CIFFC, CLI). */
  onlyAgency?: AgencyCode | undefined;
  dryRun?: boolean;
  formatHint?: string | undefined;
  /** Who imports, for the history. */
  actor: ImportActor;
  /** The file's name when known (the CLI's file, the API's `file_name`), for the history. */
  fileName?: string | undefined;
}

/**
 * Checks the whole file first (a malformed file throws 400 and changes nothing), then imports the
 * valid rows in one transaction with their history (docs/fires-import.md) and lists accepted and
 * rejected rows. A dry run writes nothing.
 */
export async function importFires(
  db: Db,
  body: string | unknown,
  options: ImportOptions,
): Promise<ImportResult> {
  const { format: fileFormat, records } = parseFireFile(body, options.formatHint);
  const { valid, rejected } = checkRecords(records, options.today);
  checkAgency(valid, options.onlyAgency);
  // Compressed before the transaction, so the writer is not held while it runs.
  const file = options.dryRun
    ? null
    : await storedFile(typeof body === 'string' ? body : JSON.stringify(body));
  const plan: ImportPlan = {
    engine: db.engine,
    valid,
    counts: { total_rows: records.length, rejected: rejected.length },
    entry: file && {
      created_at: new Date().toISOString(),
      actor: options.actor,
      agency_code: options.onlyAgency ?? null,
      format: fileFormat,
      file_name: options.fileName ?? null,
      file,
    },
  };
  // A dry run only reads: no transaction, no lock.
  const outcome = file
    ? await db.kysely.transaction().execute((trx) => applyImport(trx, plan))
    : await applyImport(db.kysely, plan);
  return {
    import_id: outcome.importId,
    format: fileFormat,
    dry_run: Boolean(options.dryRun),
    total_rows: records.length,
    accepted_count: outcome.accepted.length,
    rejected_count: rejected.length,
    rejected_by_reason: countByReason(rejected),
    inserted: outcome.counts.inserted,
    updated: outcome.counts.updated,
    unchanged: outcome.counts.unchanged,
    accepted: outcome.accepted,
    rejected,
  };
}
