import type { PublicNationalSitrep } from '@ciffc/contracts';
import { MobilizationTable } from './MobilizationTable.tsx';
import { NationalMobTable } from './NationalMobTable.tsx';
import type { AgencyEntry } from './report-data.ts';
import { Section } from './Section.tsx';
import { useReportFormat } from './useReportFormat.ts';

/** The centre's and the agencies' mobilizations, then the national mobilization grids (to and from). */
export function MobilizationsSection({
  report,
  entries,
}: {
  report: PublicNationalSitrep;
  entries: AgencyEntry[];
}) {
  const { t } = useReportFormat(report);
  return (
    <Section id="sr-mobs" title={t('situation.section.mobilizations')}>
      <MobilizationTable
        report={report}
        rows={report.recent_mobilizations}
        caption={t('situation.mobs.national')}
      />
      <MobilizationTable
        report={report}
        rows={entries.flatMap(([, e]) => e.mobilizations)}
        caption={t('situation.mobs.agencies')}
      />
      <h3>{t('situation.section.nationalMobilizations')}</h3>
      <NationalMobTable
        report={report}
        rows={report.national_mobilizations_to}
        caption={t('situation.nationalMobs.to')}
      />
      <NationalMobTable
        report={report}
        rows={report.national_mobilizations_from}
        caption={t('situation.nationalMobs.from')}
      />
    </Section>
  );
}
