import { closeSync, openSync } from 'node:fs';
import { ANSWER_ROWS } from './apply.ts';
import { countByReason, type RejectedRow } from './problems.ts';
import { readSpooled } from './valid-rows.ts';

/**
 * The rejected rows of a checked file (docs/fires-import.md, "The answer"): what the answer needs,
 * their count, their count by reason and the first ANSWER_ROWS, is kept as the parts come; the rows
 * themselves wait in the spool file of the valid rows (valid-rows.ts) until the full report reads
 * them back, a part at a time. A file of 1.37 million rejected rows held them all on the API's
 * thread, and ran it out of memory. A small file checked where it is keeps its rows as they are.
 */
export class RejectedRows {
  length = 0;
  readonly byReason: Record<string, number> = {};
  /** The first ANSWER_ROWS rows, in row order. */
  readonly first: RejectedRow[] = [];
  readonly #parts: (SpooledRejected | readonly RejectedRow[])[] = [];
  /** The spool file of the parts checked on the worker, if any; removed with the valid rows'. */
  readonly #spool: string | undefined;

  constructor(spool?: string) {
    this.#spool = spool;
  }

  /** Rows already as objects (a small file checked where it is), in row order. */
  static of(rows: readonly RejectedRow[]): RejectedRows {
    const all = new RejectedRows();
    if (rows.length) all.#parts.push(rows);
    all.#count(summaryOf(rows, 0));
    return all;
  }

  /** A part the worker wrote to the spool file (`spoolRejected`). */
  addSpooled(part: SpooledRejected): void {
    if (!part.count) return;
    this.#parts.push(part);
    this.#count(part);
  }

  #count(summary: RejectedSummary): void {
    this.length += summary.count;
    for (const [reason, n] of Object.entries(summary.byReason))
      this.byReason[reason] = (this.byReason[reason] ?? 0) + n;
    for (const row of summary.first) if (this.first.length < ANSWER_ROWS) this.first.push(row);
  }

  /** The rows, a part at a time, in row order. Read them before the spool file is removed. */
  *parts(): Generator<readonly RejectedRow[]> {
    let fd: number | undefined;
    try {
      for (const part of this.#parts) {
        if (Array.isArray(part)) {
          yield part;
          continue;
        }
        if (!this.#spool) throw new Error('a spooled part without its spool file');
        fd ??= openSync(this.#spool, 'r');
        yield readSpooled(fd, part as SpooledRejected) as RejectedRow[];
      }
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
}

/** What the answer needs of a part of rejected rows. */
interface RejectedSummary {
  count: number;
  byReason: Record<string, number>;
  /** Its first rows, as many as the answer still lists. */
  first: RejectedRow[];
}

/** A part of rejected rows in the spool file. */
export interface SpooledRejected extends RejectedSummary {
  offset: number;
  bytes: number;
}

/** `listed`: the rows the answer already had from earlier parts. */
function summaryOf(rows: readonly RejectedRow[], listed: number): RejectedSummary {
  return {
    count: rows.length,
    byReason: countByReason(rows),
    first: rows.slice(0, Math.max(0, ANSWER_ROWS - listed)),
  };
}

/**
 * The worker's side: a part of rejected rows appended to the spool file (valid-rows.ts,
 * SpoolWriter), `listed` the rows earlier parts handed for the answer.
 */
export function spoolRejected(
  spool: { append(values: unknown): { offset: number; bytes: number } },
  rows: readonly RejectedRow[],
  listed: number,
): SpooledRejected {
  return { ...summaryOf(rows, listed), ...spool.append(rows) };
}
