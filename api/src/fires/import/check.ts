import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FiresImportResult } from '@ciffc/contracts';
import { type StoredFile, storedFile } from '../history/store.ts';
import { FireKeys, nameFires } from './fire-keys.ts';
import { decodeFile, parseFireFile, SentFile } from './parse.ts';
import { RejectedRows } from './rejected-rows.ts';
import { checkRecords } from './rows.ts';
import { asBuffer, HOLD_CHECK, holdWorker, onWorker, transferable } from './thread.ts';
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
  /** The caller disposes of them once written (their spool file, which holds the rejected rows too). */
  valid: ValidRows;
  rejected: RejectedRows;
  /** Every fire the file names, valid or not (a snapshot ends none of them). */
  named: FireKeys;
  /** The file's text compressed for the history, when asked (`store`). */
  stored: StoredFile | null;
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
type OnRows = (count: number) => void;

/** What a check is told besides the file. */
interface CheckOptions {
  formatHint: string | undefined;
  today: string;
  onRows?: OnRows | undefined;
  /** Answer the file's text compressed for the history (an import that writes). */
  store?: boolean | undefined;
}

function checkOnWorker(body: string | SentFile, options: CheckOptions): Promise<CheckedFile> {
  const { formatHint, today, onRows } = options;
  // The valid rows go to a file of the instance's temporary folder (private to the API's unit).
  const spool = path.join(tmpdir(), `ciffc-import-${process.pid}-${randomUUID()}.json`);
  const valid = new ValidRows(spool);
  const rejected = new RejectedRows(spool);
  return new Promise<CheckedFile>((resolve, reject) => {
    const id = onWorker(
      {
        kind: 'check',
        body: typeof body === 'string' ? body : { bytes: body.bytes, contentType: body.contentType },
        formatHint,
        today,
        spool,
        store: Boolean(options.store),
      },
      {
        message(message) {
          if (message.kind === 'valid') {
            valid.addSpooled(message.part);
            onRows?.(message.part.count);
          } else if (message.kind === 'rejected') {
            rejected.addSpooled(message.part);
            onRows?.(message.part.count);
          } else if (message.kind === 'done') {
            const { format, national, totalRows, stored } = message;
            resolve({
              format,
              national,
              totalRows,
              valid,
              rejected,
              named: FireKeys.handedOver(message.named),
              stored: stored && { bytes: stored.bytes, gzip: asBuffer(stored.gzip) },
            });
            return true;
          }
          return false;
        },
        fail: (error) => {
          valid.dispose();
          reject(error);
        },
      },
      typeof body === 'string' ? [] : transferable(body.bytes),
    );
    importChecks.emit('task', id);
  });
}

const sizeOf = (body: unknown) =>
  typeof body === 'string' ? body.length : body instanceof SentFile ? body.bytes.byteLength : 0;

/**
 * Reads and checks a file (a malformed one throws 400), on the worker thread when it is large;
 * `onRows` hears of the rows checked as they come (a small file's all at once). The file is text,
 * bytes as sent (`SentFile`, decoded where it is checked) or JSON already parsed.
 */
export async function checkFile(
  body: string | SentFile | unknown,
  options: CheckOptions,
): Promise<CheckedFile> {
  if ((typeof body === 'string' || body instanceof SentFile) && sizeOf(body) >= IMPORT_WORKER_BYTES)
    return checkOnWorker(body, options);
  const file = body instanceof SentFile ? decodeFile(body.bytes, body.contentType) : body;
  const parsed = parseFireFile(file, options.formatHint);
  const { valid, rejected } = checkRecords(parsed.records, options.today);
  options.onRows?.(parsed.records.length);
  const named = new FireKeys();
  nameFires(named, valid, rejected);
  return {
    format: parsed.format,
    national: parsed.national,
    totalRows: parsed.records.length,
    valid: ValidRows.of(valid),
    rejected: RejectedRows.of(rejected),
    named,
    stored: options.store ? await storedFile(typeof file === 'string' ? file : JSON.stringify(file)) : null,
  };
}
