import { type MobRow, RESOURCE_COUNT_MAX } from '@ciffc/contracts';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../app/messages.ts';
import { NumberInput } from '../../shared/format/NumberInput.tsx';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { ResourcePicker } from '../../shared/resources/ResourcePicker.tsx';
import { PLACES, placeLabel } from './places.ts';

let nextKey = 1;
const newRowKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${nextKey++}`;

const emptyMobRow = (group: string, to = '', from = ''): MobRow => ({
  key: newRowKey('row'),
  group,
  to,
  from,
  resources: { amount: 1, category: '', subcategory: '', item: '' },
});

interface Props {
  /** `mobs_grouped` (grouped by destination) or `demobs` (one row each). */
  field: 'mobs_grouped' | 'demobs';
  rows: MobRow[];
  disabled: boolean;
  errors: Record<string, string>;
  onChange: (rows: MobRow[]) => void;
  onBlurField: (event: React.FocusEvent<HTMLElement>, name: string) => void;
  onQueue: () => void;
}

/** Mobilization rows: To, the resource with its amount and label, From; rows after the first of a group copy and lock To and From. */
export function MobRowsEditor({ field, rows, disabled, errors, onChange, onBlurField, onQueue }: Props) {
  const intl = useIntl();
  const { locale } = useLocale();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const grouped = field === 'mobs_grouped';

  const groups: { group: string; indexes: number[] }[] = [];
  rows.forEach((row, i) => {
    const g = grouped ? row.group : row.key;
    const found = groups.find((x) => x.group === g);
    if (found) found.indexes.push(i);
    else groups.push({ group: g, indexes: [i] });
  });

  const update = (i: number, patch: Partial<MobRow>) => {
    const next = rows.map((r, j) => (j === i ? { ...r, ...patch } : r));
    // 4.6: rows after the first of a group take to and from from the first row.
    if (grouped && (patch.to !== undefined || patch.from !== undefined)) {
      const first = next[i] as MobRow;
      for (let j = 0; j < next.length; j++) {
        const r = next[j] as MobRow;
        if (j !== i && r.group === first.group) next[j] = { ...r, to: first.to, from: first.from };
      }
    }
    onChange(next);
  };

  const remove = (i: number) => {
    if (!window.confirm(t('nationalSitrep.confirmDelete'))) return;
    onChange(rows.filter((_, j) => j !== i));
    onQueue();
  };

  const addToGroup = (group: string) => {
    const first = rows.find((r) => r.group === group);
    onChange([...rows, emptyMobRow(group, first?.to ?? '', first?.from ?? '')]);
  };

  const addGroup = () => {
    const group = newRowKey('group');
    onChange([...rows, emptyMobRow(group)]);
  };

  const placeSelect = (i: number, which: 'to' | 'from', locked: boolean) => {
    const row = rows[i] as MobRow;
    const name = `${field}.${i}.${which}`;
    const id = `${field}-${row.key}-${which}`;
    const error = errors[name];
    return (
      <div className="field">
        <label htmlFor={id}>
          {t(which === 'to' ? 'nationalSitrep.mobs.to' : 'nationalSitrep.mobs.from')}
        </label>
        <select
          id={id}
          name={name}
          required
          value={row[which]}
          disabled={disabled || locked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => update(i, { [which]: e.target.value })}
          onBlur={(e) => onBlurField(e, name)}
        >
          <option value="">{t('nationalSitrep.choose')}</option>
          {PLACES.map((p) => (
            <option key={p} value={p}>
              {placeLabel(p, locale)}
            </option>
          ))}
        </select>
        {error ? (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <div className="mob-rows">
      {groups.length === 0 ? <p>{t('nationalSitrep.mobs.none')}</p> : null}
      {groups.map((g, gi) => (
        <fieldset key={g.group} className="mob-group">
          <legend>
            {grouped
              ? t('nationalSitrep.mobs.group', {
                  n: gi + 1,
                  to: rows[g.indexes[0] as number]?.to
                    ? placeLabel((rows[g.indexes[0] as number] as MobRow).to, locale)
                    : '—',
                })
              : t('nationalSitrep.mobs.row', { n: gi + 1 })}
          </legend>
          {g.indexes.map((i, position) => {
            const row = rows[i] as MobRow;
            const locked = grouped && position > 0;
            const amountName = `${field}.${i}.resources`;
            const amountId = `${field}-${row.key}-amount`;
            const resourceError = errors[amountName];
            return (
              <div key={row.key} className="mob-row" data-row={i}>
                {placeSelect(i, 'to', locked)}
                <div className="mob-resource">
                  <div className="field">
                    <label htmlFor={amountId}>{t('nationalSitrep.mobs.amount')}</label>
                    <NumberInput
                      id={amountId}
                      integer
                      min={1}
                      max={RESOURCE_COUNT_MAX}
                      required
                      name={`${field}.${i}.resources.amount`}
                      value={row.resources.amount ?? null}
                      disabled={disabled}
                      aria-invalid={resourceError ? true : undefined}
                      onValue={(amount) => update(i, { resources: { ...row.resources, amount } })}
                      onBlur={(e) => onBlurField(e, amountName)}
                    />
                  </div>
                  <ResourcePicker
                    value={row.resources}
                    legend={t('nationalSitrep.mobs.resourceOf', { n: i + 1 })}
                    disabled={disabled}
                    name={`${field}.${i}.resources`}
                    onChange={(choice) => update(i, { resources: { ...row.resources, ...choice } })}
                    onBlur={() => {
                      if (row.resources.category && row.resources.subcategory && row.resources.item)
                        onQueue();
                    }}
                  />
                  {field === 'mobs_grouped' ? (
                    <div className="field">
                      <label htmlFor={`${field}-${row.key}-label`}>{t('nationalSitrep.mobs.label')}</label>
                      <input
                        id={`${field}-${row.key}-label`}
                        type="text"
                        maxLength={200}
                        name={`${field}.${i}.label`}
                        value={row.label ?? ''}
                        disabled={disabled}
                        onChange={(e) => update(i, { label: e.target.value })}
                        onBlur={(e) => onBlurField(e, `${field}.${i}.label`)}
                      />
                    </div>
                  ) : null}
                  {resourceError ? <p className="field-error">{resourceError}</p> : null}
                </div>
                {placeSelect(i, 'from', locked)}
                {disabled ? null : (
                  <button type="button" className="button button-small" onClick={() => remove(i)}>
                    {t('nationalSitrep.remove')}
                  </button>
                )}
              </div>
            );
          })}
          {disabled || !grouped ? null : (
            <button type="button" className="button button-link" onClick={() => addToGroup(g.group)}>
              {t('nationalSitrep.addItem')}
            </button>
          )}
        </fieldset>
      ))}
      {disabled ? null : (
        <button
          type="button"
          className="button button-link"
          onClick={grouped ? addGroup : () => onChange([...rows, emptyMobRow(newRowKey('d'))])}
        >
          {grouped ? t('nationalSitrep.mobs.addDestination') : t('nationalSitrep.addItem')}
        </button>
      )}
    </div>
  );
}
