import type { PublicNationalSitrep } from '@ciffc/contracts';
import type { AgencyEntry } from './report-data.ts';
import { Section } from './Section.tsx';
import { SituationTable } from './SituationTable.tsx';
import { useReportFormat } from './useReportFormat.ts';

/** The agencies' priority fires. */
export function PriorityFiresSection({
  report,
  entries,
}: {
  report: PublicNationalSitrep;
  entries: AgencyEntry[];
}) {
  const { t, f, ha, agencyName, stageName } = useReportFormat(report);
  return (
    <Section id="sr-priority" title={t('situation.section.priorityFires')}>
      <SituationTable
        caption={t('situation.section.priorityFires')}
        head={[
          t('situation.agency'),
          t('situation.fire'),
          t('situation.latitude'),
          t('situation.longitude'),
          t('situation.stage'),
          t('situation.size'),
          t('situation.incidentType'),
          t('situation.contained'),
        ]}
        kinds={['text', 'text', 'number', 'number', 'text', 'number', 'text', 'number']}
        rows={entries.flatMap(([code, e]) =>
          e.priority_fires.map((p) => [
            agencyName(code),
            p.field_fire_id,
            p.field_latitude == null ? '–' : f.coordinate(p.field_latitude),
            p.field_longitude == null ? '–' : f.coordinate(p.field_longitude),
            stageName(p.field_stage_of_control),
            ha(p.field_size),
            p.field_incident_type == null
              ? '–'
              : t('situation.incidentTypeValue', { type: p.field_incident_type }),
            p.field_percent_contained == null ? '–' : `${f.integer(p.field_percent_contained)} %`,
          ]),
        )}
        empty={t('situation.none')}
      />
    </Section>
  );
}
