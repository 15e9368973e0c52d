import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  applyReported,
  END_MARKER,
  type Family,
  renderTables,
  replaceGenerated,
  START_MARKER,
} from './table.ts';

const families: Family[] = [
  {
    title: 'Cached public reads',
    rows: [
      { key: 'a', what: 'list page 1', figure: '0.7x', measured: '26 Nov 2026; recorded', how: '`x | y`' },
      { key: 'b', what: 'summary', figure: '0.8x', measured: '26 Nov 2026; recorded', how: 'same' },
    ],
  },
  {
    title: 'Test run',
    rows: [{ key: 'c', what: 'npm test', figure: '17 min', measured: 'then', how: 'by hand' }],
  },
];

describe('the performance tables', () => {
  it('renders one table per family, a row per figure, with pipes in cells escaped', () => {
    const tables = renderTables(families);
    expect(tables).toContain(
      '### Cached public reads\n\n| what | figure | measured | how |\n| --- | --- | --- | --- |\n',
    );
    expect(tables).toContain('| list page 1 | 0.7x | 26 Nov 2026; recorded | `x \\| y` |');
    expect(tables.indexOf('### Test run')).toBeGreaterThan(tables.indexOf('| summary |'));
  });

  it('puts a re-measured figure and its date in place of the recorded one, leaving the others', () => {
    const fresh = applyReported(families, [{ key: 'b', figure: '0.9x', measured: '28 Nov 2026, 2 cores' }]);
    expect(fresh[0]?.rows[1]).toEqual({
      key: 'b',
      what: 'summary',
      figure: '0.9x',
      measured: '28 Nov 2026, 2 cores',
      how: 'same',
    });
    expect(fresh[0]?.rows[0]).toEqual(families[0]?.rows[0]);
    expect(() => applyReported(families, [{ key: 'zz', figure: '1', measured: 'now' }])).toThrow(/zz/);
  });

  it('replaces only what lies between the markers', () => {
    const page = `# Performance\nWhy.\n${START_MARKER}\nold\n${END_MARKER}\nAfter.\n`;
    expect(replaceGenerated(page, 'new')).toBe(
      `# Performance\nWhy.\n${START_MARKER}\nnew\n${END_MARKER}\nAfter.\n`,
    );
    expect(() => replaceGenerated('# no markers', 'new')).toThrow(/bench:start/);
  });

  it('docs/performance.md holds the tables of bench/figures.json as npm run bench writes them', () => {
    const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
    const stored = JSON.parse(read('bench/figures.json')) as Family[];
    const page = read('docs/performance.md');
    expect(page).toBe(replaceGenerated(page, renderTables(stored)));
  });
});
