import {
  type AgencySitrepSummary,
  REPORT_FIELDS,
  type ReportFieldSpec,
  reportFieldsOf,
} from '@ciffc/contracts';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../app/messages.ts';
import { useFormat } from '../../shared/format/useFormat.ts';
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
  /** The column heads of a section whose table the field registry lays out. */
  const columnsOf = (section: 'fop' | 'chh') =>
    reportFieldsOf(section).map((c) => {
      const spec: ReportFieldSpec = REPORT_FIELDS[c];
      // The registry's labels are strings: its test checks each has a message in both languages.
      return t(`nationalSitrep.${spec.columns?.national ?? spec.label}` as MessageId);
    });

  const stats = agencies.map((a) => {
    const fires = a.b_oc + a.b_bh + a.b_uc + a.b_total_out + a.c_act + a.c_out + a.c2_act + a.c2_out;
    const area = a.b_active_hectares + a.b_out_hectares + a.c_total_hectares + a.c2_total_hectares;
    return [
      code(a),
      n(a.a_ltg),
      n(a.a_hum),
      n(a.a_oth),
      n(a.a_ltg + a.a_hum + a.a_oth),
      n(a.b_oc),
      n(a.b_bh),
      n(a.b_uc),
      ha(a.b_active_hectares),
      n(a.b_total_out),
      ha(a.b_out_hectares),
      n(a.c_act),
      n(a.c_out),
      ha(a.c_total_hectares),
      n(a.c2_act),
      n(a.c2_out),
      ha(a.c2_total_hectares),
      n(a.e_act),
      n(a.e_out),
      ha(a.e_total_hectares),
      n(fires),
      ha(area),
    ];
  });

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
          head={[
            t('nationalSitrep.agency'),
            t('nationalSitrep.stats.ltg'),
            t('nationalSitrep.stats.hum'),
            t('nationalSitrep.stats.oth'),
            t('nationalSitrep.stats.newTotal'),
            'OC',
            'BH',
            'UC',
            t('nationalSitrep.stats.activeHa'),
            'OUT',
            t('nationalSitrep.stats.outHa'),
            t('nationalSitrep.stats.modAct'),
            t('nationalSitrep.stats.modOut'),
            t('nationalSitrep.stats.modHa'),
            t('nationalSitrep.stats.monAct'),
            t('nationalSitrep.stats.monOut'),
            t('nationalSitrep.stats.monHa'),
            t('nationalSitrep.stats.rxAct'),
            t('nationalSitrep.stats.rxOut'),
            t('nationalSitrep.stats.rxHa'),
            t('nationalSitrep.stats.fires'),
            t('nationalSitrep.stats.area'),
          ]}
          kinds={numbersAfterLabel(21)}
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
          head={[t('nationalSitrep.agency'), ...columnsOf('fop')]}
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
          head={[t('nationalSitrep.agency'), ...columnsOf('chh')]}
          kinds={numbersAfterLabel(reportFieldsOf('chh').length)}
          rows={agencies.map((a) => [code(a), ...reportFieldsOf('chh').map((c) => n(a[c]))])}
          empty={empty}
        />
      </Section>
    </>
  );
}
