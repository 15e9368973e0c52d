import {
  AGENCIES,
  INVENTORY_SUMMARY_COLUMNS,
  type InventorySummaryRow,
  PRODUCT_EXPORT_FILE,
} from '@ciffc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { downloadCsv, toCsv } from '../../shared/csv.ts';
import { serverText } from '../../shared/editing/server-text.ts';
import { useFormat } from '../../shared/format/useFormat.ts';
import { useAddressParams } from '../../shared/hooks/useAddressParams.ts';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useToast } from '../../shared/ui/Toast.tsx';
import { fetchAllInventory, type InventoryFilters, inventorySummaryQuery } from './api.ts';
import './inventory.css';
import type { MessageId } from '../../app/messages.ts';

const FILTERS = ['agency', 'category', 'subcategory', 'item'] as const;
/** A parent's change clears its children (a subcategory of another category means nothing). */
const CHILDREN: Record<(typeof FILTERS)[number], (typeof FILTERS)[number][]> = {
  agency: [],
  category: ['subcategory', 'item'],
  subcategory: ['item'],
  item: [],
};

/** The file's rows: the table's columns, numbers plain, agency codes upper case as on screen. */
export function inventoryCsv(rows: readonly InventorySummaryRow[]): string {
  return toCsv(
    INVENTORY_SUMMARY_COLUMNS,
    rows.map((r) => INVENTORY_SUMMARY_COLUMNS.map((c) => (c === 'agency' ? r.agency.toUpperCase() : r[c]))),
  );
}

export function InventoryPage() {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { locale } = useLocale();
  const format = useFormat();
  const toast = useToast();
  const id = useId();
  const [params, updateAddress] = useAddressParams();
  const filters: InventoryFilters = Object.fromEntries(
    FILTERS.map((f) => [f, params.get(f) || undefined]),
  ) as InventoryFilters;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const summary = useQuery(inventorySummaryQuery({ ...filters, page, lang: locale }));
  const [exporting, setExporting] = useState(false);

  const setFilter = (name: (typeof FILTERS)[number], value: string) =>
    updateAddress(
      (next) => {
        if (value) next.set(name, value);
        else next.delete(name);
        for (const child of CHILDREN[name]) next.delete(child);
        next.delete('page');
      },
      { replace: true },
    );
  const goTo = (n: number) =>
    updateAddress((next) => {
      if (n > 1) next.set('page', String(n));
      else next.delete('page');
    });

  const onExport = async () => {
    setExporting(true);
    try {
      const all = await fetchAllInventory(filters, locale);
      if (all.rows.length === 0) {
        window.alert(t('inventory.exportEmpty'));
        return;
      }
      downloadCsv(PRODUCT_EXPORT_FILE, inventoryCsv(all.rows));
    } catch (error) {
      toast.error(serverText(error, intl));
    } finally {
      setExporting(false);
    }
  };

  const meta = summary.data?.meta;
  const pageNumbers = Array.from({ length: meta?.total_pages ?? 1 }, (_, i) => i + 1);
  const select = (name: (typeof FILTERS)[number], options: { value: string; label: string }[]) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{t(`inventory.filter.${name}`)}</label>
      <select
        id={`${id}-${name}`}
        value={filters[name] ?? ''}
        onChange={(e) => setFilter(name, e.target.value)}
      >
        <option value="">{t(`inventory.filter.any.${name}`)}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  const named = (list: { field_code: string; field_name_en: string; field_name_fr: string }[] | undefined) =>
    (list ?? []).map((x) => ({
      value: x.field_code,
      label: locale === 'fr' ? x.field_name_fr : x.field_name_en,
    }));

  return (
    <div className="inventory-summary">
      <PageHeader titleId="inventory.title" />
      <form
        className="inventory-filters"
        onSubmit={(e) => e.preventDefault()}
        aria-label={t('inventory.filters')}
      >
        {select(
          'agency',
          AGENCIES.map((a) => ({ value: a.code, label: a.name[locale] })),
        )}
        {select('category', named(meta?.filter_categories))}
        {select('subcategory', named(meta?.filter_subcategories))}
        {select('item', named(meta?.filter_items))}
        <button type="button" className="button" onClick={() => void onExport()} disabled={exporting}>
          <FormattedMessage id="inventory.export" />
        </button>
      </form>

      {summary.isPending ? (
        <Loading />
      ) : summary.isError ? (
        <ErrorBox />
      ) : (
        <>
          <p className="inventory-total" aria-live="polite">
            <FormattedMessage
              id="inventory.total"
              values={{
                page: meta?.page ?? page,
                pages: Math.max(1, meta?.total_pages ?? 1),
                total: meta?.total_results ?? 0,
              }}
            />
          </p>
          {summary.data.rows.length === 0 ? (
            <p>
              <FormattedMessage id="inventory.none" />
            </p>
          ) : (
            <section
              className="table-scroll"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls in this box, which the keyboard must reach (WCAG 2.1.1)
              tabIndex={0}
              aria-label={t('inventory.title')}
            >
              <table className="inventory-table">
                <thead>
                  <tr>
                    {INVENTORY_SUMMARY_COLUMNS.map((c) => (
                      <th key={c} scope="col">
                        <FormattedMessage id={`inventory.col.${c}`} />
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {summary.data.rows.map((r) => (
                    <tr key={`${r.agency}-${r.item_short}-${r.last_update}`}>
                      <td>{r.agency.toUpperCase()}</td>
                      <td>{r.category}</td>
                      <td>{r.subcategory}</td>
                      <td>{r.item}</td>
                      <td className="num">{format.integer(r.seasonal)}</td>
                      <td className="num">{format.integer(r.exportable)}</td>
                      <td className="num">{format.integer(r.available)}</td>
                      <td>
                        <time dateTime={r.last_update}>
                          {intl.formatDate(r.last_update, { dateStyle: 'medium', timeStyle: 'short' })}
                        </time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
          {(meta?.total_pages ?? 0) > 1 ? (
            <nav className="pager" aria-label={t('inventory.pages')}>
              <button type="button" className="button" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                <FormattedMessage id="inventory.previous" />
              </button>
              <label htmlFor={`${id}-page`}>{t('inventory.page')}</label>
              <select id={`${id}-page`} value={page} onChange={(e) => goTo(Number(e.target.value))}>
                {pageNumbers.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="button"
                disabled={page >= (meta?.total_pages ?? 1)}
                onClick={() => goTo(page + 1)}
              >
                <FormattedMessage id="inventory.next" />
              </button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
