import type { ValidRow } from './rows.ts';

/**
 * The valid rows of a checked file, kept compact until they are written: each part the worker
 * checked as one JSON text, read back a part at a time (docs/fires-import.md, "Progress"), so that
 * a large file's rows are not all held as objects at once. Its agencies and newest day, which
 * decide the report, are counted as the parts come.
 */
export class ValidRows {
  length = 0;
  readonly agencies = new Set<string>();
  /** The newest situation report or status day of the rows ('' when none). */
  newestDay = '';
  readonly #parts: (string | readonly ValidRow[])[] = [];

  /** Rows already as objects (a small file checked where it is). */
  static of(rows: readonly ValidRow[]): ValidRows {
    const all = new ValidRows();
    if (rows.length) all.#parts.push(rows);
    all.#count(packedSummary(rows));
    return all;
  }

  /** The rows as texts, to hand to a worker thread (`fromTexts` there). */
  texts(): { parts: string[]; length: number; agencies: string[]; newestDay: string } {
    const parts = this.#parts.map((part) => (typeof part === 'string' ? part : packRows(part).text));
    return { parts, length: this.length, agencies: [...this.agencies], newestDay: this.newestDay };
  }

  /** The rows handed over by `texts`. */
  static fromTexts(handed: ReturnType<ValidRows['texts']>): ValidRows {
    const all = new ValidRows();
    all.#parts.push(...handed.parts);
    all.length = handed.length;
    for (const agency of handed.agencies) all.agencies.add(agency);
    all.newestDay = handed.newestDay;
    return all;
  }

  /** A part packed by `packRows` (the worker's). */
  addPacked(part: PackedRows): void {
    if (!part.count) return;
    this.#parts.push(part.text);
    this.#count(part);
  }

  #count(summary: Omit<PackedRows, 'text'>): void {
    this.length += summary.count;
    for (const agency of summary.agencies) this.agencies.add(agency);
    if (summary.newestDay > this.newestDay) this.newestDay = summary.newestDay;
  }

  /** The rows, a part at a time, in the file's order. */
  *parts(): Generator<readonly ValidRow[]> {
    for (const part of this.#parts) {
      if (typeof part !== 'string') {
        yield part;
        continue;
      }
      const rows = JSON.parse(part) as { row: number; line?: number; fire: ValidRow['fire'] }[];
      yield rows.map(({ row, line, fire }) => ({
        record: { row, ...(line !== undefined ? { line } : {}), values: {} },
        fire,
      }));
    }
  }
}

/** A part of valid rows as one text, with what the report needs of it. */
export interface PackedRows {
  text: string;
  count: number;
  agencies: string[];
  newestDay: string;
}

function packedSummary(rows: readonly ValidRow[]): Omit<PackedRows, 'text'> {
  const agencies = new Set<string>();
  let newestDay = '';
  for (const { fire } of rows) {
    agencies.add(fire.agency_code);
    if (fire.situation_report_date > newestDay) newestDay = fire.situation_report_date;
    if (fire.status_date > newestDay) newestDay = fire.status_date;
  }
  return { count: rows.length, agencies: [...agencies], newestDay };
}

/** Packs a part of valid rows (the raw values are not needed once a row is checked). */
export function packRows(rows: readonly ValidRow[]): PackedRows {
  return {
    ...packedSummary(rows),
    text: JSON.stringify(rows.map(({ record, fire }) => ({ row: record.row, line: record.line, fire }))),
  };
}
