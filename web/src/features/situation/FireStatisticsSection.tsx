import type { PublicNationalSitrep } from '@ciffc/contracts';
import { numbersAfterLabel } from '../../shared/ui/ReportTable.tsx';
import { type SitrepEntry, sum } from './report-data.ts';
import { Section } from './Section.tsx';
import { SituationTable } from './SituationTable.tsx';
import { useReportFormat } from './useReportFormat.ts';

/** Each agency's fires: new today by cause, full response by stage, then modified, monitored and prescribed. */
export function FireStatisticsSection({
  report,
  withSitrep,
}: {
  report: PublicNationalSitrep;
  withSitrep: SitrepEntry[];
}) {
  const { t, n, ha, agencyName } = useReportFormat(report);
  const stats = withSitrep.map(([, e]) => e.sitrep);
  return (
    <Section id="sr-stats" title={t('situation.section.fireStatistics')}>
      <SituationTable
        caption={t('situation.stats.newAndFull')}
        head={[
          t('situation.agency'),
          t('situation.stats.natural'),
          t('situation.stats.human'),
          t('situation.stats.other'),
          t('situation.stats.newTotal'),
          t('situation.stats.oc'),
          t('situation.stats.bh'),
          t('situation.stats.uc'),
          t('situation.stats.activeArea'),
          t('situation.stats.out'),
          t('situation.stats.outArea'),
        ]}
        kinds={numbersAfterLabel(10)}
        rows={withSitrep.map(([code, { sitrep: s }]) => [
          agencyName(code),
          n(s.field_today_natural),
          n(s.field_today_human),
          n(s.field_today_other),
          n(sum([s.field_today_natural, s.field_today_human, s.field_today_other])),
          n(s.field_full_oc),
          n(s.field_full_bh),
          n(s.field_full_uc),
          ha(s.field_full_active_area),
          n(s.field_full_out),
          ha(s.field_full_out_area),
        ])}
        foot={[
          t('situation.total'),
          n(sum(stats.map((s) => s.field_today_natural))),
          n(sum(stats.map((s) => s.field_today_human))),
          n(sum(stats.map((s) => s.field_today_other))),
          n(sum(stats.map((s) => sum([s.field_today_natural, s.field_today_human, s.field_today_other])))),
          n(sum(stats.map((s) => s.field_full_oc))),
          n(sum(stats.map((s) => s.field_full_bh))),
          n(sum(stats.map((s) => s.field_full_uc))),
          ha(sum(stats.map((s) => s.field_full_active_area))),
          n(sum(stats.map((s) => s.field_full_out))),
          ha(sum(stats.map((s) => s.field_full_out_area))),
        ]}
        empty={t('situation.noAgencyReports')}
      />
      <SituationTable
        caption={t('situation.stats.otherResponses')}
        head={[
          t('situation.agency'),
          t('situation.stats.modActive'),
          t('situation.stats.modOut'),
          t('situation.stats.modArea'),
          t('situation.stats.monActive'),
          t('situation.stats.monOut'),
          t('situation.stats.monArea'),
          t('situation.stats.rxActive'),
          t('situation.stats.rxOut'),
          t('situation.stats.rxArea'),
        ]}
        kinds={numbersAfterLabel(9)}
        rows={withSitrep.map(([code, { sitrep: s }]) => [
          agencyName(code),
          n(s.field_mod_active),
          n(s.field_mod_out),
          ha(s.field_mod_area),
          n(s.field_mon_active),
          n(s.field_mon_out),
          ha(s.field_mon_area),
          n(s.field_prescribed_active),
          n(s.field_prescribed_out),
          ha(s.field_prescribed_area),
        ])}
        foot={[
          t('situation.total'),
          n(sum(stats.map((s) => s.field_mod_active))),
          n(sum(stats.map((s) => s.field_mod_out))),
          ha(sum(stats.map((s) => s.field_mod_area))),
          n(sum(stats.map((s) => s.field_mon_active))),
          n(sum(stats.map((s) => s.field_mon_out))),
          ha(sum(stats.map((s) => s.field_mon_area))),
          n(sum(stats.map((s) => s.field_prescribed_active))),
          n(sum(stats.map((s) => s.field_prescribed_out))),
          ha(sum(stats.map((s) => s.field_prescribed_area))),
        ]}
        empty={t('situation.noAgencyReports')}
      />
    </Section>
  );
}
