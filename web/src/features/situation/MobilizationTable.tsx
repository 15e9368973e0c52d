import type { PublicMobilizationRow, PublicNationalSitrep } from '@ciffc/contracts';
import { SituationTable } from './SituationTable.tsx';
import { useReportFormat } from './useReportFormat.ts';

/** (De)mobilization rows: To, resource, From. */
export function MobilizationTable({
  report,
  rows,
  caption,
}: {
  report: PublicNationalSitrep;
  rows: PublicMobilizationRow[];
  caption: string;
}) {
  const { t, fr, place } = useReportFormat(report);
  return (
    <SituationTable
      caption={caption}
      head={[t('situation.to'), t('situation.resource'), t('situation.from')]}
      rows={rows.map((r) => [
        place(r.field_to),
        fr ? r.field_fr_resource : r.field_en_resource,
        place(r.field_from),
      ])}
      empty={t('situation.none')}
    />
  );
}
