import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import type { ValidRow } from './rows.ts';

/**
 * The valid rows of a checked file, kept out of memory until they are written: the worker checks a
 * large file a part at a time and writes each part as one JSON text to a spool file, read back a part
 * at a time (docs/fires-import.md, "Progress"), so that the rows of a large file are never all held
 * at once, neither as objects nor as text. A small file checked where it is keeps its rows as they
 * are. Its agencies and newest day, which decide the report, are counted as the parts come.
 */
export class ValidRows {
  length = 0;
  readonly agencies = new Set<string>();
  /** The newest situation report or status day of the rows ('' when none). */
  newestDay = '';
  readonly #parts: (SpooledPart | readonly ValidRow[])[] = [];
  /** The spool file of the parts checked on the worker, if any. */
  readonly #spool: string | undefined;

  constructor(spool?: string) {
    this.#spool = spool;
  }

  /** Rows already as objects (a small file checked where it is). */
  static of(rows: readonly ValidRow[]): ValidRows {
    const all = new ValidRows();
    if (rows.length) all.#parts.push(rows);
    all.#count(summaryOf(rows));
    return all;
  }

  /** A part the worker wrote to the spool file. */
  addSpooled(part: SpooledPart): void {
    if (!part.count) return;
    this.#parts.push(part);
    this.#count(part);
  }

  #count(summary: PartSummary): void {
    this.length += summary.count;
    for (const agency of summary.agencies) this.agencies.add(agency);
    if (summary.newestDay > this.newestDay) this.newestDay = summary.newestDay;
  }

  /** The rows, a part at a time, in the file's order. */
  *parts(): Generator<readonly ValidRow[]> {
    let fd: number | undefined;
    try {
      for (const part of this.#parts) {
        if (Array.isArray(part)) {
          yield part;
          continue;
        }
        if (!this.#spool) throw new Error('a spooled part without its spool file');
        fd ??= openSync(this.#spool, 'r');
        const rows = readSpooled(fd, part as SpooledPart) as SpooledRow[];
        yield rows.map(({ row, line, fire }) => ({
          record: { row, ...(line !== undefined ? { line } : {}), values: {} },
          fire,
        }));
      }
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  /** What another thread needs to read the same rows (`ValidRows.handedOver` there). */
  handOver(): HandedRows {
    return {
      spool: this.#spool,
      parts: [...this.#parts],
      length: this.length,
      agencies: [...this.agencies],
      newestDay: this.newestDay,
    };
  }

  static handedOver(handed: HandedRows): ValidRows {
    const all = new ValidRows(handed.spool);
    all.#parts.push(...handed.parts);
    all.length = handed.length;
    for (const agency of handed.agencies) all.agencies.add(agency);
    all.newestDay = handed.newestDay;
    return all;
  }

  /** Removes the spool file: call once the rows are written (or the import refused). */
  dispose(): void {
    if (this.#spool) rmSync(this.#spool, { force: true });
  }
}

/** What the report needs of a part: its count, its agencies and its newest day. */
export interface PartSummary {
  count: number;
  agencies: string[];
  newestDay: string;
}

/** A valid row as spooled: its place in the file and the fire (its raw values are not needed). */
interface SpooledRow {
  row: number;
  line?: number | undefined;
  fire: ValidRow['fire'];
}

/** A part of valid rows in the spool file. */
export interface SpooledPart extends PartSummary {
  offset: number;
  bytes: number;
}

export interface HandedRows {
  spool: string | undefined;
  parts: (SpooledPart | readonly ValidRow[])[];
  length: number;
  agencies: string[];
  newestDay: string;
}

function summaryOf(rows: readonly ValidRow[]): PartSummary {
  const agencies = new Set<string>();
  let newestDay = '';
  for (const { fire } of rows) {
    agencies.add(fire.agency_code);
    if (fire.situation_report_date > newestDay) newestDay = fire.situation_report_date;
    if (fire.status_date > newestDay) newestDay = fire.status_date;
  }
  return { count: rows.length, agencies: [...agencies], newestDay };
}

/**
 * The worker's side of a spool file: each part of valid rows appended as one JSON text (the raw
 * values are not needed once a row is checked), and each part of rejected rows likewise
 * (rejected-rows.ts). Only this process reads it (mode 0600).
 */
export class SpoolWriter {
  readonly #fd: number;
  #offset = 0;

  constructor(file: string) {
    this.#fd = openSync(file, 'w', 0o600);
  }

  write(rows: readonly ValidRow[]): SpooledPart {
    const spooled = rows.map(
      ({ record, fire }): SpooledRow => ({ row: record.row, line: record.line, fire }),
    );
    return { ...summaryOf(rows), ...this.append(spooled) };
  }

  /** Appends the values as one JSON text and answers where it is. */
  append(values: unknown): { offset: number; bytes: number } {
    const text = Buffer.from(JSON.stringify(values));
    let written = 0;
    while (written < text.length)
      written += writeSync(this.#fd, text, written, text.length - written, this.#offset + written);
    const place = { offset: this.#offset, bytes: text.length };
    this.#offset += text.length;
    return place;
  }

  close(): void {
    closeSync(this.#fd);
  }
}

/** The JSON text of a spool file's part, read back. */
export function readSpooled(fd: number, { offset, bytes }: { offset: number; bytes: number }): unknown {
  const text = Buffer.allocUnsafe(bytes);
  readSync(fd, text, 0, bytes, offset);
  return JSON.parse(text.toString('utf8'));
}
