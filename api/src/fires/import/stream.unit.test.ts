import { describe, expect, it } from 'vitest';
import { decodedPieces, decodeFile, parseFireFile } from './parse.ts';
import { piecesOf, streamCsvRecords } from './stream.ts';

const HEADER =
  'agency_code,agency_fire_id,situation_report_date,stage_of_control,response_type,fire_size,latitude,longitude\n';

/** A file of `rows` rows made as it is read, counting the rows handed to the reader so far. */
function generated(rows: number) {
  const made = { rows: 0 };
  async function* pieces() {
    yield HEADER;
    for (let i = 1; i <= rows; i += 100) {
      let piece = '';
      for (let j = i; j < i + 100 && j <= rows; j++) piece += `bc,F-${j},2026-07-10,OC,FUL,1.5,50.6,-120.3\n`;
      made.rows = Math.min(rows, i + 99);
      yield piece;
    }
  }
  return { made, pieces: pieces() };
}

describe('a large CSV read as a stream', () => {
  it('hands its records in batches while the file is still being read, never every row at once', async () => {
    const { made, pieces } = generated(20_000);
    const madeAtBatch: number[] = [];
    const sizes: number[] = [];
    let last = 0;
    const file = await streamCsvRecords(
      pieces,
      (records) => {
        madeAtBatch.push(made.rows);
        sizes.push(records.length);
        expect(records[0]?.row).toBe(last + 1);
        last = records.at(-1)?.row ?? last;
      },
      1_000,
    );
    expect(file).toEqual({ national: false, totalRows: 20_000 });
    expect(sizes).toHaveLength(20);
    expect(Math.max(...sizes)).toBe(1_000);
    // The reader sets the pace: when the first batch is handed, little of the file has been made.
    expect(madeAtBatch[0]).toBeLessThan(5_000);
  });

  it('numbers rows and lines as the small-file reader does, quoted line ends and blank lines included', async () => {
    const text = `${HEADER}bc,"A\nB",2026-07-10,OC,FUL,1,50,-120\n\nbc,C,2026-07-10,OC,FUL,1,50,-120\n`;
    const seen: { row: number; line: number | undefined; id: unknown }[] = [];
    await streamCsvRecords(
      text.split(''),
      (records) =>
        seen.push(...records.map((r) => ({ row: r.row, line: r.line, id: r.values.agency_fire_id }))),
      1,
    );
    const whole = parseFireFile(text, 'csv').records;
    expect(seen).toEqual(whole.map((r) => ({ row: r.row, line: r.line, id: r.values.agency_fire_id })));
    expect(seen.map((r) => r.id)).toEqual(['A\nB', 'C']);
  });

  it('refuses a malformed file with the line of the whole file, and a header without a column', async () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => `bc,F-${i},2026-07-10,OC,FUL,1,50,-120`);
    const text = `${HEADER}${rows.join('\n')}\nbc,X,2026-07-10,OC,FUL,1,50,-120,extra\n`;
    await expect(streamCsvRecords(piecesOf(text), () => {}, 1_000)).rejects.toMatchObject({
      statusCode: 400,
      code: 'import.unreadable_csv',
      message: expect.stringContaining('30002'),
    });
    await expect(
      streamCsvRecords(['agency_code,agency_fire_id\nbc,1\n'], () => {}, 10),
    ).rejects.toMatchObject({ code: 'import.missing_columns' });
  });

  it('decodes the bytes a piece at a time to the text decodeFile gives whole, never more than a piece', () => {
    const text = 'agency_code,agency_fire_id\nqc,Lac-Édouard ✓ 😀\nqc,Rivière-à-Pierre\n';
    const files: [Uint8Array, string | undefined][] = [
      [Buffer.from(text), undefined],
      [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), 'text/csv; charset=utf-8'],
      [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), undefined],
      [Buffer.from(text.replace(/[✓😀]/gu, ''), 'latin1'), undefined],
      [Buffer.from(text.replace(/[✓😀]/gu, ''), 'latin1'), 'text/csv; charset=windows-1252'],
    ];
    for (const [bytes, type] of files)
      for (const pieceBytes of [1, 3, 7, 1024]) {
        const pieces = [...decodedPieces(bytes, type, pieceBytes)];
        expect(pieces.join('')).toBe(decodeFile(bytes, type));
        // A character of several bytes split between two pieces comes whole in the second.
        for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(pieceBytes + 1);
      }
    expect(() => [...decodedPieces(Buffer.from(text), 'text/csv; charset=shift_jis')]).toThrow(
      expect.objectContaining({ code: 'import.unknown_encoding' }),
    );
  });

  it('cuts a text into pieces without parting the two halves of a character', () => {
    const text = `${'a'.repeat(256 * 1024 - 1)}😀b`;
    const pieces = [...piecesOf(text)];
    expect(pieces.join('')).toBe(text);
    expect(pieces[0]?.endsWith('😀')).toBe(true);
  });
});
