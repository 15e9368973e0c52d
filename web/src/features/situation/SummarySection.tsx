import {
  PREPAREDNESS_LEVEL_COLOURS,
  type PublicNationalSitrep,
  preparednessDescription,
} from '@ciffc/contracts';
import type { SitrepEntry } from './report-data.ts';
import { Section } from './Section.tsx';
import { useReportFormat } from './useReportFormat.ts';

/** The national level and its meaning, the national summary, the duty officer and each agency's operations summary. */
export function SummarySection({
  report,
  withSitrep,
}: {
  report: PublicNationalSitrep;
  withSitrep: SitrepEntry[];
}) {
  const { t, fr, agencyName } = useReportFormat(report);
  const level = report.field_preparedness_level;
  const colour = PREPAREDNESS_LEVEL_COLOURS[level];
  return (
    <Section id="sr-summary" title={t('situation.section.summary')}>
      <p className="national-level">
        {t('situation.nationalLevel')}{' '}
        <span className="level-badge" style={colour} data-level={level}>
          {level === '0' ? '–' : level}
        </span>
      </p>
      {level !== '0' ? (
        <p className="level-description">{preparednessDescription(level, fr ? 'fr' : 'en')}</p>
      ) : null}
      <div className="summary-text">
        {fr ? report.field_fr_summary_comments : report.field_en_summary_comments}
      </div>
      {report.field_duty_officer ? (
        <p>
          {t('situation.dutyOfficer')} {report.field_duty_officer}
        </p>
      ) : null}
      {withSitrep.length > 0 ? (
        <dl className="ops-summaries">
          {withSitrep.map(([code, e]) => (
            <div key={code}>
              <dt>{agencyName(code)}</dt>
              <dd>{fr ? e.sitrep.field_fr_operations_summary : e.sitrep.field_en_operations_summary}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </Section>
  );
}
