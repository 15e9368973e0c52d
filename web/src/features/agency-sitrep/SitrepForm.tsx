import {
  REPORT_FIELD_BOUNDS,
  REPORT_FIELDS,
  type ReportFieldSpec,
  type ReportNumberSection,
  reportFieldsOf,
  sitrepTotals,
  suggestedPreparednessLevel,
} from '@ciffc/contracts';
import { useIntl } from 'react-intl';
import { AgencyList } from './AgencyList.tsx';
import { BringForward } from './BringForward.tsx';
import { GroupedMobilizations } from './GroupedMobilizations.tsx';
import { NumberField } from './NumberField.tsx';
import { Output } from './Output.tsx';
import { PriorityFires } from './PriorityFires.tsx';
import { RadioScale } from './RadioScale.tsx';
import { ResourceAvailability } from './ResourceAvailability.tsx';
import { Section } from './Section.tsx';
import { SelectField } from './SelectField.tsx';
import { SimpleMobilizations } from './SimpleMobilizations.tsx';
import { sectionSlot } from './section-slot.ts';
import { TextField } from './TextField.tsx';
import { useForm } from './useForm.ts';
import { useT } from './useT.ts';

const SCALE_LABELS: Record<string, [string, number]> = {
  current_fire_hazard: ['hazard', 5],
  current_fire_load: ['hazard', 5],
  expected_fire_load: ['hazard', 5],
  agency_resource_levels: ['resources', 4],
  ciffc_response_capacity: ['capacity', 5],
};

/** The numbers of a section as the field registry lists them: label, bounds, feed and section name from their entry. */
function ReportNumbers({ section }: { section: ReportNumberSection }) {
  const t = useT();
  return reportFieldsOf(section).map((code) => {
    const f: ReportFieldSpec = REPORT_FIELDS[code];
    return (
      <NumberField
        key={code}
        name={code}
        label={t(f.label)}
        integer={REPORT_FIELD_BOUNDS[f.kind].integer}
        dip={f.dipFeed}
        sectionInName={f.sectionInName}
      />
    );
  });
}

/** Every section of docs/spec/data-entry.md 2.1, in order; each input's name is the specification's field. */
export function SitrepForm() {
  const f = useForm();
  const t = useT();
  const intl = useIntl();
  const totals = sitrepTotals(f.form);
  const suggested = suggestedPreparednessLevel(f.form);
  const dipNote = f.dipFeed ? <p className="hint">{t('dipFeed')}</p> : null;
  const opsBoxes = f.bothLanguages ? ['en', 'fr'] : [intl.locale.startsWith('fr') ? 'fr' : 'en'];
  return (
    <div className="sitrep-form">
      <AgencyList />
      <Section id="opsSummary" slot={sectionSlot('opsSummary')}>
        {opsBoxes.map((l) => (
          <TextField key={l} name={`${l}_ops_summary`} label={t(`field.${l}_ops_summary`)} multiline />
        ))}
      </Section>
      <Section id="newFires" slot={sectionSlot('newFires')} note={dipNote}>
        <ReportNumbers section="newFires" />
        <Output label={t('field.a_total')} value={totals.a_total} />
      </Section>
      <Section id="fullResponse" slot={sectionSlot('fullResponse')} note={dipNote}>
        <ReportNumbers section="fullResponse" />
        <Output label={t('field.b_active')} value={totals.b_active} />
        <Output label={t('field.b_total_fires')} value={totals.b_total_fires} />
        <Output label={t('field.b_total_area')} value={totals.b_total_area} decimals={1} />
      </Section>
      <Section id="modifiedResponse" slot={sectionSlot('modifiedResponse')} note={dipNote}>
        <ReportNumbers section="modifiedResponse" />
      </Section>
      <Section id="monitoredResponse" slot={sectionSlot('monitoredResponse')} note={dipNote}>
        <ReportNumbers section="monitoredResponse" />
      </Section>
      <Section id="prescribedFires" slot={sectionSlot('prescribedFires')}>
        <BringForward fields={reportFieldsOf('prescribedFires')} />
        <ReportNumbers section="prescribedFires" />
      </Section>
      <Section id="overall">
        <Output label={t('field.overall_fires')} value={totals.overall_fires} />
        <Output label={t('field.overall_area')} value={totals.overall_area} decimals={1} />
      </Section>
      <PriorityFires />
      <Section id="fop" slot={sectionSlot('fop')}>
        <ReportNumbers section="fop" />
      </Section>
      <Section id="preparedness" slot={sectionSlot('preparedness')}>
        {Object.entries(SCALE_LABELS).map(([name, [scale, count]]) => (
          <RadioScale
            key={name}
            name={name}
            label={t(`field.${name}`)}
            labels={Array.from({ length: count }, (_, i) => t(`scale.${scale}.${i + 1}`))}
          />
        ))}
        <div className="field field-total">
          <span className="label">{t('field.suggested')}</span>{' '}
          <output aria-label={t('field.suggested')}>{suggested ?? t('field.completeChoices')}</output>
        </div>
        <SelectField
          name="prep_level_override"
          label={t('field.prep_level_override')}
          numeric
          options={[0, 1, 2, 3, 4, 5].map((n) => ({
            value: n,
            label: n === 0 ? t('field.noOverride') : String(n),
          }))}
        />
        <TextField name="en_prep_comment" label={t('field.en_prep_comment')} multiline />
        <TextField name="fr_prep_comment" label={t('field.fr_prep_comment')} multiline />
      </Section>
      <Section id="porr" slot={sectionSlot('porr')}>
        <TextField name="en_porr_text" label={t('field.en_porr_text')} multiline />
        <TextField name="fr_porr_text" label={t('field.fr_porr_text')} multiline />
      </Section>
      <Section id="chh" slot={sectionSlot('chh')}>
        <ReportNumbers section="chh" />
      </Section>
      <GroupedMobilizations />
      <SimpleMobilizations list="mobs" id="mobs" bringForward />
      <SimpleMobilizations list="demobs" id="demobs" />
      <ResourceAvailability />
      <Section id="dutyOfficer" slot={sectionSlot('dutyOfficer')}>
        <TextField name="duty_officer" label={t('field.duty_officer')} />
        <TextField name="duty_officer_24_hour_cell" label={t('field.duty_officer_24_hour_cell')} type="tel" />
      </Section>
      <Section id="fireStatistics" note={dipNote}>
        <TextField
          name="fire_statistics_as_of"
          label={t('field.fire_statistics_as_of')}
          type="date"
          disabled={f.dipFeed}
        />
      </Section>
    </div>
  );
}
