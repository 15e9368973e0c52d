import { Readable } from 'node:stream';
import type { AgencyCode, FireSource, FiresImportResult } from '@ciffc/contracts';
import type { Db } from '../../db/index.ts';
import { centreToday } from '../../http/time.ts';
import type { ImportActor } from '../history/store.ts';
import { applyImport, type ImportPlan, type Report } from './apply.ts';
import { type CheckedFile, checkFile } from './check.ts';
import { FireKeys } from './fire-keys.ts';
import type { RejectedRow } from './problems.ts';
import type { ImportTracker } from './progress.ts';
import type { RejectedRows } from './rejected-rows.ts';
import { checkAgency } from './rows.ts';
import type { ValidRows } from './valid-rows.ts';
import { applyBeside, writesBeside } from './write-beside.ts';

/**
 * The fire import (docs/fires-import.md), the one entry point of the API, the command line and the
 * agency feeds. Its sections, each in its own module: reading the file (`parse.ts`), the rows'
 * rules (`rows.ts`), the problems and rejection reasons (`problems.ts`), and writing the import
 * with its history (`apply.ts`).
 */

// The import's one door for its callers (feeds, command line) that read files as bytes.
export { SentFile } from './parse.ts';

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
  /**
   * The file is the complete current list of the agencies it holds (docs/fires-import.md,
   * "Snapshots"); undefined: true for the national active-fires file's layout, else false.
   */
  snapshot?: boolean | undefined;
  /** When the file was made, as its server says (a feed's Last-Modified): the day a snapshot speaks for. */
  lastModified?: string | null | undefined;
  /** Hears how far the import is (the import screen's progress). */
  tracker?: Pick<ImportTracker, 'rows' | 'writing' | 'written'> | undefined;
}

/** Who reports (docs/fires-import.md, "Sources"): the national file's layout, an agency feed, or a person. */
function sourceOf(parsed: CheckedFile, options: ImportOptions): FireSource {
  if (parsed.national) return 'national';
  return options.actor.source === 'feed' ? 'feed' : 'import';
}

/**
 * The day a snapshot speaks for: its server's Last-Modified, else its newest row's day, never after
 * today; an import that is not a snapshot reports on the day it runs.
 */
function reportDay(valid: ValidRows, snapshot: boolean, options: ImportOptions): string {
  if (!snapshot) return options.today;
  const modified = options.lastModified ? new Date(options.lastModified) : null;
  const day = modified && !Number.isNaN(modified.getTime()) ? centreToday(modified) : valid.newestDay;
  return day && day < options.today ? day : options.today;
}

function reportOf(parsed: CheckedFile, valid: ValidRows, options: ImportOptions): Report {
  const snapshot = options.snapshot ?? parsed.national;
  return {
    source: sourceOf(parsed, options),
    reportedOn: reportDay(valid, snapshot, options),
    snapshotOf: snapshot ? new Set(valid.agencies) : null,
  };
}

/** An agency user's file holds only its own agency's fires; the first other one names its row. */
function checkAgencyOf(valid: ValidRows, onlyAgency: AgencyCode | undefined): void {
  if (!onlyAgency || [...valid.agencies].every((a) => a === onlyAgency)) return;
  for (const part of valid.parts()) checkAgency(part, onlyAgency);
}

/**
 * Compares the rows with the fires and writes them: a large import on a SQLite file on the worker
 * thread (write-beside.ts), else here in one transaction; a dry run only reads (no transaction, no
 * lock).
 */
function applyPlan(db: Db, plan: ImportPlan) {
  if (writesBeside(db, plan)) return applyBeside(db, plan);
  if (!plan.entry) return applyImport(db.kysely, plan);
  return db.kysely.transaction().execute((trx) => applyImport(trx, plan));
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
  const parsed = await checkFile(body, {
    formatHint: options.formatHint,
    today: options.today,
    onRows: options.tracker?.rows,
    store: !options.dryRun,
  });
  try {
    return await importChecked(db, parsed, options);
  } finally {
    parsed.valid.dispose();
  }
}

/** `importFires` once its file is checked. */
async function importChecked(db: Db, parsed: CheckedFile, options: ImportOptions): Promise<ImportResult> {
  const { format: fileFormat, totalRows, valid, rejected } = parsed;
  checkAgencyOf(valid, options.onlyAgency);
  options.tracker?.writing();
  // Compressed as it was checked, before the transaction, so the writer is not held while it runs.
  const file = parsed.stored;
  const report = reportOf(parsed, valid, options);
  const plan: ImportPlan = {
    engine: db.engine,
    valid,
    report,
    // Every fire the file names, valid or not: a snapshot does not end a fire whose row it rejected.
    listed: report.snapshotOf ? parsed.named : new FireKeys(),
    counts: { total_rows: totalRows, rejected: rejected.length },
    onRows: options.tracker?.written,
    entry: file && {
      created_at: new Date().toISOString(),
      actor: options.actor,
      agency_code: options.onlyAgency ?? null,
      format: fileFormat,
      file_name: options.fileName ?? null,
      file,
    },
  };
  const outcome = await applyPlan(db, plan);
  return {
    import_id: outcome.importId,
    format: fileFormat,
    dry_run: Boolean(options.dryRun),
    total_rows: totalRows,
    accepted_count: valid.length,
    rejected_count: rejected.length,
    rejected_by_reason: rejected.byReason,
    inserted: outcome.counts.inserted,
    updated: outcome.counts.updated,
    unchanged: outcome.counts.unchanged,
    overruled: outcome.counts.overruled,
    overruled_by: outcome.overruledBy,
    snapshot_on: plan.report.snapshotOf ? plan.report.reportedOn : null,
    ended: outcome.counts.ended,
    accepted: outcome.accepted,
    accepted_truncated: Math.max(0, valid.length - outcome.accepted.length),
    rejected: rejected.first,
    rejected_truncated: rejected.length - rejected.first.length,
  };
}

const REPORT_COLUMNS = [
  'row',
  'line',
  'agency_code',
  'agency_fire_id',
  'reason_code',
  'code',
  'reason',
  'errors',
];

/**
 * A CSV cell: quoted, and a leading `=`, `+` or `@` (from the file) kept as text, so that a
 * spreadsheet does not run it as a formula.
 */
const cell = (value: string | number | undefined) => {
  const text = value === undefined ? '' : String(value);
  return `"${(/^[=+@]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
};

/** One rejected row of the full report. */
const reportLine = (r: RejectedRow) =>
  [
    r.row,
    r.line,
    r.agency_code,
    r.agency_fire_id,
    r.reason_code,
    r.code,
    r.reason,
    Object.entries(r.errors)
      .map(([field, message]) => `${field}: ${message}`)
      .join('; '),
  ]
    .map(cell)
    .join(',');

function* reportText(rejected: RejectedRows): Generator<string> {
  yield `${REPORT_COLUMNS.join(',')}\r\n`;
  for (const part of rejected.parts()) {
    let text = '';
    for (const r of part) text += `${reportLine(r)}\r\n`;
    yield text;
  }
}

/**
 * The full report of a file's problems (`?report=csv`, docs/fires-import.md, "The answer"): every
 * rejected row as CSV, in row order, as a stream read a part of rows at a time from the spool file
 * (removed once the stream closes), so that neither the rows nor the report are held whole.
 * Checking a file does not depend on the database, so the report of a dry run is that of the import
 * of the same file; nothing is written.
 */
export async function importReport(
  body: string | unknown,
  options: Pick<ImportOptions, 'today' | 'onlyAgency' | 'formatHint'> & {
    /** Hears the rows checked (the import screen's progress while the report is made). */
    tracker?: Pick<ImportTracker, 'rows'> | undefined;
  },
): Promise<Readable> {
  const { valid, rejected } = await checkFile(body, {
    formatHint: options.formatHint,
    today: options.today,
    onRows: options.tracker?.rows,
  });
  try {
    checkAgencyOf(valid, options.onlyAgency);
  } catch (error) {
    valid.dispose();
    throw error;
  }
  const report = Readable.from(reportText(rejected), { objectMode: false });
  report.once('close', () => valid.dispose());
  return report;
}
