import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FiresImportResult, ServerMessageCode } from '@ciffc/contracts';
import { HttpError } from '../../http/errors.ts';
import { parseFireFile } from './parse.ts';
import type { RejectedRow } from './problems.ts';
import { checkRecords } from './rows.ts';
import { type PackedRows, ValidRows } from './valid-rows.ts';

/**
 * Reading and checking an import's file (docs/decisions.md, "Large imports off the request
 * thread"): a file above IMPORT_WORKER_BYTES is read and checked on one worker thread kept for the
 * process, so that the API's thread keeps answering reads meanwhile; a smaller one (or a body
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
  valid: ValidRows;
  rejected: RejectedRow[];
}

/** What the worker is asked (worker.ts). */
export interface CheckTask {
  id: number;
  body: string;
  formatHint: string | undefined;
  today: string;
  /** Tests: the worker waits while the word is 1 before reading (see `holdImportChecks`). */
  hold: SharedArrayBuffer;
}

/** What the worker answers: the rows in chunks, then `done`, or `failed` (a 400 for a malformed file). */
export type WorkerMessage =
  | { id: number; kind: 'valid'; part: PackedRows }
  | { id: number; kind: 'rejected'; rows: RejectedRow[] }
  | { id: number; kind: 'done'; format: CheckedFile['format']; national: boolean; totalRows: number }
  | {
      id: number;
      kind: 'failed';
      statusCode: number;
      message: string;
      /** `http.internal` when the worker failed of itself (no refusal of ours). */
      code: ServerMessageCode;
      params: Record<string, string | number> | undefined;
    };

const hold = new SharedArrayBuffer(4);

/**
 * Tests: while held, the worker takes a file and waits before reading it, so that a test can see
 * the API answer other requests while an import is being checked, without timing. Emits 'task' on
 * `importChecks` when a file is handed to the worker.
 */
export function holdImportChecks(held: boolean): void {
  const word = new Int32Array(hold);
  Atomics.store(word, 0, held ? 1 : 0);
  if (!held) Atomics.notify(word, 0);
}
export const importChecks = new EventEmitter();

/**
 * The worker's script. The production build (api/build.mjs) bundles it as `import-worker.js` beside
 * `server.js` and `import.js`. Under tsx (development, tests, benchmarks) it is the TypeScript
 * module beside this one, and a worker thread does not inherit tsx's loader on Node 20: a small
 * script registers it in the worker first.
 */
function startScript(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./import-worker.js', import.meta.url));
  // tsx's register API as an ES module (require.resolve finds its CommonJS twin beside it).
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const script = new URL('./worker.ts', import.meta.url).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script)}); });`,
    { eval: true },
  );
}

/** Told the number of rows each time the worker hands a part's checked rows back. */
export type OnRows = (count: number) => void;

interface Pending {
  valid: ValidRows;
  rejected: RejectedRow[];
  onRows: OnRows | undefined;
  resolve: (file: CheckedFile) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

function receive(message: WorkerMessage): void {
  const task = pending.get(message.id);
  if (!task) return;
  if (message.kind === 'valid') {
    task.valid.addPacked(message.part);
    task.onRows?.(message.part.count);
    return;
  }
  if (message.kind === 'rejected') {
    for (const r of message.rows) task.rejected.push(r);
    task.onRows?.(message.rows.length);
    return;
  }
  pending.delete(message.id);
  if (!pending.size) worker?.unref();
  if (message.kind === 'failed')
    task.reject(new HttpError(message.statusCode, message.code, { params: message.params }));
  else
    task.resolve({
      format: message.format,
      national: message.national,
      totalRows: message.totalRows,
      valid: task.valid,
      rejected: task.rejected,
    });
}

function startWorker(): Worker {
  const started = startScript();
  started.on('message', receive);
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const task of pending.values()) task.reject(error);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the import worker stopped (exit code ${code})`)));
  return started;
}

function checkOnWorker(
  body: string,
  formatHint: string | undefined,
  today: string,
  onRows: OnRows | undefined,
): Promise<CheckedFile> {
  worker ??= startWorker();
  const id = nextId++;
  const running = worker;
  const result = new Promise<CheckedFile>((resolve, reject) =>
    pending.set(id, { valid: new ValidRows(), rejected: [], onRows, resolve, reject }),
  );
  running.ref();
  running.postMessage({ id, body, formatHint, today, hold } satisfies CheckTask);
  importChecks.emit('task', id);
  return result;
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
