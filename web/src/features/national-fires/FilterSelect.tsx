import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../shared/i18n/message-id.ts';
import type { CodeName } from './api.ts';

/** A filter of the list (agency, stage of control, response type), "any" first. */
export function FilterSelect({
  name,
  labelId,
  anyId,
  value,
  options,
  onChange,
}: {
  name: string;
  labelId: MessageId;
  anyId: MessageId;
  value: string | undefined;
  options: CodeName[];
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  const intl = useIntl();
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage id={labelId} />
      </label>
      <select id={id} name={name} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">{intl.formatMessage({ id: anyId })}</option>
        {options.map((o) => (
          <option key={o.field_code} value={o.field_code}>
            {o.field_name}
          </option>
        ))}
      </select>
    </div>
  );
}
