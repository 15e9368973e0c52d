import type { InventorySummary, InventorySummaryRow } from '@ciffc/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as csv from '../../shared/csv.ts';
import { installFetch, json } from '../../test/fake-fetch.ts';
import { agencyUser, ciffcUser, renderApp } from '../../test/render.tsx';
import { inventoryCsv } from './InventoryPage.tsx';

const named = (code: string, en: string) => ({
  field_code: code,
  field_name: en,
  field_name_en: en,
  field_name_fr: `${en} (fr)`,
});

const row = (over: Partial<InventorySummaryRow> = {}): InventorySummaryRow => ({
  agency: 'nb',
  category: 'Aircraft',
  subcategory: 'Rotary Wing',
  item: 'Medium helicopter',
  seasonal: 4,
  exportable: 2,
  available: 3,
  last_update: '2026-07-15T14:00:00.000Z',
  category_code: 'aircraft',
  subcategory_code: 'rotary-wing',
  item_short: 'HM',
  ...over,
});

function summary(rows: InventorySummaryRow[], totalPages: number, page = 1): InventorySummary {
  return {
    rows,
    meta: {
      filter_categories: [named('aircraft', 'Aircraft'), named('equipment', 'Equipment')],
      filter_subcategories: [named('rotary-wing', 'Rotary Wing')],
      filter_items: [named('HM', 'Medium helicopter')],
      total_pages: totalPages,
      total_results: rows.length,
      page,
      mobilized_source: 'none',
    },
  };
}

/** The summary endpoint: 3 pages of one row each; export=true answers `exported`. */
function setup(exported: InventorySummaryRow[] = [row()]) {
  return installFetch({
    '/v1/inventory/national': (url) =>
      url.searchParams.get('export') === 'true'
        ? json(summary(exported, exported.length > 0 ? 1 : 0))
        : json(summary([row()], 3, Number(url.searchParams.get('page') ?? '1'))),
  });
}

const summaryCalls = (calls: { url: URL }[]) =>
  calls.filter((c) => c.url.pathname === '/v1/inventory/national').map((c) => c.url.searchParams);

describe('inventory summary', () => {
  it('clears subcategory, item and page when the category changes', async () => {
    const { calls } = setup();
    const { router } = renderApp(
      '/agency/inventory?category=aircraft&subcategory=rotary-wing&item=HM&page=2',
      {
        user: ciffcUser,
      },
    );
    const category = (await screen.findByLabelText('Category')) as HTMLSelectElement;
    await waitFor(() => expect(category.value).toBe('aircraft'));
    expect(summaryCalls(calls)[0]?.get('page')).toBe('2');

    await userEvent.selectOptions(category, 'equipment');
    await waitFor(() => expect(router.state.location.search).toBe('?category=equipment'));
    await waitFor(() => {
      const last = summaryCalls(calls).at(-1);
      expect(last?.get('category')).toBe('equipment');
      expect([last?.has('subcategory'), last?.has('item'), last?.get('page')]).toEqual([false, false, '1']);
    });
    expect((screen.getByLabelText('Subcategory') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Item') as HTMLSelectElement).value).toBe('');
  });

  it('keeps both choices when the category follows the agency before the page has rendered the first', async () => {
    setup();
    const { router } = renderApp('/agency/inventory', { user: ciffcUser });
    const category = (await screen.findByLabelText('Category')) as HTMLSelectElement;
    await waitFor(() => expect(category.querySelectorAll('option').length).toBeGreaterThan(1));
    act(() => {
      fireEvent.change(screen.getByLabelText('Agency'), { target: { value: 'nb' } });
      fireEvent.change(category, { target: { value: 'aircraft' } });
    });
    await waitFor(() => expect(router.state.location.search).toBe('?agency=nb&category=aircraft'));
  });

  it('pages by number with Previous, Next and the page list, keeping the filters', async () => {
    const { calls } = setup();
    const { router } = renderApp('/agency/inventory?agency=nb', { user: agencyUser('ab') });
    expect(await screen.findByText('Page 1 of 3, of 1 results')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3, of 1 results')).toBeTruthy();
    expect(router.state.location.search).toBe('?agency=nb&page=2');

    await userEvent.selectOptions(screen.getByLabelText('Page'), '3');
    expect(await screen.findByText('Page 3 of 3, of 1 results')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    const last = summaryCalls(calls).at(-1);
    expect([last?.get('agency'), last?.get('page')]).toEqual(['nb', '3']);

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.search).toBe('?agency=nb&page=2'));
  });

  it('exports every matching row as CIFFC.csv: BOM, the columns of 3.4, agency codes upper case', async () => {
    const download = vi.spyOn(csv, 'downloadCsv').mockImplementation(() => {});
    const { calls } = setup([row(), row({ agency: 'qc', item: '=HYPERLINK("x")', available: 0 })]);
    renderApp('/agency/inventory?category=aircraft&page=2', { user: ciffcUser });
    await screen.findByText('Page 2 of 3, of 1 results');
    await userEvent.click(screen.getByRole('button', { name: 'Export (CSV)' }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));

    const [name, text] = download.mock.calls[0] as [string, string];
    expect(name).toBe('CIFFC.csv');
    expect(text.split('\r\n')).toEqual([
      '\uFEFF"agency","category","subcategory","item","seasonal","exportable","available","last_update"',
      '"NB","Aircraft","Rotary Wing","Medium helicopter","4","2","3","2026-07-15T14:00:00.000Z"',
      '"QC","Aircraft","Rotary Wing","\'=HYPERLINK(""x"")","4","2","0","2026-07-15T14:00:00.000Z"',
      '',
    ]);
    // Every matching row: the filters, export=true and no page.
    const exportCall = summaryCalls(calls).find((p) => p.get('export') === 'true');
    expect([exportCall?.get('category'), exportCall?.has('page')]).toEqual(['aircraft', false]);
    expect(inventoryCsv([row()])).toBe(text.split('\r\n').slice(0, 2).join('\r\n').concat('\r\n'));
  });

  it('alerts instead of downloading when nothing matches', async () => {
    const download = vi.spyOn(csv, 'downloadCsv').mockImplementation(() => {});
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    setup([]);
    renderApp('/agency/inventory', { user: ciffcUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Export (CSV)' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Export Aborted. Your search yielded no results.'),
    );
    expect(download).not.toHaveBeenCalled();
  });
});
