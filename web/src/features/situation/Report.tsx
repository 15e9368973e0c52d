import {
  type PublicNationalSitrep,
  type PublicReportNumbers,
  REPORT_FIELDS,
  reportFieldsOf,
} from '@ciffc/contracts';
import { memo } from 'react';
import { numbersAfterLabel } from '../../shared/ui/ReportTable.tsx';
import { FireStatisticsSection } from './FireStatisticsSection.tsx';
import { MobilizationsSection } from './MobilizationsSection.tsx';
import { MobilizationTable } from './MobilizationTable.tsx';
import { NationalStatisticsSection } from './NationalStatisticsSection.tsx';
import { PriorityFiresSection } from './PriorityFiresSection.tsx';
import { ReportFooter } from './ReportFooter.tsx';
import { agencyEntries } from './report-data.ts';
import { Section } from './Section.tsx';
import { SituationTable } from './SituationTable.tsx';
import { SummarySection } from './SummarySection.tsx';
import { UsSection } from './UsSection.tsx';
import { useReportFormat } from './useReportFormat.ts';

/**
 * A published national situation report, section by section (docs/spec/public-site.md); the
 * expanded sections (FOP, PORR, CHH, RARS) only when the report carries them. Memoised: its page
 * draws it from a deferred copy of the answer, and an urgent render must not draw it again.
 */
export const Report = memo(function Report({ report }: { report: PublicNationalSitrep }) {
  const { intl, t, f, fr, locale, n, agencyName } = useReportFormat(report);
  const longDate = intl.formatDate(`${report.field_date}T12:00:00Z`, { dateStyle: 'full', timeZone: 'UTC' });
  const { entries, withSitrep } = agencyEntries(report);
  const expanded = report.expanded_data;
  /** The sections whose tables the field registry lays out: its columns' heads (its entries' literal ids) and an agency's values. */
  const columnsOf = (section: 'fop' | 'chh') =>
    reportFieldsOf(section).map((c) => t(`situation.${REPORT_FIELDS[c].columns.public}`));
  const valuesOf = (section: 'fop' | 'chh', s: Partial<PublicReportNumbers>) =>
    reportFieldsOf(section).map((c) => n(s[REPORT_FIELDS[c].publicName] ?? null));

  return (
    <article className="situation-report" lang={locale}>
      <header className="report-header">
        <h1>{t('situation.heading', { date: longDate })}</h1>
        <button type="button" className="button no-print" onClick={() => window.print()}>
          {t('situation.print')}
        </button>
      </header>

      <SummarySection report={report} withSitrep={withSitrep} />

      <FireStatisticsSection report={report} withSitrep={withSitrep} />

      <PriorityFiresSection report={report} entries={entries} />

      {expanded ? (
        <Section id="sr-fop" title={t('situation.section.fop')}>
          <SituationTable
            caption={t('situation.section.fop')}
            head={[t('situation.agency'), ...columnsOf('fop')]}
            kinds={numbersAfterLabel(reportFieldsOf('fop').length)}
            rows={withSitrep.map(([code, { sitrep: s }]) => [code.toUpperCase(), ...valuesOf('fop', s)])}
            empty={t('situation.noAgencyReports')}
          />
        </Section>
      ) : null}

      <Section id="sr-prep" title={t('situation.section.prepLevels')}>
        <SituationTable
          caption={t('situation.section.prepLevels')}
          head={[t('situation.agency'), t('situation.level'), t('situation.comment')]}
          kinds={['text', 'number', 'prose']}
          rows={withSitrep.map(([code, { sitrep: s }]) => [
            agencyName(code),
            n(s.field_preparedness),
            fr ? s.field_fr_preparedness_comment : s.field_en_preparedness_comment,
          ])}
          empty={t('situation.noAgencyReports')}
        />
      </Section>

      {expanded ? (
        <>
          <Section id="sr-porr" title={t('situation.section.porr')}>
            <SituationTable
              caption={t('situation.section.porr')}
              head={[t('situation.agency'), t('situation.requirements')]}
              kinds={['text', 'prose']}
              rows={report.resource_requirements.map((r) => [
                agencyName(r.field_for),
                fr ? r.field_fr_resources : r.field_en_resources,
              ])}
              empty={t('situation.none')}
            />
          </Section>
          <Section id="sr-chh" title={t('situation.section.chh')}>
            <SituationTable
              caption={t('situation.section.chh')}
              head={[t('situation.agency'), ...columnsOf('chh')]}
              kinds={numbersAfterLabel(reportFieldsOf('chh').length)}
              rows={withSitrep.map(([code, { sitrep: s }]) => [code.toUpperCase(), ...valuesOf('chh', s)])}
              empty={t('situation.noAgencyReports')}
            />
          </Section>
        </>
      ) : null}

      <MobilizationsSection report={report} entries={entries} />

      <Section id="sr-demobs" title={t('situation.section.demobilizations')}>
        <MobilizationTable
          report={report}
          rows={[...report.recent_demobilizations, ...entries.flatMap(([, e]) => e.demobilizations)]}
          caption={t('situation.section.demobilizations')}
        />
      </Section>

      {expanded ? (
        <Section id="sr-rars" title={t('situation.section.rars')}>
          <SituationTable
            caption={t('situation.section.rars')}
            head={[t('situation.agency'), t('situation.resource'), t('situation.available')]}
            kinds={['text', 'text', 'number']}
            rows={report.national_availability.map((r) => [
              agencyName(r.field_agency_code),
              fr ? r.field_fr_resource : r.field_en_resource,
              f.integer(r.field_available),
            ])}
            empty={t('situation.none')}
          />
        </Section>
      ) : null}

      <UsSection report={report} />

      <NationalStatisticsSection report={report} entries={entries} />

      <ReportFooter longDate={longDate} editedAt={report.system_edit_timestamp} />
    </article>
  );
});
