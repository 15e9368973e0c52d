import {
  AGENCIES,
  PRODUCT_EXPORT_FILE,
  RESPONSE_TYPE_NAMES,
  RESPONSE_TYPES,
  STAGE_OF_CONTROL_NAMES,
  STAGES_OF_CONTROL,
  WILDFIRES_SORTS,
} from '@ciffc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../shared/api/http.ts';
import { downloadCsv } from '../../shared/csv.ts';
import { CentreTime } from '../../shared/format/CentreTime.tsx';
import { useFormat } from '../../shared/format/useFormat.ts';
import { useAddressParams } from '../../shared/hooks/useAddressParams.ts';
import { codeText } from '../../shared/i18n/message-id.ts';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { OgcLayerNote } from '../../shared/ui/OgcLayerNote.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { fetchAllWildfires, wildfiresQuery } from './api.ts';
import { Downloads } from './Downloads.tsx';
import { nationalFiresCsv } from './export-csv.ts';
import { FilterSelect } from './FilterSelect.tsx';
import { FireIdSearch } from './FireIdSearch.tsx';
import { FiresTable } from './FiresTable.tsx';
import { Pager, pageAsked } from './Pager.tsx';
import { SortSelect } from './SortSelect.tsx';
import { type FILTER_KEYS, readParams, readSearch } from './url-params.ts';
import '../../shared/charts/charts.css';
import './national-fires.css';

function isPageRejected(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && error.validationErrors?.page !== undefined;
}

/** National fires list (/national): filters, the 11 columns, pages and the CSV export. */
export function NationalFiresPage() {
  const intl = useIntl();
  const format = useFormat();
  const lang = format.locale;
  const [searchParams, updateAddress] = useAddressParams();
  const params = readParams(searchParams);
  const { page, ...filters } = params;
  const query = useQuery(wildfiresQuery({ ...params, lang }));
  // The list is drawn from a deferred copy of the answer: React Query's answer renders at once and in
  // one piece, where a deferred one is rendered in slices (at load, a task of 200 ms of a phone's
  // 4x slower CPU for a page of fires, Lighthouse's Total Blocking Time).
  const data = useDeferredValue(query.data);
  const [exporting, setExporting] = useState(false);
  const [exportMessage, setExportMessage] = useState<string>();

  const update = (changes: Partial<Record<(typeof FILTER_KEYS)[number] | 'page', string | undefined>>) => {
    setExportMessage(undefined);
    updateAddress((next) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '' || (key === 'page' && value === '1')) next.delete(key);
        else next.set(key, value);
      }
      // A new filter starts again at its first page.
      if (!('page' in changes)) next.delete('page');
    });
  };

  // A shared link can outlive its page (the data changed): the API answers 400 naming `page`, and
  // the reader gets page 1 of the same filters instead of an error box.
  // `replace`, so Back does not return to the dead page.
  const pageRejected = page > 1 && isPageRejected(query.error);
  useEffect(() => {
    if (!pageRejected) return;
    updateAddress((next) => next.delete('page'), { replace: true });
  }, [pageRejected, updateAddress]);

  const meta = data?.meta;
  const options = {
    agency: meta?.filter_agencies ?? AGENCIES.map((a) => ({ field_code: a.code, field_name: a.name[lang] })),
    stage:
      meta?.filter_stages ??
      STAGES_OF_CONTROL.map((s) => ({ field_code: s, field_name: STAGE_OF_CONTROL_NAMES[s][lang] })),
    response:
      meta?.filter_responses ??
      RESPONSE_TYPES.map((r) => ({ field_code: r, field_name: RESPONSE_TYPE_NAMES[r][lang] })),
  };

  // Nothing matches: no empty file is offered; the buttons say why (docs/decisions.md, "Fire downloads").
  const noMatch = data?.meta.total_results === 0;
  const countId = useId();
  const downloadsHeadingId = useId();
  const sayEmpty = () => setExportMessage(intl.formatMessage({ id: 'nationalFires.exportEmpty' }));

  const exportCsv = async () => {
    setExportMessage(undefined);
    if (noMatch) return sayEmpty();
    setExporting(true);
    try {
      const all = await fetchAllWildfires(filters);
      if (all.items.length === 0) setExportMessage(intl.formatMessage({ id: 'nationalFires.exportEmpty' }));
      else downloadCsv(PRODUCT_EXPORT_FILE, nationalFiresCsv(all.items));
    } catch (error) {
      console.error('national fires export', error);
      setExportMessage(intl.formatMessage({ id: 'common.externalServerUrl' }));
    } finally {
      setExporting(false);
    }
  };

  const totalPages = meta?.total_pages ?? 0;
  const total = meta?.total_results ?? 0;
  const pageSize = meta?.page_size ?? 20;
  const shownPage = meta?.page ?? page;
  const askedPage = pageAsked(page, shownPage, query, data);
  const caption = intl.formatMessage(
    { id: 'nationalFires.caption' },
    { order: codeText(intl, 'nationalFires.sort.', filters.sort ?? WILDFIRES_SORTS[0]) },
  );

  return (
    <div className="national-fires">
      <PageHeader titleId="nationalFires.title" />
      {/* How old the list is, from the data itself; kept while a page loads, so the page does not jump. */}
      <p className="figure-as-of">
        {meta?.valid_as && (
          <FormattedMessage id="nationalFires.validAs" values={{ time: <CentreTime at={meta.valid_as} /> }} />
        )}
      </p>
      <form className="national-fires-filters" onSubmit={(e) => e.preventDefault()}>
        <fieldset>
          <legend className="visually-hidden">
            <FormattedMessage id="nationalFires.filters" />
          </legend>
          <FilterSelect
            name="agency"
            labelId="nationalFires.agency"
            anyId="nationalFires.anyAgency"
            value={filters.agency}
            options={options.agency}
            onChange={(agency) => update({ agency })}
          />
          <FilterSelect
            name="stage"
            labelId="nationalFires.stage"
            anyId="nationalFires.anyStage"
            value={filters.stage}
            options={options.stage}
            onChange={(stage) => update({ stage })}
          />
          <FilterSelect
            name="response"
            labelId="nationalFires.response"
            anyId="nationalFires.anyResponse"
            value={filters.response}
            options={options.response}
            onChange={(response) => update({ response })}
          />
          <FilterSelect
            name="season"
            labelId="nationalFires.season"
            anyId="nationalFires.season.current"
            value={filters.season}
            options={[
              { field_code: 'all', field_name: intl.formatMessage({ id: 'nationalFires.season.all' }) },
            ]}
            onChange={(season) => update({ season })}
          />
          <SortSelect value={filters.sort} onChange={(sort) => update({ sort })} />
          <FireIdSearch value={filters.q} onSearch={(q) => update({ q: readSearch(q) })} />
        </fieldset>
      </form>
      {query.isError && !data && !pageRejected ? (
        <ErrorBox />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <div className="national-fires-pager">
            <p className="national-fires-count" id={countId} aria-live="polite">
              {total === 0 ? (
                <FormattedMessage id="nationalFires.noResults" />
              ) : (
                <FormattedMessage
                  id="nationalFires.results"
                  values={{
                    from: format.integer((shownPage - 1) * pageSize + 1),
                    to: format.integer(Math.min(shownPage * pageSize, total)),
                    total,
                  }}
                />
              )}
            </p>
            {totalPages > 1 ? (
              <Pager
                page={shownPage}
                asked={askedPage}
                totalPages={totalPages}
                onPage={(p) => update({ page: String(p) })}
              />
            ) : null}
          </div>
          <FiresTable items={data.items} caption={caption} busy={query.isFetching} />
          {totalPages > 1 ? (
            <div className="national-fires-pager">
              <Pager
                page={shownPage}
                asked={askedPage}
                totalPages={totalPages}
                onPage={(p) => update({ page: String(p) })}
                nameId="nationalFires.paginationBottom"
              />
            </div>
          ) : null}
        </>
      )}
      {/* The list comes first; its downloads and the GIS tools' note follow it (a phone reached the
          first fire two screens down when they stood above it). They arrive with the list, not
          before it, or the list would push them down as it loads (layout shift). */}
      {data || query.isError ? (
        <section className="national-fires-downloads" aria-labelledby={downloadsHeadingId}>
          <h2 id={downloadsHeadingId}>
            <FormattedMessage id="nationalFires.downloads.heading" />
          </h2>
          <div className="national-fires-export">
            <button
              type="button"
              className="button button-primary"
              onClick={exportCsv}
              disabled={exporting}
              aria-disabled={noMatch || undefined}
              aria-describedby={noMatch ? countId : undefined}
            >
              <FormattedMessage id="nationalFires.export" />
            </button>
            {exporting ? <Loading inline /> : null}
          </div>
          <Downloads
            filters={filters}
            lang={lang}
            emptyReasonId={noMatch ? countId : undefined}
            onEmpty={sayEmpty}
          />
          <div role="alert" className={exportMessage ? 'alert alert-warning' : undefined}>
            {exportMessage}
          </div>
          <OgcLayerNote />
        </section>
      ) : null}
    </div>
  );
}
