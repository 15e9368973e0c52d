import {
  AGENCIES,
  FIRE_CAUSE_NAMES,
  normaliseCause,
  PRODUCT_EXPORT_FILE,
  RESPONSE_TYPE_NAMES,
  RESPONSE_TYPES,
  type ResponseType,
  STAGE_OF_CONTROL_NAMES,
  STAGES_OF_CONTROL,
  type StageOfControl,
  WILDFIRES_SEARCH_MAX,
  WILDFIRES_SORTS,
} from '@ciffc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/http.ts';
import { TableRegion } from '../../shared/charts/TableRegion.tsx';
import { downloadCsv } from '../../shared/csv.ts';
import { useFormat } from '../../shared/format/useFormat.ts';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { OgcLayerNote } from '../fires-import/OgcLayerNote.tsx';
import { type CodeName, fetchAllWildfires, type WildfiresFilters, wildfiresQuery } from './api.ts';
import { nationalFiresCsv } from './exportCsv.ts';
import '../../shared/charts/charts.css';
import './national-fires.css';

const FILTER_KEYS = ['agency', 'stage', 'response', 'sort', 'q'] as const;

/** The characters WildfiresQuery accepts in `q` (checked here too: zod stays out of read-only pages). */
const SEARCH_PATTERN = /^[\p{L}\p{N} ._\-/#]*$/u;

function readSearch(value: string | null): string | undefined {
  const q = value?.trim().toUpperCase();
  return q && q.length <= WILDFIRES_SEARCH_MAX && SEARCH_PATTERN.test(q) ? q : undefined;
}

/** Filters, order, search and page from the URL, so a view can be shared; unusable values are ignored. */
function readParams(params: URLSearchParams): WildfiresFilters & { page: number } {
  const agency = params.get('agency')?.toLowerCase();
  const stage = params.get('stage')?.toUpperCase();
  const response = params.get('response')?.toUpperCase();
  const sort = params.get('sort') ?? undefined;
  const page = Number(params.get('page'));
  return {
    agency: AGENCIES.some((a) => a.code === agency) ? agency : undefined,
    stage: (STAGES_OF_CONTROL as readonly string[]).includes(stage ?? '') ? stage : undefined,
    response: (RESPONSE_TYPES as readonly string[]).includes(response ?? '') ? response : undefined,
    sort: (WILDFIRES_SORTS as readonly string[]).includes(sort ?? '') ? sort : undefined,
    q: readSearch(params.get('q')),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Search by fire id: applied on Enter or the button, so each keystroke is not a request. */
function FireIdSearch({ value, onSearch }: { value: string | undefined; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  return (
    <div className="field national-fires-search">
      <label htmlFor={id}>
        <FormattedMessage id="nationalFires.search" />
      </label>
      <div className="national-fires-search-row">
        <input
          id={id}
          type="search"
          name="q"
          value={text}
          maxLength={WILDFIRES_SEARCH_MAX}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onSearch(text);
            }
          }}
        />
        <button type="button" className="button" onClick={() => onSearch(text)}>
          <FormattedMessage id="nationalFires.searchButton" />
        </button>
      </div>
    </div>
  );
}

/** The orders of WILDFIRES_SORTS as a select; the default (newest first) has no URL value. */
function SortSelect({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (sort: string | undefined) => void;
}) {
  const id = useId();
  const intl = useIntl();
  const [defaultSort, ...others] = WILDFIRES_SORTS;
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage id="nationalFires.sort" />
      </label>
      <select id={id} name="sort" value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">{intl.formatMessage({ id: `nationalFires.sort.${defaultSort}` })}</option>
        {others.map((s) => (
          <option key={s} value={s}>
            {intl.formatMessage({ id: `nationalFires.sort.${s}` })}
          </option>
        ))}
      </select>
    </div>
  );
}

function isPageRejected(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && error.validationErrors?.page !== undefined;
}

function FilterSelect({
  name,
  labelId,
  anyId,
  value,
  options,
  onChange,
}: {
  name: string;
  labelId: string;
  anyId: string;
  value: string | undefined;
  options: CodeName[];
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  const intl = useIntl();
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage id={labelId} />
      </label>
      <select id={id} name={name} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">{intl.formatMessage({ id: anyId })}</option>
        {options.map((o) => (
          <option key={o.field_code} value={o.field_code}>
            {o.field_name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** National fires list (/national): filters, the 11 columns, pages and the CSV export. */
export function NationalFiresPage() {
  const intl = useIntl();
  const format = useFormat();
  const lang = format.locale;
  // On a phone each row becomes a card whose cells carry their heading (national-fires.css).
  const label = (column: (typeof COLUMNS)[number]) =>
    intl.formatMessage({ id: `nationalFires.col.${column}` });
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const { page, ...filters } = params;
  const query = useQuery(wildfiresQuery({ ...params, lang }));
  const [exporting, setExporting] = useState(false);
  const [exportMessage, setExportMessage] = useState<string>();

  const update = (changes: Partial<Record<(typeof FILTER_KEYS)[number] | 'page', string | undefined>>) => {
    setExportMessage(undefined);
    setSearchParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '' || (key === 'page' && value === '1')) next.delete(key);
        else next.set(key, value);
      }
      // A new filter starts again at its first page.
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  };

  // A shared link can outlive its page (the data changed): the API answers 400 naming `page`, and
  // the reader gets page 1 of the same filters instead of an error box.
  // `replace`, so Back does not return to the dead page.
  const pageRejected = page > 1 && isPageRejected(query.error);
  useEffect(() => {
    if (!pageRejected) return;
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [pageRejected, setSearchParams]);

  const meta = query.data?.meta;
  const options = {
    agency: meta?.filter_agencies ?? AGENCIES.map((a) => ({ field_code: a.code, field_name: a.name[lang] })),
    stage:
      meta?.filter_stages ??
      STAGES_OF_CONTROL.map((s) => ({ field_code: s, field_name: STAGE_OF_CONTROL_NAMES[s][lang] })),
    response:
      meta?.filter_responses ??
      RESPONSE_TYPES.map((r) => ({ field_code: r, field_name: RESPONSE_TYPE_NAMES[r][lang] })),
  };

  const exportCsv = async () => {
    setExportMessage(undefined);
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
  const caption = intl.formatMessage(
    { id: 'nationalFires.caption' },
    { order: intl.formatMessage({ id: `nationalFires.sort.${filters.sort ?? WILDFIRES_SORTS[0]}` }) },
  );
  const stageName = (s: string) => STAGE_OF_CONTROL_NAMES[s as StageOfControl]?.[lang] ?? s;
  const responseName = (r: string) => RESPONSE_TYPE_NAMES[r as ResponseType]?.[lang] ?? r;

  return (
    <div className="national-fires">
      <PageHeader titleId="nationalFires.title" />
      <OgcLayerNote />
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
          <SortSelect value={filters.sort} onChange={(sort) => update({ sort })} />
          <FireIdSearch value={filters.q} onSearch={(q) => update({ q: readSearch(q) })} />
        </fieldset>
        <div className="national-fires-export">
          <button type="button" className="button button-primary" onClick={exportCsv} disabled={exporting}>
            <FormattedMessage id="nationalFires.export" />
          </button>
          {exporting ? <Loading inline /> : null}
        </div>
      </form>
      <div role="alert" className={exportMessage ? 'alert alert-warning' : undefined}>
        {exportMessage}
      </div>

      {query.isError && !query.data && !pageRejected ? (
        <ErrorBox />
      ) : !query.data ? (
        <Loading />
      ) : (
        <>
          <div className="national-fires-pager">
            <p className="national-fires-count" aria-live="polite">
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
              <Pager page={shownPage} totalPages={totalPages} onPage={(p) => update({ page: String(p) })} />
            ) : null}
          </div>
          <TableRegion label={caption} busy={query.isFetching}>
            <table className="fires-table national-fires-table">
              <caption className="visually-hidden">{caption}</caption>
              <thead>
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col" className={NUMBER_COLUMNS.has(c) ? 'num' : undefined}>
                      <FormattedMessage id={`nationalFires.col.${c}`} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {query.data.items.map((f) => (
                  <tr key={`${f.field_agency_code}/${f.field_agency_fire_id}`}>
                    <th scope="row">{f.field_agency_fire_id}</th>
                    <td data-label={label('agency')}>{f.field_agency_code.toUpperCase()}</td>
                    <td data-label={label('timezone')}>{f.field_agency_data_timezone}</td>
                    <td data-label={label('reportDate')}>{f.field_situation_report_date}</td>
                    <td data-label={label('statusDate')}>{f.field_status_date}</td>
                    <td data-label={label('stage')}>{stageName(f.field_stage_of_control_status)}</td>
                    <td data-label={label('cause')}>
                      {FIRE_CAUSE_NAMES[normaliseCause(f.field_system_fire_cause)][lang]}
                    </td>
                    <td data-label={label('response')}>{responseName(f.field_response_type)}</td>
                    <td data-label={label('size')} className="num">
                      {format.hectares(f.field_fire_size)}
                    </td>
                    <td data-label={label('latitude')} className="num">
                      {format.coordinate(f.field_latitude)}
                    </td>
                    <td data-label={label('longitude')} className="num">
                      {format.coordinate(f.field_longitude)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          {totalPages > 1 ? (
            <div className="national-fires-pager">
              <Pager
                page={shownPage}
                totalPages={totalPages}
                onPage={(p) => update({ page: String(p) })}
                nameId="nationalFires.paginationBottom"
              />
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

/** The columns of docs/spec/public-site.md section 2, in order. */
const COLUMNS = [
  'fireId',
  'agency',
  'timezone',
  'reportDate',
  'statusDate',
  'stage',
  'cause',
  'response',
  'size',
  'latitude',
  'longitude',
] as const;

/** Right-aligned, headers included, so a number sits under its heading. */
const NUMBER_COLUMNS = new Set(['size', 'latitude', 'longitude']);

function Pager({
  page,
  totalPages,
  onPage,
  nameId = 'nationalFires.pagination',
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** Each landmark on a page needs its own name (axe landmark-unique): the second pager says where it is. */
  nameId?: string;
}) {
  const intl = useIntl();
  const format = useFormat();
  const id = useId();
  return (
    <nav className="fires-pager" aria-label={intl.formatMessage({ id: nameId })}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true">‹ </span>
        <FormattedMessage id="nationalFires.previous" />
      </button>
      {/* One unit, so a phone never leaves "of N" alone on its own line. */}
      <span className="fires-pager-page">
        <label htmlFor={id}>
          <FormattedMessage id="nationalFires.page" />
        </label>
        <select id={id} value={page} onChange={(e) => onPage(Number(e.target.value))}>
          {Array.from({ length: totalPages }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {format.integer(n)}
            </option>
          ))}
        </select>
        <span>
          <FormattedMessage id="nationalFires.pageOf" values={{ pages: format.integer(totalPages) }} />
        </span>
      </span>
      <button type="button" className="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        <FormattedMessage id="nationalFires.next" />
        <span aria-hidden="true"> ›</span>
      </button>
    </nav>
  );
}
