import {
  FIRE_STATISTICS_TABLES,
  type FireStatisticsColumn,
  fireStatisticsValue,
  isHectaresColumn,
  type PublicNationalSitrep,
  REPORT_FIELDS,
  type ReportFieldCode,
} from '@ciffc/contracts';
import { numbersAfterLabel } from '../../shared/ui/ReportTable.tsx';
import { type SitrepEntry, sum } from './report-data.ts';
import { Section } from './Section.tsx';
import { SituationTable } from './SituationTable.tsx';
import { useReportFormat } from './useReportFormat.ts';

type Sitrep = SitrepEntry[1]['sitrep'];

/** An agency's number under its public report name. */
const reader = (s: Sitrep) => (code: ReportFieldCode) => s[REPORT_FIELDS[code].publicName];

/**
 * Each agency's fires in the two tables fire-statistics.ts lays out: new today by cause with their
 * total, full response by stage; then modified, monitored and prescribed. Each column is summed in
 * the foot.
 */
export function FireStatisticsSection({
  report,
  withSitrep,
}: {
  report: PublicNationalSitrep;
  withSitrep: SitrepEntry[];
}) {
  const { t, n, ha, agencyName } = useReportFormat(report);
  const stats = withSitrep.map(([, e]) => e.sitrep);
  const cell = (c: FireStatisticsColumn, v: number | null | undefined) =>
    isHectaresColumn(c) ? ha(v) : n(v);
  const table = (columns: readonly FireStatisticsColumn[]) => ({
    kinds: numbersAfterLabel(columns.length),
    rows: withSitrep.map(([code, { sitrep: s }]) => [
      agencyName(code),
      ...columns.map((c) => cell(c, fireStatisticsValue(c, reader(s)))),
    ]),
    foot: [
      t('situation.total'),
      ...columns.map((c) => cell(c, sum(stats.map((s) => fireStatisticsValue(c, reader(s)))))),
    ],
  });
  const { newAndFull, otherResponses } = FIRE_STATISTICS_TABLES;
  return (
    <Section id="sr-stats" title={t('situation.section.fireStatistics')}>
      <SituationTable
        caption={t('situation.stats.newAndFull')}
        head={[
          t('situation.agency'),
          ...newAndFull.map((c) =>
            t(`situation.${typeof c === 'string' ? REPORT_FIELDS[c].columns.public : c.columns.public}`),
          ),
        ]}
        {...table(newAndFull)}
        empty={t('situation.noAgencyReports')}
      />
      <SituationTable
        caption={t('situation.stats.otherResponses')}
        head={[
          t('situation.agency'),
          ...otherResponses.map((c) => t(`situation.${REPORT_FIELDS[c].columns.public}`)),
        ]}
        {...table(otherResponses)}
        empty={t('situation.noAgencyReports')}
      />
    </Section>
  );
}
