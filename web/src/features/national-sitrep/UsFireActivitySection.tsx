import { useIntl } from 'react-intl';
import type { MessageId } from '../../app/messages.ts';
import { LevelScale } from './LevelScale.tsx';
import type { NationalEditor } from './national-editor.ts';
import { Section } from './Section.tsx';
import { UsFigureField } from './UsFigureField.tsx';

/** US fire activity: the US preparedness level, today's and the year's fires and acres. */
export function UsFireActivitySection({
  editor,
  slot,
}: {
  editor: NationalEditor;
  slot: string | undefined;
}) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { form, errors, disabled, set, queueNow } = editor;
  return (
    <Section id="ns-us" title={t('nationalSitrep.section.us')} slot={slot}>
      <LevelScale
        name="us_preparedness_level"
        legend={t('nationalSitrep.usLevel')}
        isChecked={(level) => form.us_preparedness_level === Number(level)}
        onPick={(level) => {
          set('us_preparedness_level', Number(level));
          queueNow();
        }}
        disabled={disabled}
        errors={errors}
      />
      <div className="field-row">
        <UsFigureField editor={editor} name="us_fires" labelId="nationalSitrep.usFires" decimals={false} />
        <UsFigureField editor={editor} name="us_acres" labelId="nationalSitrep.usAcres" decimals />
        <UsFigureField
          editor={editor}
          name="us_ytd_fires"
          labelId="nationalSitrep.usYtdFires"
          decimals={false}
        />
        <UsFigureField editor={editor} name="us_ytd_acres" labelId="nationalSitrep.usYtdAcres" decimals />
      </div>
      <p className="field-hint">{t('nationalSitrep.acreNote')}</p>
    </Section>
  );
}
