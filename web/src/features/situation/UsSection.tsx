import type { PublicNationalSitrep } from '@ciffc/contracts';
import { Section } from './Section.tsx';
import { useReportFormat } from './useReportFormat.ts';

/** US fire activity: the US level, today's and the year's fires and acres. */
export function UsSection({ report }: { report: PublicNationalSitrep }) {
  const { t, f, n } = useReportFormat(report);
  return (
    <Section id="sr-us" title={t('situation.section.us')}>
      <dl className="us-figures">
        <div>
          <dt>{t('situation.us.level')}</dt>
          <dd>{n(report.field_us_preparedness_level)}</dd>
        </div>
        <div>
          <dt>{t('situation.us.fires')}</dt>
          <dd>{n(report.field_us_fires)}</dd>
        </div>
        <div>
          <dt>{t('situation.us.acres')}</dt>
          <dd>
            {report.field_us_acres == null
              ? '–'
              : t('situation.acres', { value: f.integer(report.field_us_acres) })}
          </dd>
        </div>
        <div>
          <dt>{t('situation.us.ytdFires')}</dt>
          <dd>{n(report.field_us_ytd_fires)}</dd>
        </div>
        <div>
          <dt>{t('situation.us.ytdAcres')}</dt>
          <dd>
            {report.field_us_ytd_acres == null
              ? '–'
              : t('situation.acres', { value: f.integer(report.field_us_ytd_acres) })}
          </dd>
        </div>
      </dl>
      <p className="field-hint">{t('situation.acreNote')}</p>
    </Section>
  );
}
