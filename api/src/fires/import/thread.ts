import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FiresImportResult, ServerMessageCode } from '@ciffc/contracts';
import { HttpError } from '../../http/errors.ts';
import type { StoredFile } from '../history/store.ts';
import type { ImportPlan, Outcome } from './apply.ts';
import type { HandedFireKeys } from './fire-keys.ts';
import type { SpooledRejected } from './rejected-rows.ts';
import type { HandedRows, SpooledPart } from './valid-rows.ts';

/**
 * The import's worker thread, one kept for the process (docs/decisions.md, "Large imports off the
 * request thread"): it reads and checks a large file (`check.ts`) and, on SQLite, compares and
 * writes its rows on its own connection (`write-beside.ts`), so that the API's thread keeps
 * answering meanwhile. The script is `worker.ts`.
 */

/** Tests: word 0 holds a check before it reads, word 1 a write once its transaction began. */
const holds = new SharedArrayBuffer(8);
export const HOLD_CHECK = 0;
export const HOLD_WRITE = 1;

/** Tests: while held, the worker waits at that step (see `holdImportChecks`, `holdImportWrites`). */
export function holdWorker(word: number, held: boolean): void {
  const words = new Int32Array(holds);
  Atomics.store(words, word, held ? 1 : 0);
  if (!held) Atomics.notify(words, word);
}

/** Read and check a file (check.ts). */
export interface CheckTask {
  id: number;
  kind: 'check';
  /** The file as text, or as bytes to decode with their content type (`SentFile`). */
  body: string | { bytes: Uint8Array; contentType: string | undefined };
  formatHint: string | undefined;
  /** Whether to answer the file's text compressed, for the history (not for a dry run). */
  store: boolean;
  today: string;
  /** The file the worker writes the valid rows to (valid-rows.ts). */
  spool: string;
  holds: SharedArrayBuffer;
}

/** Compare and write (or, a dry run, only compare) checked rows on the SQLite file (write-beside.ts). */
export interface ApplyTask {
  id: number;
  kind: 'apply';
  file: string;
  plan: Omit<ImportPlan, 'valid' | 'listed' | 'onRows'> & { valid: HandedRows; listed: HandedFireKeys };
  holds: SharedArrayBuffer;
}

export type WorkerTask = CheckTask | ApplyTask;

/** A Buffer handed between threads arrives as a plain Uint8Array, which the drivers do not all store as a blob. */
export const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The bytes' own buffer, to move to the other thread without a copy; bytes that share their buffer
 * with others (a slice of Node's pool) are copied instead.
 */
export function transferable(bytes: Uint8Array): ArrayBuffer[] {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [];
}

/** What the worker answers: a task's messages, then `done` or `applied`, or `failed`. */
export type WorkerMessage =
  | { id: number; kind: 'valid'; part: SpooledPart }
  | { id: number; kind: 'rejected'; part: SpooledRejected }
  | {
      id: number;
      kind: 'done';
      format: FiresImportResult['format'];
      national: boolean;
      totalRows: number;
      stored: StoredFile | null;
      /** Every fire the file names (fire-keys.ts), moved rather than copied. */
      named: HandedFireKeys;
    }
  | { id: number; kind: 'began' }
  | { id: number; kind: 'written'; count: number }
  | { id: number; kind: 'applied'; outcome: Outcome }
  | {
      id: number;
      kind: 'failed';
      statusCode: number;
      message: string;
      /** `http.internal` when the worker failed of itself (no refusal of ours). */
      code: ServerMessageCode;
      params: Record<string, string | number> | undefined;
    };

/** Hears a task's messages; answers true on its last. */
export interface TaskHandler {
  message(message: Exclude<WorkerMessage, { kind: 'failed' }>): boolean;
  fail(error: Error): void;
}

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

let worker: Worker | undefined;
const handlers = new Map<number, TaskHandler>();
let nextId = 1;

function receive(message: WorkerMessage): void {
  const handler = handlers.get(message.id);
  if (!handler) return;
  let finished = true;
  if (message.kind === 'failed')
    handler.fail(new HttpError(message.statusCode, message.code, { params: message.params }));
  else finished = handler.message(message);
  if (!finished) return;
  handlers.delete(message.id);
  if (!handlers.size) worker?.unref();
}

function startWorker(): Worker {
  const started = startScript();
  started.on('message', receive);
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const handler of handlers.values()) handler.fail(error);
    handlers.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the import worker stopped (exit code ${code})`)));
  return started;
}

type Task = Omit<CheckTask, 'id' | 'holds'> | Omit<ApplyTask, 'id' | 'holds'>;

/**
 * Hands a task to the worker (started at the first); `handler` hears its messages. `transfer`: the
 * task's buffers moved to the worker (no copy; unusable here afterwards).
 */
export function onWorker(task: Task, handler: TaskHandler, transfer: ArrayBuffer[] = []): number {
  worker ??= startWorker();
  const id = nextId++;
  handlers.set(id, handler);
  worker.ref();
  worker.postMessage({ ...task, id, holds } as WorkerTask, transfer);
  return id;
}
