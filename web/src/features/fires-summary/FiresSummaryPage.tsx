import {
  agencyByCode,
  CENTRE_TIME_ZONE,
  type FiresSummary,
  type SummarySection,
  summariseFires,
  tomorrowIsoDate,
} from '@ciffc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TableRegion } from '../../shared/charts/TableRegion.tsx';
import { CentreTime } from '../../shared/format/CentreTime.tsx';
import { useFormat } from '../../shared/format/useFormat.ts';
import type { MessageId } from '../../shared/i18n/message-id.ts';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { fireCountQuery, summaryQuery } from './api.ts';
import '../../shared/charts/charts.css';
import './fires-summary.css';

interface Column<Row> {
  labelId: MessageId;
  value: (row: Row) => number;
  kind: 'count' | 'area';
}

function SummaryTable<Row extends { agency_code: string }>({
  titleId,
  note,
  section,
  columns,
}: {
  titleId: MessageId;
  note?: React.ReactNode;
  section: SummarySection<Row>;
  columns: Column<Row>[];
}) {
  const intl = useIntl();
  const format = useFormat();
  const id = useId();
  const cell = (c: Column<Row>, row: Row) =>
    c.kind === 'area' ? format.hectares(c.value(row)) : format.integer(c.value(row));
  const agencyName = (code: string) => {
    const agency = agencyByCode(code);
    return agency ? `${agency.name[format.locale]} (${code.toUpperCase()})` : code.toUpperCase();
  };
  return (
    <section className="summary-section" aria-labelledby={id}>
      <h2 id={id}>
        <FormattedMessage id={titleId} />
      </h2>
      {note}
      <TableRegion label={intl.formatMessage({ id: titleId })}>
        <table className="fires-table">
          <caption className="visually-hidden">{intl.formatMessage({ id: titleId })}</caption>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="summary.col.agency" />
              </th>
              {columns.map((c) => (
                <th key={c.labelId} scope="col">
                  <FormattedMessage id={c.labelId} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {section.rows.map((row) => (
              <tr key={row.agency_code}>
                <th scope="row">{agencyName(row.agency_code)}</th>
                {columns.map((c) => (
                  <td key={c.labelId}>{cell(c, row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">
                <FormattedMessage id="summary.row.total" />
              </th>
              {columns.map((c) => (
                <td key={c.labelId}>{cell(c, section.total)}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      </TableRegion>
    </section>
  );
}

function SummaryTables({ summary, reportDate }: { summary: FiresSummary; reportDate: string | undefined }) {
  const intl = useIntl();
  return (
    <>
      <SummaryTable
        titleId="summary.newFires"
        note={
          reportDate ? (
            <p>
              <FormattedMessage
                id="summary.newFires.note"
                values={{
                  date: intl.formatDate(new Date(`${reportDate}T00:00:00Z`), {
                    dateStyle: 'long',
                    timeZone: 'UTC',
                  }),
                }}
              />
            </p>
          ) : undefined
        }
        section={summary.newFires}
        columns={[
          { labelId: 'summary.col.natural', value: (r) => r.cause_natural, kind: 'count' },
          { labelId: 'summary.col.human', value: (r) => r.cause_human, kind: 'count' },
          { labelId: 'summary.col.undetermined', value: (r) => r.cause_undetermined, kind: 'count' },
          { labelId: 'summary.col.total', value: (r) => r.total, kind: 'count' },
        ]}
      />
      <SummaryTable
        titleId="summary.full"
        section={summary.full}
        columns={[
          { labelId: 'summary.col.oc', value: (r) => r.soc_oc, kind: 'count' },
          { labelId: 'summary.col.bh', value: (r) => r.soc_bh, kind: 'count' },
          { labelId: 'summary.col.uc', value: (r) => r.soc_uc, kind: 'count' },
          { labelId: 'summary.col.active', value: (r) => r.active, kind: 'count' },
          { labelId: 'summary.col.activeArea', value: (r) => r.active_area, kind: 'area' },
          { labelId: 'summary.col.out', value: (r) => r.soc_out, kind: 'count' },
          { labelId: 'summary.col.outArea', value: (r) => r.out_area, kind: 'area' },
          { labelId: 'summary.col.total', value: (r) => r.total, kind: 'count' },
          { labelId: 'summary.col.totalArea', value: (r) => r.total_area, kind: 'area' },
        ]}
      />
      {(['modified', 'monitored'] as const).map((key) => (
        <SummaryTable
          key={key}
          titleId={`summary.${key}`}
          section={summary[key]}
          columns={[
            { labelId: 'summary.col.active', value: (r) => r.active, kind: 'count' },
            { labelId: 'summary.col.out', value: (r) => r.out, kind: 'count' },
            { labelId: 'summary.col.total', value: (r) => r.total, kind: 'count' },
            { labelId: 'summary.col.area', value: (r) => r.area, kind: 'area' },
          ]}
        />
      ))}
      <SummaryTable
        titleId="summary.grand"
        section={summary.grand}
        columns={[
          { labelId: 'summary.col.fires', value: (r) => r.fires, kind: 'count' },
          { labelId: 'summary.col.area', value: (r) => r.area, kind: 'area' },
        ]}
      />
    </>
  );
}

/** Current fires summary (/page and /summary), from GET /v1/summary and GET /v1/fire-count. */
export function FiresSummaryPage() {
  const tomorrow = useMemo(() => tomorrowIsoDate(new Date(), CENTRE_TIME_ZONE), []);
  const summary = useQuery(summaryQuery());
  const fireCount = useQuery(fireCountQuery(tomorrow));
  const rows = useMemo(
    () => (summary.data ? summariseFires(summary.data.items, fireCount.data?.items ?? []) : undefined),
    [summary.data, fireCount.data],
  );

  let body: React.ReactNode;
  if (summary.isError) body = <ErrorBox />;
  else if (summary.isPending || fireCount.isPending || !rows) body = <Loading />;
  else {
    const validAs = summary.data.valid_as ? new Date(summary.data.valid_as) : new Date(summary.dataUpdatedAt);
    body = (
      <>
        <p className="summary-valid-as">
          <FormattedMessage id="summary.validAs" values={{ time: <CentreTime at={validAs} /> }} />
        </p>
        <p>
          <FormattedMessage id="summary.period" />
        </p>
        <SummaryTables summary={rows} reportDate={fireCount.data?.report_date} />
      </>
    );
  }
  return (
    <div className="fires-summary">
      <PageHeader titleId="summary.title" />
      {body}
    </div>
  );
}
