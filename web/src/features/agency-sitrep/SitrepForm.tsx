import {
  REPORT_FIELDS,
  REPORT_TEXT_FIELDS,
  type ReportFieldSpec,
  type ReportNumberSection,
  type ReportTextSection,
  type ReportTextSpec,
  reportFieldsOf,
  reportTextsOf,
  SITREP_PREPAREDNESS_FIELDS,
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
import { type SitrepMessageId, useT } from './useT.ts';

/** Each scale's steps, lowest first: the ids themselves, so a step without its words is a type error. */
const SCALES = {
  hazard: ['scale.hazard.1', 'scale.hazard.2', 'scale.hazard.3', 'scale.hazard.4', 'scale.hazard.5'],
  resources: ['scale.resources.1', 'scale.resources.2', 'scale.resources.3', 'scale.resources.4'],
  capacity: [
    'scale.capacity.1',
    'scale.capacity.2',
    'scale.capacity.3',
    'scale.capacity.4',
    'scale.capacity.5',
  ],
} as const satisfies Record<string, readonly SitrepMessageId[]>;

const SCALE_OF = {
  current_fire_hazard: 'hazard',
  current_fire_load: 'hazard',
  expected_fire_load: 'hazard',
  agency_resource_levels: 'resources',
  ciffc_response_capacity: 'capacity',
} as const satisfies Record<(typeof SITREP_PREPAREDNESS_FIELDS)[number], keyof typeof SCALES>;

/** The numbers of a section as the field registry lists them: label, bounds, feed and section name from their entry. */
function ReportNumbers({ section }: { section: ReportNumberSection }) {
  const t = useT();
  return reportFieldsOf(section).map((code) => {
    const f: ReportFieldSpec = REPORT_FIELDS[code];
    return (
      <NumberField
        key={code}
        name={code}
        // The entry's own literal label: a registry label missing from the catalogue is a type error.
        label={t(REPORT_FIELDS[code].label)}
        dip={f.dipFeed}
        sectionInName={f.sectionInName}
      />
    );
  });
}

const INPUT_TYPES = { text: 'text', line: 'text', tel: 'tel', date: 'date' } as const;

/**
 * The texts of a section as the field registry lists them (those in `lang` only, when given):
 * label, input, most characters and feed from their entry.
 */
function ReportTexts({ section, lang }: { section: ReportTextSection; lang?: 'en' | 'fr' }) {
  const t = useT();
  const f = useForm();
  return reportTextsOf(section).map((code) => {
    const spec: ReportTextSpec = REPORT_TEXT_FIELDS[code];
    if (lang && spec.lang !== lang) return null;
    return (
      <TextField
        key={code}
        name={code}
        // The entry's own literal label: a registry label missing from the catalogue is a type error.
        label={t(REPORT_TEXT_FIELDS[code].label)}
        multiline={spec.kind === 'text' || undefined}
        type={INPUT_TYPES[spec.kind]}
        disabled={spec.dipFeed ? f.dipFeed : undefined}
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
  // One language's box unless the agency writes both (the page's language).
  const opsLang = f.bothLanguages ? undefined : intl.locale.startsWith('fr') ? 'fr' : 'en';
  return (
    <div className="sitrep-form">
      <AgencyList />
      <Section id="opsSummary" slot={sectionSlot('opsSummary')}>
        <ReportTexts section="opsSummary" lang={opsLang} />
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
        {SITREP_PREPAREDNESS_FIELDS.map((name) => (
          <RadioScale
            key={name}
            name={name}
            label={t(`field.${name}`)}
            labels={SCALES[SCALE_OF[name]].map((id) => t(id))}
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
        <ReportTexts section="preparedness" />
      </Section>
      <Section id="porr" slot={sectionSlot('porr')}>
        <ReportTexts section="porr" />
      </Section>
      <Section id="chh" slot={sectionSlot('chh')}>
        <ReportNumbers section="chh" />
      </Section>
      <GroupedMobilizations />
      <SimpleMobilizations list="mobs" id="mobs" bringForward />
      <SimpleMobilizations list="demobs" id="demobs" />
      <ResourceAvailability />
      <Section id="dutyOfficer" slot={sectionSlot('dutyOfficer')}>
        <ReportTexts section="dutyOfficer" />
      </Section>
      <Section id="fireStatistics" note={dipNote}>
        <ReportTexts section="fireStatistics" />
      </Section>
    </div>
  );
}
