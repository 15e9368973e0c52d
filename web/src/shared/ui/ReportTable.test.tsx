import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { numbersAfterLabel, ReportTable } from './ReportTable.tsx';

function table() {
  render(
    <ReportTable
      caption="Fires"
      head={['Agency', 'Fires', 'Comment']}
      kinds={['text', 'number', 'prose']}
      rows={[['BC', '1,234', 'Hot and dry along the coast.']]}
      foot={['Total', '1,234', '']}
      empty="None"
    />,
  );
  return screen.getByRole('table', { name: 'Fires' });
}

describe('ReportTable', () => {
  it('marks number columns (head, body and totals) to be right-aligned, and long texts as prose', () => {
    const t = table();
    const [headRow, bodyRow, footRow] = within(t).getAllByRole('row');
    for (const row of [headRow, bodyRow, footRow]) {
      const cells = [...(row as HTMLElement).querySelectorAll('th, td')];
      expect(cells.map((c) => c.className)).toEqual(['', 'num', 'prose']);
    }
  });

  it('uses the site table style, with any extra class after it', () => {
    render(<ReportTable caption="X" head={['A']} rows={[]} empty="None" className="report-table" />);
    expect(screen.getByRole('table', { name: 'X' }).className).toBe('data-table report-table');
  });

  it('numbersAfterLabel: a text label then that many number columns', () => {
    expect(numbersAfterLabel(2)).toEqual(['text', 'number', 'number']);
  });
});
