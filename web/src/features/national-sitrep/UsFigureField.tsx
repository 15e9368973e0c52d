import { US_ACRES_MAX, US_FIRE_COUNT_MAX } from '@ciffc/contracts';
import { useIntl } from 'react-intl';
import { NumberInput } from '../../shared/format/NumberInput.tsx';
import type { MessageId } from '../../shared/i18n/message-id.ts';
import { FieldError } from './FieldError.tsx';
import { describedBy, type NationalEditor } from './national-editor.ts';

/** A figure of US fire activity: fires as a count, acres as a decimal in the page's language. */
export function UsFigureField({
  editor,
  name,
  labelId,
  decimals,
}: {
  editor: NationalEditor;
  name: 'us_fires' | 'us_acres' | 'us_ytd_fires' | 'us_ytd_acres';
  labelId: MessageId;
  decimals: boolean;
}) {
  const intl = useIntl();
  const { form, errors, disabled, set, onBlurField } = editor;
  return (
    <div className="field">
      <label htmlFor={name}>{intl.formatMessage({ id: labelId })}</label>
      <NumberInput
        id={name}
        name={name}
        integer={!decimals}
        min={0}
        max={decimals ? US_ACRES_MAX : US_FIRE_COUNT_MAX}
        value={form[name]}
        disabled={disabled}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(errors, name)}
        onValue={(n) => set(name, n)}
        onBlur={(e) => onBlurField(e, name)}
      />
      <FieldError errors={errors} name={name} />
    </div>
  );
}
