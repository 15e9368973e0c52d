import { describe, expect, it } from 'vitest';
import { CSV_BOM, recordsToCsv } from './csv.ts';

// The cell rules themselves are tested once, in packages/contracts/src/csv.test.ts.
describe('the CSV writer of every export', () => {
  it('writes records by column, in order, in the product CSV format', () => {
    expect(recordsToCsv(['b', 'a'], [{ a: 1, b: '=x' }])).toBe(`${CSV_BOM}"b","a"\r\n"'=x","1"\r\n`);
  });
});
