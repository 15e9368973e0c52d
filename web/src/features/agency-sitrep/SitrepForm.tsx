import {
  AGENCY_CODES,
  type AgencySitrepData,
  EMPTY_RESOURCE_CHOICE,
  type MobilizationRow,
  type PriorityFireRow,
  type ResourceChoice,
  SITREP_SECTIONS,
  type SitrepFireOption,
  STAGES_OF_CONTROL,
  sitrepTotals,
  suggestedPreparednessLevel,
} from '@ciffc/contracts';
import { type ChangeEvent, createContext, type FocusEvent, type ReactNode, useContext } from 'react';
import { useIntl } from 'react-intl';
import { DecimalInput } from '../../shared/format/DecimalInput.tsx';
import { ResourcePicker } from '../../shared/resources/ResourcePicker.tsx';
import { type FieldElement, getIn, newKey } from './form-state.ts';

export interface FormApi {
  form: AgencySitrepData;
  errors: Record<string, string>;
  /** All fields disabled (locked, not editing, or a read-only copy). */
  disabled: boolean;
  /** The fire statistics groups are fed automatically (has_dip_feed). */
  dipFeed: boolean;
  /** National centre users see both language boxes of the operations summary. */
  bothLanguages: boolean;
  fireOptions: Record<string, SitrepFireOption>;
  previous: AgencySitrepData | null;
  /**
   * A value changed (validity checked on change). Its errors are cleared: the field's and those
   * under it, or exactly `clears` when given.
   */
  change: (name: string, value: unknown, el?: FieldElement | null, clears?: readonly string[]) => void;
  /** A field lost focus: validity check, then queue the change. */
  blur: (name: string, el?: FieldElement | null) => void;
  /** Replace several values at once (copies, bring forward, rows) and queue them, unless `queue: false`. */
  replace: (patch: Partial<AgencySitrepData>, options?: { queue?: boolean }) => void;
  /** Marks a field invalid or valid by name (resource pickers). */
  flag: (errors: Record<string, string | undefined>) => void;
}

const FormContext = createContext<FormApi | null>(null);
export const FormProvider = FormContext.Provider;

function useForm(): FormApi {
  const api = useContext(FormContext);
  if (!api) throw new Error('useForm outside the sitrep form');
  return api;
}

function useT() {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `agencySitrep.${id}` }, values);
}

const fieldId = (name: string) => `as-${name.replaceAll('.', '-')}`;

function ErrorText({ name }: { name: string }) {
  const { errors } = useForm();
  const message = errors[name];
  return message ? (
    <p id={`${fieldId(name)}-error`} className="field-error">
      {message}
    </p>
  ) : null;
}

function describedBy(errors: Record<string, string>, name: string) {
  return errors[name] ? `${fieldId(name)}-error` : undefined;
}

interface NumberFieldProps {
  name: string;
  label: string;
  integer?: boolean;
  min?: number;
  max?: number;
  required?: boolean;
  dip?: boolean;
  disabled?: boolean;
}

function NumberField({
  name,
  label,
  integer = true,
  min = 0,
  max,
  required,
  dip,
  disabled,
}: NumberFieldProps) {
  const f = useForm();
  const value = getIn(f.form, name);
  const off = f.disabled || disabled || (dip && f.dipFeed);
  return (
    <div className="field">
      <label htmlFor={fieldId(name)}>{label}</label>
      {integer ? (
        <input
          id={fieldId(name)}
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          required={required}
          disabled={off}
          value={typeof value === 'number' ? value : ''}
          aria-invalid={f.errors[name] ? true : undefined}
          aria-describedby={describedBy(f.errors, name)}
          onChange={(e) => {
            const n = e.target.valueAsNumber;
            f.change(name, Number.isNaN(n) ? null : n, e.target);
          }}
          onBlur={(e) => f.blur(name, e.target)}
        />
      ) : (
        // Decimals in the page's language: "14445,9" in French (a browser number field would not).
        <DecimalInput
          id={fieldId(name)}
          name={name}
          min={min}
          max={max}
          required={required}
          disabled={off}
          value={typeof value === 'number' ? value : null}
          aria-invalid={f.errors[name] ? true : undefined}
          aria-describedby={describedBy(f.errors, name)}
          onValue={(n, el) => f.change(name, n, el)}
          onBlur={(e) => f.blur(name, e.target)}
        />
      )}
      <ErrorText name={name} />
    </div>
  );
}

function TextField({
  name,
  label,
  multiline,
  required,
  type = 'text',
  list,
  disabled,
  onValue,
}: {
  name: string;
  label: string;
  multiline?: boolean;
  required?: boolean;
  type?: 'text' | 'tel' | 'date';
  list?: string;
  disabled?: boolean;
  onValue?: (value: string) => void;
}) {
  const f = useForm();
  const value = getIn(f.form, name);
  const common = {
    id: fieldId(name),
    name,
    required,
    disabled: f.disabled || disabled,
    value: typeof value === 'string' ? value : '',
    'aria-invalid': f.errors[name] ? true : undefined,
    'aria-describedby': describedBy(f.errors, name),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      f.change(name, e.target.value, e.target);
      onValue?.(e.target.value);
    },
    onBlur: (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => f.blur(name, e.target),
  };
  return (
    <div className="field">
      <label htmlFor={fieldId(name)}>{label}</label>
      {multiline ? <textarea rows={4} {...common} /> : <input type={type} list={list} {...common} />}
      <ErrorText name={name} />
    </div>
  );
}

function SelectField({
  name,
  label,
  options,
  numeric,
}: {
  name: string;
  label: string;
  options: { value: string | number; label: string }[];
  numeric?: boolean;
}) {
  const f = useForm();
  const t = useT();
  const value = getIn(f.form, name);
  return (
    <div className="field">
      <label htmlFor={fieldId(name)}>{label}</label>
      <select
        id={fieldId(name)}
        name={name}
        disabled={f.disabled}
        value={value == null ? '' : String(value)}
        aria-invalid={f.errors[name] ? true : undefined}
        aria-describedby={describedBy(f.errors, name)}
        onChange={(e) => {
          const v = e.target.value;
          f.change(name, v === '' ? null : numeric ? Number(v) : v, e.target);
        }}
        onBlur={(e) => f.blur(name, e.target)}
      >
        <option value="">{t('choose')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorText name={name} />
    </div>
  );
}

function RadioScale({ name, label, labels }: { name: string; label: string; labels: string[] }) {
  const f = useForm();
  const value = getIn(f.form, name);
  return (
    <fieldset className="radio-scale" aria-describedby={describedBy(f.errors, name)}>
      <legend>{label}</legend>
      {labels.map((text, i) => {
        const v = i + 1;
        const id = `${fieldId(name)}-${v}`;
        return (
          <span key={v} className="radio">
            <input
              type="radio"
              id={id}
              name={name}
              value={v}
              checked={value === v}
              disabled={f.disabled}
              onChange={(e) => f.change(name, v, e.target)}
              onBlur={(e) => f.blur(name, e.target)}
            />
            <label htmlFor={id}>
              {v} - {text}
            </label>
          </span>
        );
      })}
      <ErrorText name={name} />
    </fieldset>
  );
}

function Output({ label, value, decimals = 0 }: { label: string; value: number; decimals?: number }) {
  const intl = useIntl();
  return (
    <div className="field field-total">
      <span className="label">{label}</span>{' '}
      <output aria-label={label}>
        {intl.formatNumber(value, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}
      </output>
    </div>
  );
}

function Section({
  id,
  children,
  slot,
  note,
}: {
  id: string;
  children: ReactNode;
  slot?: string;
  note?: ReactNode;
}) {
  const f = useForm();
  const t = useT();
  const message = slot ? f.errors[slot] : undefined;
  return (
    <section className="sitrep-section" aria-labelledby={`as-section-${id}`}>
      <h2 id={`as-section-${id}`}>{t(`section.${id}`)}</h2>
      {note}
      {message ? (
        <p className="alert alert-error" role="alert">
          {message}
        </p>
      ) : null}
      {children}
    </section>
  );
}

/**
 * The validation slot of a section. Two sections share form_11 (mobilizations and the duty
 * officer): the message shows once, at the first of them.
 */
const slot = (id: string) => {
  const section = SITREP_SECTIONS.find((s) => s.id === id);
  return section && SITREP_SECTIONS.find((s) => s.slot === section.slot) === section
    ? section.slot
    : undefined;
};

function useRowActions<K extends 'priority_fires' | 'mobs_grouped' | 'mobs' | 'demobs' | 'rars'>(list: K) {
  const f = useForm();
  const t = useT();
  const rows = (f.form[list] ?? []) as NonNullable<AgencySitrepData[K]>;
  return {
    rows,
    // An added row is empty: it is sent with the next valid blur, not on its own.
    add: (row: NonNullable<AgencySitrepData[K]>[number]) =>
      f.replace({ [list]: [...rows, row] } as Partial<AgencySitrepData>, { queue: false }),
    remove: (index: number) => {
      if (!window.confirm(t('confirm.delete'))) return;
      f.replace({ [list]: rows.filter((_, i) => i !== index) } as Partial<AgencySitrepData>);
    },
  };
}

/** Bring forward (docs/spec/data-entry.md 4.5): nothing → alert; else confirm, then replace. */
function BringForward({ fields }: { fields: (keyof AgencySitrepData)[] }) {
  const f = useForm();
  const t = useT();
  if (f.disabled) return null;
  const onClick = () => {
    const prev = f.previous as Record<string, unknown> | null;
    const has = (v: unknown) => (Array.isArray(v) ? v.length > 0 : v != null && v !== '');
    if (!prev || !fields.some((k) => has(prev[k]))) {
      window.alert(t('alert.nothingToBringForward'));
      return;
    }
    if (!window.confirm(t('confirm.bringForward'))) return;
    const patch: Record<string, unknown> = {};
    for (const k of fields) patch[k] = structuredClone(prev[k] ?? (Array.isArray(f.form[k]) ? [] : null));
    f.replace(patch as Partial<AgencySitrepData>);
  };
  // On its own line above the fields, not squeezed into their row (issue 9, item 9).
  return (
    <p className="bring-forward">
      <button type="button" className="button button-secondary" onClick={onClick}>
        {t('action.bringForward')}
      </button>
    </p>
  );
}

function RemoveButton({ onClick, label }: { onClick: () => void; label: string }) {
  const f = useForm();
  const t = useT();
  if (f.disabled) return null;
  return (
    <button
      type="button"
      className="button button-link"
      onClick={onClick}
      aria-label={`${t('action.remove')}: ${label}`}
    >
      {t('action.remove')}
    </button>
  );
}

function AddButton({ onClick, label }: { onClick: () => void; label?: string }) {
  const f = useForm();
  const t = useT();
  if (f.disabled) return null;
  return (
    <button type="button" className="button button-secondary" onClick={onClick}>
      {label ?? t('action.add')}
    </button>
  );
}

function Picker({ name, legend }: { name: string; legend: string }) {
  const f = useForm();
  const t = useT();
  const raw = (getIn(f.form, name) ?? {}) as Partial<ResourceChoice> & { amount?: number | null };
  const value: ResourceChoice = {
    category: raw.category ?? '',
    subcategory: raw.subcategory ?? '',
    item: raw.item ?? '',
  };
  return (
    <ResourcePicker
      name={name}
      legend={legend}
      value={value}
      disabled={f.disabled}
      errors={{
        category: f.errors[`${name}.category`],
        subcategory: f.errors[`${name}.subcategory`],
        item: f.errors[`${name}.item`],
      }}
      // The choice's own errors only: the amount beside it keeps its error.
      onChange={(next) =>
        f.change(name, { ...raw, ...next }, null, [
          name,
          `${name}.category`,
          `${name}.subcategory`,
          `${name}.item`,
        ])
      }
      onBlur={() => {
        const required = t('error.required');
        f.flag({
          [`${name}.category`]: value.category ? undefined : required,
          [`${name}.subcategory`]: value.subcategory ? undefined : required,
          [`${name}.item`]: value.item ? undefined : required,
        });
        f.blur(name);
      }}
    />
  );
}

function PriorityFires() {
  const f = useForm();
  const t = useT();
  const { rows, add, remove } = useRowActions('priority_fires');
  const known = Object.keys(f.fireOptions);
  const copyKnown = (index: number, name: string) => {
    const option = f.fireOptions[name];
    const row = rows[index];
    if (!option || !row || row.fires === name) return;
    if (!window.confirm(t('confirm.copyFire', { name }))) return;
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
    <Section id="priorityFires" slot={slot('priorityFires')}>
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
              label={t('field.fires')}
              required
              list="as-fire-options"
              onValue={(v) => {
                if (f.fireOptions[v]) copyKnown(i, v);
              }}
            />
            <NumberField
              name={`${p}.latitude`}
              label={t('field.latitude')}
              integer={false}
              min={-90}
              max={90}
            />
            <NumberField
              name={`${p}.longitude`}
              label={t('field.longitude')}
              integer={false}
              min={-180}
              max={180}
            />
            <SelectField
              name={`${p}.stage_of_control`}
              label={t('field.stage_of_control')}
              options={STAGES_OF_CONTROL.map((s) => ({ value: s, label: s }))}
            />
            <NumberField name={`${p}.size`} label={t('field.size')} integer={false} />
            <SelectField
              name={`${p}.incident_type`}
              label={t('field.incident_type')}
              numeric
              options={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: String(n) }))}
            />
            <NumberField
              name={`${p}.percent_contained`}
              label={t('field.percent_contained')}
              integer={false}
              max={100}
            />
            <TextField name={`${p}.comments_en`} label={t('field.comments_en')} multiline />
            <TextField name={`${p}.comments_fr`} label={t('field.comments_fr')} multiline />
            <RemoveButton onClick={() => remove(i)} label={row.fires || t('row', { n: i + 1 })} />
          </fieldset>
        );
      })}
      <AddButton onClick={() => add({ key: newKey('p'), fires: '' })} />
    </Section>
  );
}

function AgencyList() {
  return (
    <datalist id="as-agency-codes">
      {[...AGENCY_CODES, 'ciffc', 'us', 'au', 'nz', 'za', 'mx'].map((c) => (
        <option key={c} value={c} />
      ))}
    </datalist>
  );
}

const emptyMob = (group?: string, to = '', from = ''): MobilizationRow => ({
  key: newKey('m'),
  ...(group ? { group } : {}),
  to,
  from,
  resources: { ...EMPTY_RESOURCE_CHOICE, amount: 1 },
});

function MobRow({
  list,
  index,
  lockedToFrom,
}: {
  list: 'mobs_grouped' | 'mobs' | 'demobs';
  index: number;
  lockedToFrom?: boolean;
}) {
  const t = useT();
  const p = `${list}.${index}`;
  return (
    <>
      <TextField
        name={`${p}.to`}
        label={t('field.to')}
        required
        list="as-agency-codes"
        disabled={lockedToFrom}
      />
      <NumberField name={`${p}.resources.amount`} label={t('field.amount')} min={1} required />
      <Picker
        name={`${p}.resources`}
        legend={`${t(`section.${list === 'mobs_grouped' ? 'mobsGrouped' : list}`)} – ${t('row', { n: index + 1 })}`}
      />
      <TextField
        name={`${p}.from`}
        label={t('field.from')}
        required
        list="as-agency-codes"
        disabled={lockedToFrom}
      />
    </>
  );
}

/** Grouped mobilizations: later rows of a group take To and From from its first row, locked. */
function GroupedMobilizations() {
  const t = useT();
  const { rows, add, remove } = useRowActions('mobs_grouped');
  const groups: string[] = [];
  for (const r of rows) if (!groups.includes(r.group ?? '')) groups.push(r.group ?? '');
  return (
    <Section id="mobsGrouped" slot={slot('mobilizations')}>
      {rows.length === 0 ? <p>{t('empty')}</p> : null}
      {groups.map((g, gi) => {
        const members = rows.map((r, i) => ({ r, i })).filter(({ r }) => (r.group ?? '') === g);
        const head = members[0]?.r;
        return (
          <fieldset key={g || 'none'} className="sitrep-group">
            <legend>{t('group', { n: gi + 1 })}</legend>
            {members.map(({ r, i }, k) => (
              <div key={r.key ?? i} className="sitrep-row">
                <MobRow list="mobs_grouped" index={i} lockedToFrom={k > 0} />
                <RemoveButton onClick={() => remove(i)} label={t('row', { n: i + 1 })} />
              </div>
            ))}
            <AddButton onClick={() => add(emptyMob(g || newKey('g'), head?.to ?? '', head?.from ?? ''))} />
          </fieldset>
        );
      })}
      <AddButton label={t('action.addGroup')} onClick={() => add(emptyMob(newKey('g')))} />
    </Section>
  );
}

function SimpleMobilizations({
  list,
  id,
  bringForward,
}: {
  list: 'mobs' | 'demobs';
  id: string;
  bringForward?: boolean;
}) {
  const t = useT();
  const { rows, add, remove } = useRowActions(list);
  return (
    <Section id={id}>
      {bringForward ? <BringForward fields={[list]} /> : null}
      {rows.length === 0 ? <p>{t('empty')}</p> : null}
      {rows.map((r, i) => (
        <fieldset key={r.key ?? i} className="sitrep-row">
          <legend>
            {t(`section.${id}`)} – {t('row', { n: i + 1 })}
          </legend>
          <MobRow list={list} index={i} />
          <RemoveButton onClick={() => remove(i)} label={t('row', { n: i + 1 })} />
        </fieldset>
      ))}
      <AddButton onClick={() => add(emptyMob())} />
    </Section>
  );
}

function ResourceAvailability() {
  const t = useT();
  const { rows, add, remove } = useRowActions('rars');
  return (
    <Section id="rars">
      {rows.length === 0 ? <p>{t('empty')}</p> : null}
      {rows.map((r, i) => (
        <fieldset key={r.key ?? i} className="sitrep-row">
          <legend>
            {t('section.rars')} – {t('row', { n: i + 1 })}
          </legend>
          <NumberField name={`rars.${i}.available`} label={t('field.available')} min={1} required />
          <Picker name={`rars.${i}.resources`} legend={`${t('section.rars')} – ${t('row', { n: i + 1 })}`} />
          <RemoveButton onClick={() => remove(i)} label={t('row', { n: i + 1 })} />
        </fieldset>
      ))}
      <AddButton
        onClick={() => add({ key: newKey('r'), available: 1, resources: { ...EMPTY_RESOURCE_CHOICE } })}
      />
    </Section>
  );
}

const SCALE_LABELS: Record<string, [string, number]> = {
  current_fire_hazard: ['hazard', 5],
  current_fire_load: ['hazard', 5],
  expected_fire_load: ['hazard', 5],
  agency_resource_levels: ['resources', 4],
  ciffc_response_capacity: ['capacity', 5],
};

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
      <Section id="opsSummary" slot={slot('opsSummary')}>
        {opsBoxes.map((l) => (
          <TextField key={l} name={`${l}_ops_summary`} label={t(`field.${l}_ops_summary`)} multiline />
        ))}
      </Section>
      <Section id="newFires" slot={slot('newFires')} note={dipNote}>
        <NumberField name="a_ltg" label={t('field.a_ltg')} dip />
        <NumberField name="a_hum" label={t('field.a_hum')} dip />
        <NumberField name="a_oth" label={t('field.a_oth')} dip />
        <Output label={t('field.a_total')} value={totals.a_total} />
      </Section>
      <Section id="fullResponse" slot={slot('fullResponse')} note={dipNote}>
        <NumberField name="b_oc" label={t('field.b_oc')} dip />
        <NumberField name="b_bh" label={t('field.b_bh')} dip />
        <NumberField name="b_uc" label={t('field.b_uc')} dip />
        <NumberField name="b_active_hectares" label={t('field.b_active_hectares')} integer={false} dip />
        <NumberField name="b_total_out" label={t('field.b_total_out')} dip />
        <NumberField name="b_out_hectares" label={t('field.b_out_hectares')} integer={false} dip />
        <Output label={t('field.b_active')} value={totals.b_active} />
        <Output label={t('field.b_total_fires')} value={totals.b_total_fires} />
        <Output label={t('field.b_total_area')} value={totals.b_total_area} decimals={1} />
      </Section>
      <Section id="modifiedResponse" slot={slot('modifiedResponse')} note={dipNote}>
        <NumberField name="c_act" label={t('field.act')} dip />
        <NumberField name="c_out" label={t('field.out')} dip />
        <NumberField name="c_total_hectares" label={t('field.total_hectares')} integer={false} dip />
      </Section>
      <Section id="monitoredResponse" slot={slot('monitoredResponse')} note={dipNote}>
        <NumberField name="c2_act" label={t('field.act')} dip />
        <NumberField name="c2_out" label={t('field.out')} dip />
        <NumberField name="c2_total_hectares" label={t('field.total_hectares')} integer={false} dip />
      </Section>
      <Section id="prescribedFires" slot={slot('prescribedFires')}>
        <BringForward fields={['e_act', 'e_out', 'e_total_hectares']} />
        <NumberField name="e_act" label={t('field.act')} />
        <NumberField name="e_out" label={t('field.out')} />
        <NumberField name="e_total_hectares" label={t('field.total_hectares')} integer={false} />
      </Section>
      <Section id="overall">
        <Output label={t('field.overall_fires')} value={totals.overall_fires} />
        <Output label={t('field.overall_area')} value={totals.overall_area} decimals={1} />
      </Section>
      <PriorityFires />
      <Section id="fop" slot={slot('fop')}>
        <NumberField name="fop_ltg" label={t('field.fop_ltg')} />
        <NumberField name="fop_nat" label={t('field.fop_nat')} />
      </Section>
      <Section id="preparedness" slot={slot('preparedness')}>
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
      <Section id="porr" slot={slot('porr')}>
        <TextField name="en_porr_text" label={t('field.en_porr_text')} multiline />
        <TextField name="fr_porr_text" label={t('field.fr_porr_text')} multiline />
      </Section>
      <Section id="chh" slot={slot('chh')}>
        <NumberField name="chh_light" label={t('field.chh_light')} />
        <NumberField name="chh_int" label={t('field.chh_int')} />
        <NumberField name="chh_med" label={t('field.chh_med')} />
        <NumberField name="chh_heavy" label={t('field.chh_heavy')} />
      </Section>
      <GroupedMobilizations />
      <SimpleMobilizations list="mobs" id="mobs" bringForward />
      <SimpleMobilizations list="demobs" id="demobs" />
      <ResourceAvailability />
      <Section id="dutyOfficer" slot={slot('dutyOfficer')}>
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
