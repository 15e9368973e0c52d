import { once } from 'node:events';
import { parse } from 'csv-parse';
import { isCwfisHeader } from './cwfis.ts';
import { csvColumnsProblem, csvRecord, type RawRecord, separatorOf } from './parse.ts';
import { malformed } from './problems.ts';

/**
 * A large CSV read as a stream (docs/fires-import.md, "Progress"; docs/decisions.md, "Large imports
 * off the request thread"): csv-parse's stream API takes the text a piece at a time and hands its
 * records in batches, so that neither every row nor a copy of the text is held at once. Row and
 * line numbers, and a refusal's line, are those of the whole file.
 */

/** Characters handed to the parser at a time. */
const PIECE = 256 * 1024;

/** The text in pieces, without copying it whole; a character of two code units stays in one piece. */
export function* piecesOf(text: string): Generator<string> {
  for (let i = 0; i < text.length; ) {
    let end = Math.min(i + PIECE, text.length);
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff && end < text.length) end += 1;
    yield text.slice(i, end);
    i = end;
  }
}

type Pieces = Iterable<string> | AsyncIterable<string>;

/** The pieces up to the end of the header line (kept), to choose the separator, then the rest. */
async function headerOf(pieces: Pieces): Promise<{ head: string; rest: AsyncIterator<string> }> {
  const iterator =
    Symbol.asyncIterator in pieces
      ? (pieces as AsyncIterable<string>)[Symbol.asyncIterator]()
      : (async function* () {
          yield* pieces as Iterable<string>;
        })();
  let head = '';
  while (!head.includes('\n')) {
    const next = await iterator.next();
    if (next.done) break;
    head += next.value;
  }
  return { head, rest: iterator };
}

/** Writes the pieces into the parser, waiting when it is full: the reader sets the pace. */
async function feed(parser: ReturnType<typeof parse>, head: string, rest: AsyncIterator<string>) {
  if (!parser.write(head)) await once(parser, 'drain');
  for (let next = await rest.next(); !next.done; next = await rest.next())
    if (!parser.write(next.value)) await once(parser, 'drain');
  parser.end();
}

/**
 * Reads the CSV text of `pieces`, handing `onBatch` its records (numbered from 1, with the line each
 * starts on) at most `rowsPerBatch` at a time; a malformed file throws the import's 400.
 */
export async function streamCsvRecords(
  pieces: Pieces,
  onBatch: (records: RawRecord[]) => void,
  rowsPerBatch: number,
): Promise<{ national: boolean; totalRows: number }> {
  const { head, rest } = await headerOf(pieces);
  if (head.trim() === '') throw malformed('import.empty');
  const headerLine = head.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = separatorOf(headerLine);
  if (!delimiter) throw malformed('import.unknown_separator');
  const national = isCwfisHeader(headerLine.split(delimiter));
  let headers: string[] | undefined;
  const parser = parse({
    bom: true,
    delimiter,
    relax_column_count_less: national,
    columns: (header: string[]) => {
      headers = csvColumnsProblem(header, national);
      return headers;
    },
    skip_empty_lines: true,
    trim: true,
    info: true,
  });
  const feeding = feed(parser, head, rest);
  feeding.catch(() => {});
  let batch: RawRecord[] = [];
  let totalRows = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      batch.push(csvRecord(++totalRows, info.lines, record, delimiter, national));
      if (batch.length === rowsPerBatch) {
        onBatch(batch);
        batch = [];
      }
    }
    await feeding;
  } catch (error) {
    parser.destroy();
    if (error instanceof Error && 'statusCode' in error) throw error;
    // The columns' own refusal comes wrapped by the parser, as its cause.
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof Error && 'statusCode' in cause) throw cause;
    throw malformed('import.unreadable_csv', { detail: (error as Error).message });
  }
  if (!headers) throw malformed('import.empty');
  if (batch.length) onBatch(batch);
  if (totalRows === 0) throw malformed('import.no_rows');
  return { national, totalRows };
}
