/**
 * The import's worker thread (thread.ts, docs/decisions.md, "Large imports off the request
 * thread"). A check: the file's text comes in, its rows go back checked, in chunks, so that the API's
 * own thread takes them a little at a time between requests. An apply (SQLite): the checked rows are
 * compared and written on the worker's own connection to the file.
 */
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { parentPort } from 'node:worker_threads';
import { createGzip } from 'node:zlib';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { openSqlite } from '../../db/index.ts';
import type { Database } from '../../db/tables.ts';
import { HttpError } from '../../http/errors.ts';
import { type StoredFile, storedFile } from '../history/store.ts';
import { applyImport, type ImportPlan, type Outcome } from './apply.ts';
import { reasonCode } from './cwfis.ts';
import { FireKeys, transferables as fireKeysBuffers, nameFires } from './fire-keys.ts';
import { decodedPieces, decodeFile, parseFireFile, type RawRecord } from './parse.ts';
import { english, type Problem, type RejectedRow } from './problems.ts';
import { spoolRejected } from './rejected-rows.ts';
import { checkRecords, type ValidRow } from './rows.ts';
import { piecesOf, streamCsvRecords } from './stream.ts';
import {
  type ApplyTask,
  asBuffer,
  type CheckTask,
  HOLD_CHECK,
  HOLD_WRITE,
  transferable,
  type WorkerMessage,
  type WorkerTask,
} from './thread.ts';
import { SpoolWriter, ValidRows } from './valid-rows.ts';

/** CSV rows checked and handed back at a time: the raw records of a whole 50 MB file took a gigabyte. */
const ROWS_PER_PART = 20_000;

/** A later row of a fire an earlier part already had: rejected as in `checkRecords`. */
function duplicate({ record, fire }: ValidRow, firstRow: number): RejectedRow {
  const problem: Problem = { code: 'import.duplicate_row', params: { row: firstRow } };
  const reason = english(problem);
  return {
    row: record.row,
    ...(record.line !== undefined ? { line: record.line } : {}),
    agency_code: fire.agency_code,
    agency_fire_id: fire.agency_fire_id,
    reason,
    reason_code: reasonCode('agency_fire_id', reason),
    ...problem,
    errors: { agency_fire_id: reason },
  };
}

type FileShape = { format: 'csv' | 'geojson'; national: boolean; totalRows: number };
type Send = (valid: ValidRow[], rejected: RejectedRow[]) => void;

/** The text's first pieces up to its first character other than white space, and the rest. */
function startOf(pieces: Iterator<string>): { start: string; rest: Iterator<string> } {
  let start = '';
  while (start.trim() === '') {
    const next = pieces.next();
    if (next.done) break;
    start += next.value;
  }
  return { start, rest: pieces };
}

function* chained(start: string, rest: Iterator<string>): Generator<string> {
  if (start) yield start;
  for (let next = rest.next(); !next.done; next = rest.next()) yield next.value;
}

/**
 * The file's text for the history, compressed as its pieces pass (`storedFile` of the whole text
 * gives the same), so that the text is never held whole for it either.
 */
function compressedAsRead(pieces: Iterable<string>): {
  pieces: AsyncGenerator<string>;
  stored: Promise<StoredFile>;
} {
  const gzip = createGzip({ level: 6 });
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  let bytes = 0;
  const ended = finished(gzip).then(() => ({ bytes, gzip: Buffer.concat(chunks) }));
  ended.catch(() => {});
  async function* passing() {
    try {
      for (const piece of pieces) {
        bytes += Buffer.byteLength(piece);
        if (!gzip.write(piece)) await once(gzip, 'drain');
        yield piece;
      }
      gzip.end();
    } finally {
      if (!gzip.writableEnded) gzip.destroy();
    }
  }
  return { pieces: passing(), stored: ended };
}

/**
 * Reads and checks the file, handing each part's rows to `send` and noting every fire it names in
 * `named` (fire-keys.ts: the first valid row of each, -1 for a fire only rejected rows name). A
 * CSV file streams from its bytes through the decoder and the parser (stream.ts), a part of rows
 * checked at a time; a later row of a fire an earlier part had is rejected as a duplicate. A
 * GeoJSON file is read whole, as one part. `store`: the file's text compressed for the history.
 */
async function checkParts(
  task: CheckTask,
  named: FireKeys,
  send: Send,
): Promise<FileShape & { stored: StoredFile | null }> {
  const all =
    typeof task.body === 'string'
      ? piecesOf(task.body)
      : decodedPieces(task.body.bytes, task.body.contentType);
  const { start, rest } = startOf(all);
  const hint = task.formatHint?.toLowerCase() ?? '';
  if (!(hint.includes('csv') || (!hint.includes('json') && !/^\s*[{[]/.test(start)))) {
    const text =
      typeof task.body === 'string' ? task.body : decodeFile(task.body.bytes, task.body.contentType);
    const parsed = parseFireFile(text, task.formatHint);
    const { valid, rejected } = checkRecords(parsed.records, task.today);
    nameFires(named, valid, rejected);
    send(valid, rejected);
    const stored = task.store ? await storedFile(text) : null;
    return { format: parsed.format, national: parsed.national, totalRows: parsed.records.length, stored };
  }
  const checkPart = (records: RawRecord[]) => {
    const { valid, rejected } = checkRecords(records, task.today);
    const kept: ValidRow[] = [];
    for (const row of valid) {
      const firstRow = named.get(row.fire.agency_code, row.fire.agency_fire_id) ?? -1;
      if (firstRow < 0) kept.push(row);
      else rejected.push(duplicate(row, firstRow));
    }
    nameFires(named, kept, rejected);
    send(
      kept,
      rejected.sort((x, y) => x.row - y.row),
    );
  };
  const text = chained(start, rest);
  if (!task.store) {
    const { national, totalRows } = await streamCsvRecords(text, checkPart, ROWS_PER_PART);
    return { format: 'csv', national, totalRows, stored: null };
  }
  const compressed = compressedAsRead(text);
  const { national, totalRows } = await streamCsvRecords(compressed.pieces, checkPart, ROWS_PER_PART);
  return { format: 'csv', national, totalRows, stored: await compressed.stored };
}

const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread');
const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

async function check(task: CheckTask): Promise<void> {
  Atomics.wait(new Int32Array(task.holds), HOLD_CHECK, 1);
  const spool = new SpoolWriter(task.spool);
  const named = new FireKeys();
  let answered = 0;
  try {
    const send: Send = (valid, rejected) => {
      // The rows to the spool file, their place and summary to the API's thread.
      if (valid.length) post({ id: task.id, kind: 'valid', part: spool.write(valid) });
      if (rejected.length) {
        const part = spoolRejected(spool, rejected, answered);
        answered += part.first.length;
        post({ id: task.id, kind: 'rejected', part });
      }
    };
    const { stored, ...file } = await checkParts(task, named, send);
    const keys = named.handOver();
    const gzip = stored && asBuffer(stored.gzip);
    post({ id: task.id, kind: 'done', ...file, stored, named: keys }, [
      ...fireKeysBuffers(keys),
      ...(gzip ? transferable(gzip) : []),
    ]);
  } finally {
    spool.close();
  }
}

/**
 * Compares the rows with the fires and, unless a dry run, writes them in one transaction on the
 * worker's own connection. `BEGIN IMMEDIATE` takes the file's write lock at once: another process
 * (the command line's import) cannot slip a write in between and make this one fail at its end.
 */
async function apply(task: ApplyTask): Promise<void> {
  const plan: ImportPlan = {
    ...task.plan,
    valid: ValidRows.handedOver(task.plan.valid),
    listed: FireKeys.handedOver(task.plan.listed),
    onRows: (count) => post({ id: task.id, kind: 'written', count }),
  };
  if (plan.entry) plan.entry.file.gzip = asBuffer(plan.entry.file.gzip);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(task.file) }) });
  const began = () => {
    post({ id: task.id, kind: 'began' });
    Atomics.wait(new Int32Array(task.holds), HOLD_WRITE, 1);
  };
  try {
    const outcome: Outcome = await db.connection().execute(async (connection) => {
      if (!plan.entry) {
        began();
        return applyImport(connection, plan);
      }
      await sql`begin immediate`.execute(connection);
      try {
        began();
        const written = await applyImport(connection, plan);
        await sql`commit`.execute(connection);
        return written;
      } catch (error) {
        await sql`rollback`.execute(connection);
        throw error;
      }
    });
    post({ id: task.id, kind: 'applied', outcome });
  } finally {
    await db.destroy();
  }
}

port.on('message', async (task: WorkerTask) => {
  try {
    await (task.kind === 'check' ? check(task) : apply(task));
  } catch (error) {
    const http = error instanceof HttpError ? error : undefined;
    post({
      id: task.id,
      kind: 'failed',
      statusCode: http?.statusCode ?? 500,
      message: error instanceof Error ? error.message : String(error),
      code: http?.code ?? 'http.internal',
      params: http?.params,
    });
  }
});
