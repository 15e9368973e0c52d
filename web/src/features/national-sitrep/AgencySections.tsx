import {
  type AgencySitrepSummary,
  FIRE_STATISTICS_NATIONAL,
  fireStatisticsValue,
  isHectaresColumn,
  REPORT_FIELDS,
  reportFieldsOf,
} from '@ciffc/contracts';
import { useIntl } from 'react-intl';
import { useFormat } from '../../shared/format/useFormat.ts';
import type { MessageId } from '../../shared/i18n/message-id.ts';
import { numbersAfterLabel } from '../../shared/ui/ReportTable.tsx';
import { Section } from './Section.tsx';
import { SectionTable } from './SectionTable.tsx';

/**
 * The read-only sections of the national form (docs/spec/data-entry.md 2.2): what the approved agency
 * reports say, in agency order.
 */
export function AgencySections({ agencies }: { agencies: AgencySitrepSummary[] }) {
  const intl = useIntl();
  const t: (id: MessageId, values?: Record<string, string | number>) => string = (id, values) =>
    intl.formatMessage({ id }, values);
  const f = useFormat();
  const empty = t('nationalSitrep.noApproved');
  const code = (a: AgencySitrepSummary) => a.agency.toUpperCase();
  const n = (v: number | null) => (v == null ? '' : f.integer(v));
  const ha = (v: number | null) => (v == null ? '' : f.hectares(v));
  /** The column heads of a section whose table the field registry lays out (its entries' literal ids). */
  const forecastHeads = reportFieldsOf('fop').map((c) =>
    t(`nationalSitrep.${REPORT_FIELDS[c].columns.national}`),
  );
  const helicopterHeads = reportFieldsOf('chh').map((c) =>
    t(`nationalSitrep.${REPORT_FIELDS[c].columns.national}`),
  );

  // The fire statistics as fire-statistics.ts lays them out: its numbers with the totals between them.
  const statsHead = FIRE_STATISTICS_NATIONAL.map((c) =>
    t(`nationalSitrep.${typeof c === 'string' ? REPORT_FIELDS[c].columns.national : c.columns.national}`),
  );
  const stats = agencies.map((a) => [
    code(a),
    ...FIRE_STATISTICS_NATIONAL.map((c) => {
      const v = fireStatisticsValue(c, (field) => a[field]) ?? null;
      return isHectaresColumn(c) ? ha(v) : n(v);
    }),
  ]);

  return (
    <>
      <Section id="ns-agency-summary" title={t('nationalSitrep.section.agencySummary')}>
        <SectionTable
          caption={t('nationalSitrep.section.agencySummary')}
          head={[
            t('nationalSitrep.agency'),
            t('nationalSitrep.opsEn'),
            t('nationalSitrep.opsFr'),
            t('nationalSitrep.prepLevel'),
          ]}
          kinds={['text', 'prose', 'prose', 'number']}
          rows={agencies.map((a) => [code(a), a.en_ops_summary, a.fr_ops_summary, n(a.preparedness_level)])}
          empty={empty}
        />
      </Section>
      <Section id="ns-fire-stats" title={t('nationalSitrep.section.fireStatistics')}>
        <SectionTable
          caption={t('nationalSitrep.section.fireStatistics')}
          head={[t('nationalSitrep.agency'), ...statsHead]}
          kinds={numbersAfterLabel(statsHead.length)}
          rows={stats}
          empty={empty}
        />
      </Section>
      <Section id="ns-priority-fires" title={t('nationalSitrep.section.priorityFires')}>
        <SectionTable
          caption={t('nationalSitrep.section.priorityFires')}
          head={[
            t('nationalSitrep.agency'),
            t('nationalSitrep.fire'),
            t('nationalSitrep.latitude'),
            t('nationalSitrep.longitude'),
            t('nationalSitrep.stage'),
            t('nationalSitrep.size'),
            t('nationalSitrep.incidentType'),
            t('nationalSitrep.contained'),
          ]}
          kinds={['text', 'text', 'number', 'number', 'text', 'number', 'number', 'number']}
          rows={agencies.flatMap((a) =>
            a.priority_fires.map((p) => [
              code(a),
              p.fires,
              p.latitude == null ? '' : f.coordinate(p.latitude),
              p.longitude == null ? '' : f.coordinate(p.longitude),
              p.stage_of_control,
              ha(p.size),
              n(p.incident_type),
              p.percent_contained == null ? '' : `${p.percent_contained} %`,
            ]),
          )}
          empty={t('nationalSitrep.none')}
        />
      </Section>
      <Section id="ns-fop" title={t('nationalSitrep.section.fop')}>
        <SectionTable
          caption={t('nationalSitrep.section.fop')}
          head={[t('nationalSitrep.agency'), ...forecastHeads]}
          kinds={numbersAfterLabel(reportFieldsOf('fop').length)}
          rows={agencies.map((a) => [code(a), ...reportFieldsOf('fop').map((c) => n(a[c]))])}
          empty={empty}
        />
      </Section>
      <Section id="ns-prep-levels" title={t('nationalSitrep.section.prepLevels')}>
        <SectionTable
          caption={t('nationalSitrep.section.prepLevels')}
          head={[
            t('nationalSitrep.agency'),
            t('nationalSitrep.prepLevel'),
            t('nationalSitrep.commentEn'),
            t('nationalSitrep.commentFr'),
          ]}
          kinds={['text', 'number', 'prose', 'prose']}
          rows={agencies.map((a) => [code(a), n(a.preparedness_level), a.en_prep_comment, a.fr_prep_comment])}
          empty={empty}
        />
      </Section>
      <Section id="ns-porr" title={t('nationalSitrep.section.porr')}>
        <SectionTable
          caption={t('nationalSitrep.section.porr')}
          head={[t('nationalSitrep.agency'), t('nationalSitrep.english'), t('nationalSitrep.french')]}
          kinds={['text', 'prose', 'prose']}
          rows={agencies
            .filter((a) => a.en_porr_text || a.fr_porr_text)
            .map((a) => [code(a), a.en_porr_text, a.fr_porr_text])}
          empty={t('nationalSitrep.none')}
        />
      </Section>
      <Section id="ns-chh" title={t('nationalSitrep.section.chh')}>
        <SectionTable
          caption={t('nationalSitrep.section.chh')}
          head={[t('nationalSitrep.agency'), ...helicopterHeads]}
          kinds={numbersAfterLabel(reportFieldsOf('chh').length)}
          rows={agencies.map((a) => [code(a), ...reportFieldsOf('chh').map((c) => n(a[c]))])}
          empty={empty}
        />
      </Section>
    </>
  );
}
