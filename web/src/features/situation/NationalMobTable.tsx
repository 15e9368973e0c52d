import { NATIONAL_MOB_COLUMNS, type NationalMobTableRow, type PublicNationalSitrep } from '@ciffc/contracts';
import { numbersAfterLabel } from '../../shared/ui/ReportTable.tsx';
import { sum } from './report-data.ts';
import { SituationTable } from './SituationTable.tsx';
import { useReportFormat } from './useReportFormat.ts';

/** A national mobilization grid: a row per resource, a column per agency plus CIFFC, Fed, Intl, and totals. */
export function NationalMobTable({
  report,
  rows,
  caption,
}: {
  report: PublicNationalSitrep;
  rows: NationalMobTableRow[];
  caption: string;
}) {
  const { t, f, fr, place } = useReportFormat(report);
  return (
    <SituationTable
      caption={caption}
      head={[t('situation.resource'), ...NATIONAL_MOB_COLUMNS.map(place), t('situation.total')]}
      kinds={numbersAfterLabel(NATIONAL_MOB_COLUMNS.length + 1)}
      rows={rows.map((r) => [
        <abbr key="r" title={fr ? r.field_fr_resource : r.field_en_resource}>
          {r.field_resource}
        </abbr>,
        ...NATIONAL_MOB_COLUMNS.map((c) => (r.counts[c] == null ? '' : f.integer(r.counts[c] as number))),
        f.integer(r.total),
      ])}
      foot={[
        t('situation.total'),
        ...NATIONAL_MOB_COLUMNS.map((c) => f.integer(sum(rows.map((r) => r.counts[c])))),
        f.integer(sum(rows.map((r) => r.total))),
      ]}
      empty={t('situation.none')}
    />
  );
}
