import { EventEmitter } from 'node:events';
import type { Db } from '../../db/index.ts';
import type { ImportPlan, Outcome } from './apply.ts';
import { transferables as fireKeysBuffers } from './fire-keys.ts';
import { HOLD_WRITE, holdWorker, onWorker, transferable } from './thread.ts';

/**
 * A large import's comparing and writing on SQLite, on the import's worker thread with its own
 * connection to the file (docs/decisions.md, "Large imports off the request thread"). SQLite's
 * driver answers synchronously: on the API's thread every batch of an import held every request
 * for its length (a public read's longest wait 0.5-0.9 s during a 100,000-row import). The worker
 * writes in one transaction (`BEGIN IMMEDIATE`); meanwhile the API's own writer is held, so that
 * its other writes wait their turn without blocking the thread, and its reads go on (WAL).
 */

/** From this many valid rows an import on a SQLite file is compared and written on the worker. */
export const WRITE_BESIDE_ROWS = 1_000;

/** Whether the plan is compared and written on the worker (`applyBeside`). */
export const writesBeside = (db: Db, plan: ImportPlan): boolean =>
  Boolean(db.sqliteFile) && plan.valid.length >= WRITE_BESIDE_ROWS;

/**
 * Tests: while held, the worker waits once its write transaction has begun (and a dry run once it
 * has started), so that a test can see the API read and queue its writes meanwhile. Emits 'began'
 * on `importWrites` then.
 */
export function holdImportWrites(held: boolean): void {
  holdWorker(HOLD_WRITE, held);
}
export const importWrites = new EventEmitter();

function onTheWorker(file: string, plan: ImportPlan): Promise<Outcome> {
  const { valid, listed, onRows, ...rest } = plan;
  const handed = listed.handOver();
  // The fires the file names and its compressed text move to the worker: this thread is done with them.
  const transfer = [...fireKeysBuffers(handed), ...(rest.entry ? transferable(rest.entry.file.gzip) : [])];
  return new Promise<Outcome>((resolve, reject) => {
    onWorker(
      { kind: 'apply', file, plan: { ...rest, valid: valid.handOver(), listed: handed } },
      {
        message(message) {
          if (message.kind === 'began') importWrites.emit('began');
          else if (message.kind === 'written') onRows?.(message.count);
          else if (message.kind === 'applied') {
            resolve(message.outcome);
            return true;
          }
          return false;
        },
        fail: reject,
      },
      transfer,
    );
  });
}

/**
 * Compares (a dry run) or writes the plan on the worker. A write holds the API's writer for its
 * length; a dry run only reads, beside everything.
 */
export function applyBeside(db: Db, plan: ImportPlan): Promise<Outcome> {
  const file = db.sqliteFile;
  if (!file) throw new Error('applyBeside: not a SQLite file');
  if (!plan.entry) return onTheWorker(file.name, plan);
  return file.holdWriter(() => onTheWorker(file.name, plan));
}
