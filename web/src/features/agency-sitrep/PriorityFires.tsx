import {
  type PriorityFireRow,
  REPORT_ROW_FIELDS,
  STAGES_OF_CONTROL,
  type StageOfControl,
} from '@ciffc/contracts';
import { AddButton } from './AddButton.tsx';
import { BringForward } from './BringForward.tsx';
import { newKey } from './form-state.ts';
import { NumberField } from './NumberField.tsx';
import { RemoveButton } from './RemoveButton.tsx';
import { Section } from './Section.tsx';
import { SelectField } from './SelectField.tsx';
import { sectionSlot } from './section-slot.ts';
import { TextField } from './TextField.tsx';
import { useForm } from './useForm.ts';
import { useRowActions } from './useRowActions.ts';
import { type SitrepMessageId, useT } from './useT.ts';

/** A stage's words and its code in the page's language, as the sections above name them: « Hors de contrôle (HC) ». */
/** The row's typed fields: labels and bounds from the row registry. */
const P = REPORT_ROW_FIELDS.priorityFire;

const STAGE_LABELS: Record<StageOfControl, SitrepMessageId> = {
  OC: 'field.b_oc',
  BH: 'field.b_bh',
  UC: 'field.b_uc',
  OUT: 'stage.OUT',
};

/** Priority fires: a known fire id offers to copy the fire's data (docs/spec/data-entry.md 2.1). */
export function PriorityFires() {
  const f = useForm();
  const t = useT();
  const { rows, add, remove } = useRowActions('priority_fires');
  const known = Object.keys(f.fireOptions);
  const copyKnown = (index: number, name: string) => {
    const option = f.fireOptions[name];
    const row = rows[index];
    if (!option || !row || row.fires === name) return;
    // The question names what the known fire has, and says what it lacks and so leaves as typed.
    const noType = option.incident_type === null;
    const noPercent = option.percent_contained === null;
    const lacks = noType && noPercent ? 'both' : noType ? 'incident' : noPercent ? 'percent' : 'none';
    if (!window.confirm(t('confirm.copyFire', { name, lacks }))) return;
    const next: PriorityFireRow = {
      ...row,
      fires: name,
      latitude: option.latitude,
      longitude: option.longitude,
      stage_of_control: option.stage_of_control,
      size: option.size,
      incident_type: option.incident_type ?? row.incident_type ?? null,
      percent_contained: option.percent_contained ?? row.percent_contained ?? null,
    };
    f.replace({ priority_fires: rows.map((r, i) => (i === index ? next : r)) });
  };
  return (
    <Section id="priorityFires" slot={sectionSlot('priorityFires')}>
      <datalist id="as-fire-options">
        {known.map((k) => (
          <option key={k} value={k} />
        ))}
      </datalist>
      <BringForward fields={['priority_fires']} />
      {rows.length === 0 ? <p>{t('empty')}</p> : null}
      {rows.map((row, i) => {
        const p = `priority_fires.${i}`;
        return (
          <fieldset key={row.key ?? i} className="sitrep-row">
            <legend>
              {t('section.priorityFires')} – {t('row', { n: i + 1 })}
            </legend>
            <TextField
              name={`${p}.fires`}
              label={t(P.fires.label)}
              required
              list="as-fire-options"
              onValue={(v) => {
                if (f.fireOptions[v]) copyKnown(i, v);
              }}
            />
            <NumberField name={`${p}.latitude`} label={t(P.latitude.label)} />
            <NumberField name={`${p}.longitude`} label={t(P.longitude.label)} />
            <SelectField
              name={`${p}.stage_of_control`}
              label={t('field.stage_of_control')}
              options={STAGES_OF_CONTROL.map((s) => ({ value: s, label: t(STAGE_LABELS[s]) }))}
            />
            <NumberField name={`${p}.size`} label={t(P.size.label)} />
            <SelectField
              name={`${p}.incident_type`}
              label={t(P.incident_type.label)}
              numeric
              options={Array.from({ length: P.incident_type.max - P.incident_type.min + 1 }, (_, k) => {
                const n = P.incident_type.min + k;
                return { value: n, label: String(n) };
              })}
            />
            <NumberField name={`${p}.percent_contained`} label={t(P.percent_contained.label)} />
            <TextField name={`${p}.comments_en`} label={t(P.comments_en.label)} multiline />
            <TextField name={`${p}.comments_fr`} label={t(P.comments_fr.label)} multiline />
            <RemoveButton onClick={() => remove(i)} label={row.fires || t('row', { n: i + 1 })} />
          </fieldset>
        );
      })}
      <AddButton onClick={() => add({ key: newKey('p'), fires: '' })} />
    </Section>
  );
}
