/**
 * The import's worker thread (thread.ts, docs/decisions.md, "Large imports off the request
 * thread"). A check: the file's text comes in, its rows go back checked, in chunks, so that the API's
 * own thread takes them a little at a time between requests. An apply (SQLite): the checked rows are
 * compared and written on the worker's own connection to the file.
 */
import { parentPort } from 'node:worker_threads';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { openSqlite } from '../../db/index.ts';
import type { Database } from '../../db/tables.ts';
import { HttpError } from '../../http/errors.ts';
import { fireKey, storedFile } from '../history/store.ts';
import { applyImport, type ImportPlan, type Outcome } from './apply.ts';
import { reasonCode } from './cwfis.ts';
import { decodeFile, parseFireFile, type RawRecord } from './parse.ts';
import { english, type Problem, type RejectedRow } from './problems.ts';
import { checkRecords, type ValidRow } from './rows.ts';
import { piecesOf, streamCsvRecords } from './stream.ts';
import {
  type ApplyTask,
  asBuffer,
  type CheckTask,
  HOLD_CHECK,
  HOLD_WRITE,
  type WorkerMessage,
  type WorkerTask,
} from './thread.ts';
import { SpoolWriter, ValidRows } from './valid-rows.ts';

/** CSV rows checked and handed back at a time: the raw records of a whole 50 MB file took a gigabyte. */
const ROWS_PER_PART = 20_000;

const isCsv = (body: string, hint: string | undefined) => {
  const h = hint?.toLowerCase() ?? '';
  return h.includes('csv') || (!h.includes('json') && !/^\s*[{[]/.test(body));
};

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
/** A check task with its file as text. */
type TextTask = Omit<CheckTask, 'body'> & { body: string };
type Send = (valid: ValidRow[], rejected: RejectedRow[]) => void;

function checkWhole(task: TextTask, send: Send): FileShape {
  const parsed = parseFireFile(task.body, task.formatHint);
  const { valid, rejected } = checkRecords(parsed.records, task.today);
  send(valid, rejected);
  return { format: parsed.format, national: parsed.national, totalRows: parsed.records.length };
}

/**
 * Reads and checks the file, handing each part's rows to `send`; a GeoJSON file is one part. A CSV
 * file streams through the parser (stream.ts), a part of rows checked at a time; a later row
 * of a fire an earlier part had is rejected as a duplicate.
 */
async function checkParts(task: TextTask, send: Send): Promise<FileShape> {
  if (!isCsv(task.body, task.formatHint)) return checkWhole(task, send);
  const seen = new Map<string, number>();
  const checkPart = (records: RawRecord[]) => {
    const { valid, rejected } = checkRecords(records, task.today);
    const kept: ValidRow[] = [];
    for (const row of valid) {
      const key = fireKey(row.fire.agency_code, row.fire.agency_fire_id);
      const firstRow = seen.get(key);
      if (firstRow === undefined) {
        seen.set(key, row.record.row);
        kept.push(row);
      } else rejected.push(duplicate(row, firstRow));
    }
    send(
      kept,
      rejected.sort((x, y) => x.row - y.row),
    );
  };
  const { national, totalRows } = await streamCsvRecords(piecesOf(task.body), checkPart, ROWS_PER_PART);
  return { format: 'csv', national, totalRows };
}

const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread');
const post = (message: WorkerMessage) => port.postMessage(message);

async function check(task: CheckTask): Promise<void> {
  Atomics.wait(new Int32Array(task.holds), HOLD_CHECK, 1);
  const body = typeof task.body === 'string' ? task.body : decodeFile(task.body.bytes, task.body.contentType);
  const spool = new SpoolWriter(task.spool);
  try {
    const send: Send = (valid, rejected) => {
      // The rows to the spool file, their place and summary to the API's thread.
      if (valid.length) post({ id: task.id, kind: 'valid', part: spool.write(valid) });
      if (rejected.length) post({ id: task.id, kind: 'rejected', rows: rejected });
    };
    const file = await checkParts({ ...task, body }, send);
    const stored = task.store ? await storedFile(body) : null;
    post({ id: task.id, kind: 'done', ...file, stored });
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
