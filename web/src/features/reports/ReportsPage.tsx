import { CENTRE_TIME_ZONE, FIRST_EXPORT_YEAR } from '@ciffc/contracts';
import { PRODUCT_ZONES } from '@ciffc/contracts/time-zones';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { downloadCsv, toCsv } from '../../shared/csv.ts';
import { serverText } from '../../shared/editing/server-text.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useToast } from '../../shared/ui/Toast.tsx';
import { type ExportKind, type ExportRow, exportFileName, fetchExport } from './api.ts';

/** The current year in the centre's time zone, then down to 2019 (docs/spec/data-entry.md 2.5). */
export function exportYears(now = new Date()): number[] {
  const current = PRODUCT_ZONES.wallClockAt(CENTRE_TIME_ZONE, now.getTime()).year;
  return Array.from({ length: current - FIRST_EXPORT_YEAR + 1 }, (_, i) => current - i);
}

/** Columns as the server sent them, in order (every row carries every column). */
export function exportCsv(rows: readonly ExportRow[]): string {
  const columns = Object.keys(rows[0] ?? {});
  return toCsv(
    columns,
    rows.map((r) => columns.map((c) => r[c])),
  );
}

function ExportBox({ kind }: { kind: ExportKind }) {
  const intl = useIntl();
  const toast = useToast();
  const id = useId();
  const years = exportYears();
  const [year, setYear] = useState(years[0] ?? FIRST_EXPORT_YEAR);
  const [busy, setBusy] = useState(false);

  const onExport = async () => {
    setBusy(true);
    try {
      const rows = await fetchExport(kind, year);
      if (rows.length === 0) {
        window.alert(intl.formatMessage({ id: 'reports.exportEmpty' }));
        return;
      }
      downloadCsv(exportFileName(kind, year), exportCsv(rows));
    } catch (error) {
      toast.error(serverText(error, intl));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="report-export" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <FormattedMessage id={`reports.${kind}.heading`} />
      </h2>
      <p>
        <FormattedMessage id={`reports.${kind}.description`} />
      </p>
      <div className="field">
        <label htmlFor={`${id}-year`}>
          <FormattedMessage id="reports.year" />
        </label>
        <select id={`${id}-year`} value={year} onChange={(e) => setYear(Number(e.target.value))}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="button button-primary"
        onClick={() => void onExport()}
        disabled={busy}
        aria-busy={busy}
        aria-describedby={`${id}-heading`}
      >
        <FormattedMessage id="reports.export" />
      </button>
    </section>
  );
}

export function ReportsPage() {
  return (
    <div className="reports">
      <PageHeader titleId="reports.title" />
      <ExportBox kind="national" />
      <ExportBox kind="agency" />
    </div>
  );
}
