import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, toCsv, toSemicolonCsv } from './csv.ts';

describe('the one CSV format (site downloads and API exports)', () => {
  it('starts with a byte order mark, quotes every cell and ends lines with CRLF', () => {
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe(`${CSV_BOM}"a","b"\r\n"1","x"\r\n`);
  });

  it('doubles quotes inside a cell and keeps commas and line breaks inside the quotes', () => {
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
  });

  it('neutralises text cells a spreadsheet would run as formulas', () => {
    for (const text of ['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x")'])
      expect(csvCell(text)).toBe(`"'${text.replaceAll('"', '""')}"`);
    expect(csvCell('a=b')).toBe('"a=b"');
  });

  it('writes numbers plainly, negative ones included, and empty cells for null and NaN', () => {
    expect(csvCell(-97.1234)).toBe('"-97.1234"');
    expect(csvCell(12345.6)).toBe('"12345.6"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(Number.NaN)).toBe('""');
  });

  it('keeps accented text as UTF-8', () => {
    const text = toCsv(['Agence'], [['Québec — Île-du-Prince-Édouard']]);
    expect(Buffer.from(text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(text).toContain('"Québec — Île-du-Prince-Édouard"');
  });
});

describe('the CSV for French Excel', () => {
  it('separates with semicolons, writes decimal commas and quotes only the cells that need it', () => {
    expect(
      toSemicolonCsv(
        ['id', 'size', 'note'],
        [
          ['A1', 120.5, 'a; b'],
          ['=cmd', -115.25, null],
          ['K"7"', 3, 'x'],
        ],
      ),
    ).toBe('\uFEFFid;size;note\r\nA1;120,5;"a; b"\r\n\'=cmd;-115,25;\r\n"K""7""";3;x\r\n');
  });
});
