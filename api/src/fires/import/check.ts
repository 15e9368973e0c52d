import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FiresImportResult } from '@ciffc/contracts';
import { parseFireFile } from './parse.ts';
import type { RejectedRow } from './problems.ts';
import { checkRecords } from './rows.ts';
import { HOLD_CHECK, holdWorker, onWorker } from './thread.ts';
import { ValidRows } from './valid-rows.ts';

/**
 * Reading and checking an import's file (docs/decisions.md, "Large imports off the request
 * thread"): a file above IMPORT_WORKER_BYTES is read and checked on the import's worker thread
 * (thread.ts), so that the API's thread keeps answering reads meanwhile; a smaller one (or a body
 * already parsed as JSON) is checked where it is, the worker's start and copies costing more than
 * they save.
 */

/** Files from this size (characters) are checked on the worker thread. */
export const IMPORT_WORKER_BYTES = 256 * 1024;

/** A checked file: its layout, its rows, those that passed their rules and those rejected. */
export interface CheckedFile {
  format: FiresImportResult['format'];
  national: boolean;
  totalRows: number;
  /** The caller disposes of them once written (their spool file). */
  valid: ValidRows;
  rejected: RejectedRow[];
}

/**
 * Tests: while held, the worker takes a file and waits before reading it, so that a test can see
 * the API answer other requests while an import is being checked, without timing. Emits 'task' on
 * `importChecks` when a file is handed to the worker.
 */
export function holdImportChecks(held: boolean): void {
  holdWorker(HOLD_CHECK, held);
}
export const importChecks = new EventEmitter();

/** Told the number of rows each time the worker hands a part's checked rows back. */
export type OnRows = (count: number) => void;

function checkOnWorker(
  body: string,
  formatHint: string | undefined,
  today: string,
  onRows: OnRows | undefined,
): Promise<CheckedFile> {
  // The valid rows go to a file of the instance's temporary folder (private to the API's unit).
  const spool = path.join(tmpdir(), `ciffc-import-${process.pid}-${randomUUID()}.json`);
  const valid = new ValidRows(spool);
  const rejected: RejectedRow[] = [];
  return new Promise<CheckedFile>((resolve, reject) => {
    const id = onWorker(
      { kind: 'check', body, formatHint, today, spool },
      {
        message(message) {
          if (message.kind === 'valid') {
            valid.addSpooled(message.part);
            onRows?.(message.part.count);
          } else if (message.kind === 'rejected') {
            for (const r of message.rows) rejected.push(r);
            onRows?.(message.rows.length);
          } else if (message.kind === 'done') {
            const { format, national, totalRows } = message;
            resolve({ format, national, totalRows, valid, rejected });
            return true;
          }
          return false;
        },
        fail: (error) => {
          valid.dispose();
          reject(error);
        },
      },
    );
    importChecks.emit('task', id);
  });
}

/**
 * Reads and checks a file (a malformed one throws 400), on the worker thread when it is large;
 * `onRows` hears of the rows checked as they come (a small file's all at once).
 */
export async function checkFile(
  body: string | unknown,
  formatHint: string | undefined,
  today: string,
  onRows?: OnRows,
): Promise<CheckedFile> {
  if (typeof body === 'string' && body.length >= IMPORT_WORKER_BYTES)
    return checkOnWorker(body, formatHint, today, onRows);
  const parsed = parseFireFile(body, formatHint);
  const { valid, rejected } = checkRecords(parsed.records, today);
  onRows?.(parsed.records.length);
  return {
    format: parsed.format,
    national: parsed.national,
    totalRows: parsed.records.length,
    valid: ValidRows.of(valid),
    rejected,
  };
}
