import { EMPTY_RESOURCE_CHOICE, REPORT_ROW_FIELDS } from '@ciffc/contracts';
import { AddButton } from './AddButton.tsx';
import { newKey } from './form-state.ts';
import { NumberField } from './NumberField.tsx';
import { Picker } from './Picker.tsx';
import { RemoveButton } from './RemoveButton.tsx';
import { Section } from './Section.tsx';
import { useRowActions } from './useRowActions.ts';
import { useT } from './useT.ts';

/** Resources available for sharing (rars): how many of which resource. */
export function ResourceAvailability() {
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
          <NumberField
            name={`rars.${i}.available`}
            label={t(REPORT_ROW_FIELDS.availability.available.label)}
            required
          />
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
